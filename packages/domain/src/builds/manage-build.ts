import type { TenantTransaction } from "@fieldops/db";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import { BUILD_STAGES, BUILD_STAGE_LABELS, type BuildStageName } from "@fieldops/shared/builds";
import { rollbackCustomObjects } from "../custom-objects/rollback-custom-objects.ts";
import { endBetaModeWithoutPreviews } from "./end-beta-mode.ts";
import { conflict, notFound } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { appendStageLog, lockBuild, queueBuildStages, type BuildRow } from "./build-pipeline.ts";
import { buildChanged, customObjectsChanged } from "./builds-events.ts";

async function lockedBuild(tx: TenantTransaction, buildId: string): Promise<BuildRow> {
  const build = await lockBuild(tx, buildId);
  if (!build) throw notFound("Build not found");
  return build;
}

/** What a change to a build asks for: the stages to queue once it has committed (`queueAfterCommit`). */
export interface ChangedBuild {
  build: BuildRow;
  stages: BuildStageName[];
}

/** The owner's go-ahead for a build in preview: its production stage is queued (`queueAfterCommit`). Announced. */
export async function promoteBuild(
  { tx, actor, emit }: TenantScope<UserActor>,
  input: { buildId: string },
): Promise<ChangedBuild> {
  const build = await lockedBuild(tx, input.buildId);
  if (build.status === "promoting" || build.status === "production") {
    emit(buildChanged(build));
    return { build, stages: [] };
  }
  if (build.status !== "preview") throw conflict("Only a build in preview can be promoted");
  const promoted = await tx.build.update({
    where: { id: build.id },
    data: { status: "promoting", promotedByUserId: actor.userId },
  });
  await appendStageLog(tx, build.id, "production", ["Promotion to production requested"]);
  emit(buildChanged(promoted));
  return { build: promoted, stages: ["production"] };
}

/**
 * Runs a failed build again from the stage that failed, as a new run (the failed run's remaining jobs then do nothing).
 * The stages before it keep their result; the failed one and those after it start over. Announced.
 */
export async function retryBuild({ tx, emit }: TenantScope, input: { buildId: string }): Promise<ChangedBuild> {
  const build = await lockedBuild(tx, input.buildId);
  if (build.status !== "failed") throw conflict("Only a failed build can be retried");
  const rows = await tx.buildStage.findMany({ where: { buildId: build.id }, orderBy: { position: "asc" } });
  const failed = rows.find((row) => row.status !== "passed");
  if (!failed) throw conflict("Nothing of this build is left to retry");
  const from = BUILD_STAGES.indexOf(failed.stage);
  // Production follows a promotion: a failed production stage is retried alone, the others up to the preview.
  const stages =
    failed.stage === "production"
      ? (["production"] as BuildStageName[])
      : BUILD_STAGES.slice(from, BUILD_STAGES.indexOf("preview") + 1);
  await tx.buildStage.updateMany({
    where: { buildId: build.id, stage: { in: stages } },
    data: { status: "pending", error: null },
  });
  await appendStageLog(tx, build.id, failed.stage, [`${BUILD_STAGE_LABELS[failed.stage]}: retry requested`]);
  const retried = await tx.build.update({
    where: { id: build.id },
    data: {
      status: failed.stage === "production" ? "promoting" : "queued",
      error: null,
      run: { increment: 1 },
      currentStage: failed.stage,
    },
  });
  emit(buildChanged(retried));
  return { build: retried, stages };
}

/**
 * Takes the build's feature out of the app (its records are kept until deleted explicitly). A new run number makes
 * any of its jobs still queued or running find it stale. Announces the build and the company's custom objects (rolled
 * back now or before).
 */
export async function rollbackBuild({ tx, emit }: TenantScope, input: { buildId: string }): Promise<ChangedBuild> {
  const build = await lockedBuild(tx, input.buildId);
  if (build.status === "rolled_back") {
    emit([...buildChanged(build), ...customObjectsChanged(build.id)]);
    return { build, stages: [] };
  }
  await rollbackCustomObjects(tx, { buildId: build.id });
  await endBetaModeWithoutPreviews(tx);
  // A stage caught running ends here: its work, if it finishes, finds the build rolled back and does not land.
  await tx.buildStage.updateMany({
    where: { buildId: build.id, status: "running" },
    data: { status: "failed", error: "Rolled back while running", finishedAt: new Date() },
  });
  await appendStageLog(tx, build.id, build.currentStage ?? "production", [
    "Rolled back: the feature was removed from the app; its records are kept",
  ]);
  const rolledBack = await tx.build.update({
    where: { id: build.id },
    data: { status: "rolled_back", rolledBackAt: new Date(), run: { increment: 1 }, currentStage: null },
  });
  emit([...buildChanged(rolledBack), ...customObjectsChanged(rolledBack.id)]);
  return { build: rolledBack, stages: [] };
}

/** After the transaction that changed the build committed: queues the stages it asked for. */
export async function queueAfterCommit(queues: TaskQueues, changed: ChangedBuild): Promise<void> {
  if (changed.stages.length > 0) await queueBuildStages(queues, changed.build, changed.stages);
}
