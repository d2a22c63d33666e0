import type { Redis } from "ioredis";
import type { Build, TenantTransaction } from "@fieldops/db";
import { publishEvent } from "@fieldops/events/company-stream";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import {
  buildLogLineSchema,
  type BuildLogLine,
  type BuildStageName,
  type BuildStageStatus,
  type BuildStatus,
} from "@fieldops/shared/builds";
import { z } from "zod";
import { buildStageTask } from "./build-stage.task.ts";

export type BuildRow = Build;

/** Queues stages of a build's current run as one flow: each starts when the one before it has passed. */
export async function queueBuildStages(
  queues: TaskQueues,
  build: Pick<BuildRow, "id" | "companyId" | "run">,
  stages: readonly BuildStageName[],
): Promise<void> {
  await queues.enqueueChain(
    buildStageTask,
    stages.map((stage) => ({
      payload: { companyId: build.companyId, buildId: build.id, run: build.run, stage },
      taskKey: `${build.id}_${stage}_r${build.run}`,
    })),
  );
}

/** Takes the build's row lock: stages, promotion, retry and rollback of one build take turns. */
export async function lockBuild(tx: TenantTransaction, buildId: string): Promise<BuildRow | null> {
  const [row] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM builds WHERE id = ${buildId}::uuid FOR UPDATE`;
  return row ? tx.build.findUnique({ where: { id: row.id } }) : null;
}

const storedLogSchema = z.array(buildLogLineSchema).catch([]);
const MAX_LOG_LINES = 1000;

/** Appends lines to a stage's stored log (the newest kept when it grows past the limit). */
export async function appendStageLog(
  tx: TenantTransaction,
  buildId: string,
  stage: BuildStageName,
  lines: readonly string[],
  now = new Date(),
): Promise<BuildLogLine[]> {
  const row = await tx.buildStage.findUniqueOrThrow({
    where: { buildId_stage: { buildId, stage } },
    select: { log: true },
  });
  const added = lines.map((message) => ({ at: now.toISOString(), message: message.slice(0, 2000) }));
  await tx.buildStage.update({
    where: { buildId_stage: { buildId, stage } },
    data: { log: [...storedLogSchema.parse(row.log), ...added].slice(-MAX_LOG_LINES) },
  });
  return added;
}

export interface BuildUpdate {
  buildId: string;
  status: BuildStatus;
  stage: BuildStageName | null;
  stageStatus: BuildStageStatus | null;
  lines?: readonly string[];
}

/** Tells the company's screens (the builds page, the monitor) what moved: one event per log line, or one without. */
export async function publishBuildUpdate(redis: Redis, companyId: string, update: BuildUpdate): Promise<void> {
  const lines = update.lines && update.lines.length > 0 ? update.lines : [null];
  for (const line of lines) {
    await publishEvent(
      redis,
      {
        name: "build.updated",
        payload: {
          buildId: update.buildId,
          status: update.status,
          stage: update.stage,
          stageStatus: update.stageStatus,
          line: line?.slice(0, 2000) ?? null,
        },
      },
      { companyId },
    );
  }
}

/** The company's custom objects changed with this build (installed, in preview, in production, rolled back). */
export async function publishObjectsChanged(redis: Redis, companyId: string, buildId: string): Promise<void> {
  await publishEvent(redis, { name: "custom_objects.changed", payload: { buildId } }, { companyId });
}
