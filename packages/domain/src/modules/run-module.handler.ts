import { withTenant, type Database } from "@fieldops/db";
import { isDatabaseUnavailable } from "@fieldops/db/database-unavailable";
import { publishEvents } from "@fieldops/events/company-stream";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { moduleIdSchema } from "@fieldops/shared/modules";
import { DomainError } from "../errors.ts";
import { recheckModuleRun } from "./check-module-run.ts";
import type { StoredJson } from "./module-definition.ts";
import { moduleDefinition } from "./module-registry.ts";
import { moduleRunUpdated, type ModuleRunRow } from "./module-run-row.ts";
import type { runModuleTask } from "./run-module.task.ts";

const FAILED_MESSAGE = "Failed to execute module";

/** Records a refusal (or an unexpected failure) unless the run has already finished. */
async function markFailed(
  db: Database,
  companyId: string,
  runId: string,
  error: string,
  now: Date,
): Promise<ModuleRunRow | null> {
  return withTenant(db, companyId, async (tx) => {
    const [failed] = await tx.moduleRun.updateManyAndReturn({
      where: { id: runId, status: "queued" },
      data: { status: "failed", error, finishedAt: now },
    });
    return failed ?? null;
  });
}

/**
 * Runs a queued module run exactly once. Claiming the run (queued → running, which locks its row), the module's
 * writes and the outcome are one transaction: a second delivery waits for the first and then finds it finished, and
 * a worker killed mid-run leaves it queued for the next. A run found already finished only redoes what follows the
 * commit (queueing follow-up work, telling the requester), which is idempotent. A refusal of the domain is the run's
 * outcome at once; another error is retried by BullMQ and recorded as a failure only at the last attempt.
 */
export const runModule: TaskHandler<typeof runModuleTask.schema> = async (
  { companyId, runId, requestId },
  { db, redis, queues, finalAttempt = true },
) => {
  const now = new Date();
  let outcome: { run: ModuleRunRow; fresh: boolean } | null;
  try {
    outcome = await withTenant(db, companyId, async (tx) => {
      const [claimed] = await tx.moduleRun.updateManyAndReturn({
        where: { id: runId, status: "queued" },
        data: { status: "running" },
      });
      if (!claimed) {
        const run = await tx.moduleRun.findUnique({ where: { id: runId } });
        return run && (run.status === "succeeded" || run.status === "failed") ? { run, fresh: false } : null;
      }
      const { moduleId, params, requesterRole } = await recheckModuleRun(tx, claimed);
      const done = await moduleDefinition(moduleId).run(tx, params, {
        companyId,
        runId,
        actor: { userId: claimed.requestedByUserId, role: requesterRole },
        now,
      });
      const run = await tx.moduleRun.update({
        where: { id: runId },
        data: {
          status: "succeeded",
          message: done.message,
          result: done.result ?? undefined,
          undo: done.undo ?? undefined,
          output: done.output ?? null,
          finishedAt: now,
        },
      });
      return { run, fresh: true };
    });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    // Anything but a refusal may pass (a busy database): the run stays queued for BullMQ's next try, until the last.
    if (!(error instanceof DomainError) && !finalAttempt) throw error;
    const failed = await markFailed(
      db,
      companyId,
      runId,
      error instanceof DomainError ? error.message : FAILED_MESSAGE,
      now,
    );
    outcome = failed ? { run: failed, fresh: true } : null;
  }
  if (!outcome) return;
  const { run, fresh } = outcome;
  const definition = moduleDefinition(moduleIdSchema.parse(run.moduleId));
  const result = (run.result ?? null) as StoredJson | null;
  if (run.status === "succeeded") await definition.afterCommit?.(result, { companyId, runId, queues, requestId });
  // What changed goes to the whole company, the outcome to the requester, in one round trip.
  const changed = fresh && run.status === "succeeded" ? (definition.events?.(result) ?? []) : [];
  await publishEvents(redis, [...changed, { event: moduleRunUpdated(run), userId: run.requestedByUserId }], {
    companyId,
    requestId,
  });
};
