import { withTenant, type Database, type TenantTransaction } from "@fieldops/db";
import { isDatabaseUnavailable } from "@fieldops/db/database-unavailable";
import { FinalTaskError, type TaskHandler } from "@fieldops/tasks/task-definition";
import { BUILD_STAGE_LABELS, type BuildCheck, type BuildStageName, type BuildStatus } from "@fieldops/shared/builds";
import { featureSpecSchema } from "@fieldops/shared/feature-spec";
import { installCustomObjects } from "../custom-objects/install-custom-objects.ts";
import { promoteCustomObjects } from "../custom-objects/promote-custom-objects.ts";
import { endBetaModeWithoutPreviews } from "./end-beta-mode.ts";
import { runCustomObjectChecks } from "../custom-objects/run-custom-object-checks.ts";
import { DomainError, invalidInput } from "../errors.ts";
import {
  appendStageLog,
  lockBuild,
  publishBuildUpdate,
  publishObjectsChanged,
  queueBuildStages,
  type BuildRow,
} from "./build-pipeline.ts";
import type { buildStageTask } from "./build-stage.task.ts";

type Payload = { companyId: string; buildId: string; run: number; stage: BuildStageName };

/** A stage that failed for a reason of the build itself (a failing check, a spec the store refuses): no retry helps. */
class StageFailed extends Error {}

/** The build moved on while the stage ran (rolled back, or retried as a new run): the stage's work must not land. */
class StageStale extends Error {}

async function assertCurrentRun(tx: TenantTransaction, { buildId, run }: Payload): Promise<void> {
  const build = await lockBuild(tx, buildId);
  if (!build || build.run !== run || build.status === "failed" || build.status === "rolled_back")
    throw new StageStale();
}

/** The status a build shows while a stage runs: production runs after a promotion, the others before the preview. */
const runningStatus = (stage: BuildStageName): BuildStatus => (stage === "production" ? "promoting" : "running");

interface Claim {
  build: BuildRow;
  done: boolean;
}

/**
 * Claims the stage for this attempt under the build's lock: nothing when the build moved on to another run (a retry, a
 * rollback) or failed; `done` when an earlier delivery already passed it (a worker that died after committing).
 */
async function claimStage(db: Database, { companyId, buildId, run, stage }: Payload, now: Date): Promise<Claim | null> {
  return withTenant(db, companyId, async (tx) => {
    const build = await lockBuild(tx, buildId);
    if (!build || build.run !== run || build.status === "failed" || build.status === "rolled_back") return null;
    const row = await tx.buildStage.findUniqueOrThrow({ where: { buildId_stage: { buildId, stage } } });
    if (row.status === "passed") return { build, done: true };
    await tx.buildStage.update({
      where: { id: row.id },
      data: {
        status: "running",
        attempts: { increment: 1 },
        startedAt: now,
        finishedAt: null,
        durationMs: null,
        error: null,
      },
    });
    await appendStageLog(
      tx,
      buildId,
      stage,
      [`${BUILD_STAGE_LABELS[stage]}: attempt ${row.attempts + 1} started`],
      now,
    );
    const updated = await tx.build.update({
      where: { id: buildId },
      data: { status: runningStatus(stage), currentStage: stage },
    });
    return { build: updated, done: false };
  });
}

/** The stage's own work and its passing, in one transaction where the work is the database's. */
async function performStage(
  db: Database,
  payload: Payload,
  build: BuildRow,
  startedAt: Date,
): Promise<{ lines: string[]; status: BuildStatus }> {
  const { companyId, buildId, stage } = payload;
  const parsed = featureSpecSchema.safeParse(build.spec);
  if (!parsed.success)
    throw invalidInput(`The build's spec is not valid: ${parsed.error.issues[0]?.message ?? "invalid"}`);
  const spec = parsed.data;
  const pass = async (tx: TenantTransaction, lines: string[], extra: { checks?: BuildCheck[] } = {}) => {
    const finishedAt = new Date();
    await appendStageLog(tx, buildId, stage, [...lines, `${BUILD_STAGE_LABELS[stage]}: passed`], finishedAt);
    await tx.buildStage.update({
      where: { buildId_stage: { buildId, stage } },
      data: {
        status: "passed",
        finishedAt,
        durationMs: finishedAt.getTime() - startedAt.getTime(),
        ...(extra.checks ? { checks: extra.checks } : {}),
      },
    });
  };
  switch (stage) {
    case "generate":
      return withTenant(db, companyId, async (tx) => {
        await assertCurrentRun(tx, payload);
        const installed = await installCustomObjects(tx, { buildId, spec });
        const lines = installed.map(
          (definition) =>
            `Installed ${definition.name} (${definition.fields.length} fields, ${definition.relations.length} relations) at /api/custom/${definition.key}`,
        );
        await pass(tx, lines);
        return { lines, status: "running" as const };
      });
    case "test": {
      const checks: BuildCheck[] = (await runCustomObjectChecks(db, { companyId, buildId })).map(
        ({ name, passed, detail, durationMs }) => ({ name, passed, detail, durationMs }),
      );
      const lines = checks.map(
        (check) =>
          `${check.passed ? "✓" : "✗"} ${check.name} (${check.durationMs} ms)${check.passed ? "" : `: ${check.detail}`}`,
      );
      const failed = checks.filter((check) => !check.passed);
      if (failed.length > 0) {
        await withTenant(db, companyId, async (tx) => {
          await assertCurrentRun(tx, payload);
          await appendStageLog(tx, buildId, stage, lines);
          await tx.buildStage.update({ where: { buildId_stage: { buildId, stage } }, data: { checks } });
        });
        throw new StageFailed(`${failed.length} of ${checks.length} checks failed: ${failed[0]!.name}`);
      }
      return withTenant(db, companyId, async (tx) => {
        await assertCurrentRun(tx, payload);
        await pass(tx, [...lines, `${checks.length} checks passed`], { checks });
        return { lines, status: "running" as const };
      });
    }
    case "preview":
      return withTenant(db, companyId, async (tx) => {
        await assertCurrentRun(tx, payload);
        await tx.company.update({ where: { id: companyId }, data: { betaMode: true } });
        const automatic = build.risk === "low";
        const lines = [
          `${spec.featureName} is live in preview (Beta Mode) for the company's owners and administrators`,
        ];
        if (automatic) lines.push("Low risk: promoting to production automatically");
        await pass(tx, lines);
        await tx.build.update({
          where: { id: buildId },
          data: { status: automatic ? "promoting" : "preview", previewAt: new Date() },
        });
        return { lines, status: automatic ? ("promoting" as const) : ("preview" as const) };
      });
    case "production":
      return withTenant(db, companyId, async (tx) => {
        await assertCurrentRun(tx, payload);
        await promoteCustomObjects(tx, { buildId });
        await endBetaModeWithoutPreviews(tx);
        await tx.companyCharge.createMany({
          data: [
            {
              companyId,
              kind: "feature_build",
              description: `Feature build: ${build.featureName}`,
              amountCents: build.priceCents,
              buildId,
            },
          ],
          skipDuplicates: true,
        });
        const lines = [
          `${spec.featureName} is live for every user of the company`,
          `Charged $${(build.priceCents / 100).toFixed(2)} to the company's billing`,
        ];
        await pass(tx, lines);
        await tx.build.update({
          where: { id: buildId },
          data: { status: "production", productionAt: new Date(), currentStage: null },
        });
        return { lines, status: "production" as const };
      });
  }
}

async function failStage(
  db: Database,
  { companyId, buildId, run, stage }: Payload,
  message: string,
  startedAt: Date,
): Promise<boolean> {
  return withTenant(db, companyId, async (tx) => {
    const build = await lockBuild(tx, buildId);
    if (!build || build.run !== run) return false;
    const finishedAt = new Date();
    await appendStageLog(tx, buildId, stage, [`${BUILD_STAGE_LABELS[stage]}: failed: ${message}`], finishedAt);
    await tx.buildStage.update({
      where: { buildId_stage: { buildId, stage } },
      data: { status: "failed", error: message, finishedAt, durationMs: finishedAt.getTime() - startedAt.getTime() },
    });
    await tx.build.update({ where: { id: buildId }, data: { status: "failed", error: message } });
    return true;
  });
}

/**
 * Runs one stage of a build. A stage already passed (a second delivery after a worker died) only redoes what follows
 * it; the database work of generate, preview and production commits together with the stage's passing, and each of
 * them is idempotent per build, so a stage cut short and run again has its effects once; the work of a run rolled back
 * or retried meanwhile does not land (its transaction checks the run under the build's lock). A failing check or a refusal
 * of the store fails the stage and the build at once (the flow's later stages with it); another error is retried by
 * BullMQ, and recorded as the stage's failure only at the last attempt.
 */
export const runBuildStage: TaskHandler<typeof buildStageTask.schema> = async (
  payload,
  { db, redis, queues, finalAttempt = true },
) => {
  const { companyId, buildId, stage } = payload;
  const startedAt = new Date();
  const claim = await claimStage(db, payload, startedAt);
  if (!claim) return;
  let status: BuildStatus = claim.build.status;
  if (!claim.done) {
    await publishBuildUpdate(redis, companyId, {
      buildId,
      status,
      stage,
      stageStatus: "running",
      lines: [`${BUILD_STAGE_LABELS[stage]}: started`],
    });
    try {
      const outcome = await performStage(db, payload, claim.build, startedAt);
      status = outcome.status;
      await publishBuildUpdate(redis, companyId, {
        buildId,
        status,
        stage,
        stageStatus: "passed",
        lines: [...outcome.lines, `${BUILD_STAGE_LABELS[stage]}: passed`],
      });
      if (stage !== "test") await publishObjectsChanged(redis, companyId, buildId);
    } catch (error) {
      if (error instanceof StageStale) return;
      if (isDatabaseUnavailable(error)) throw error;
      const ours = error instanceof StageFailed || error instanceof DomainError;
      if (!ours && !finalAttempt) throw error;
      const message = ours ? error.message : `${BUILD_STAGE_LABELS[stage]} failed unexpectedly`;
      if (await failStage(db, payload, message, startedAt)) {
        await publishBuildUpdate(redis, companyId, {
          buildId,
          status: "failed",
          stage,
          stageStatus: "failed",
          lines: [`${BUILD_STAGE_LABELS[stage]}: failed: ${message}`],
        });
      }
      throw new FinalTaskError(message);
    }
  }
  if (stage === "preview" && status === "promoting") await queueBuildStages(queues, claim.build, ["production"]);
};
