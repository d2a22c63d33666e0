import { isDatabaseUnavailable } from "@fieldops/db/database-unavailable";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { runInScope, type EffectsDeps } from "../effects/run-in-scope.ts";
import { DomainError } from "../errors.ts";
import { systemActor } from "../tenant-scope.ts";
import { recheckModuleRun } from "./check-module-run.ts";
import { moduleDefinition } from "./module-registry.ts";
import { moduleRunUpdated } from "./modules-events.ts";
import type { runModuleTask } from "./run-module.task.ts";

const FAILED_MESSAGE = "Failed to execute module";
const RUNNER = systemActor("task:run_module");

/** Records a refusal (or an unexpected failure) unless the run has already finished, and tells the requester. */
async function markFailed(
  deps: EffectsDeps,
  { companyId, runId, requestId }: { companyId: string; runId: string; requestId: string | null },
  error: string,
  now: Date,
): Promise<void> {
  await runInScope(deps, { companyId, actor: RUNNER, requestId }, async ({ tx, emit }) => {
    const [failed] = await tx.moduleRun.updateManyAndReturn({
      where: { id: runId, status: "queued" },
      data: { status: "failed", error, finishedAt: now },
    });
    if (failed) emit(moduleRunUpdated(failed), failed.requestedByUserId);
  });
}

/**
 * Runs a queued module run exactly once. Claiming the run (queued → running, which locks its row), the module's
 * writes, the outcome and their effects (what changed to the company, the outcome to the requester, follow-up tasks,
 * in the outbox) are one transaction: a second delivery waits for the first and then finds it finished, with nothing
 * left to do, and a worker killed mid-run leaves it queued for the next. The module acts as the user who asked for it,
 * with the role they have now. A refusal of the domain is the run's outcome at once; another error is retried by
 * BullMQ and recorded as a failure only at the last attempt.
 */
export const runModule: TaskHandler<typeof runModuleTask.schema> = async ({ companyId, runId, requestId }, context) => {
  const { finalAttempt = true } = context;
  const now = new Date();
  try {
    // The claim decides who acts; the scope's actor is then the requester (see the module's own scope below).
    await runInScope(context, { companyId, actor: RUNNER, requestId }, async (outer) => {
      const [claimed] = await outer.tx.moduleRun.updateManyAndReturn({
        where: { id: runId, status: "queued" },
        data: { status: "running" },
      });
      if (!claimed) return;
      const { moduleId, params, requesterRole, requesterName } = await recheckModuleRun(outer.tx, claimed);
      const scope = {
        ...outer,
        actor: {
          kind: "user" as const,
          userId: claimed.requestedByUserId,
          role: requesterRole,
          name: requesterName,
          platformAdmin: false,
        },
      };
      const done = await moduleDefinition(moduleId).run(scope, params, { runId, now });
      const run = await outer.tx.moduleRun.update({
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
      outer.emit(moduleRunUpdated(run), run.requestedByUserId);
    });
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw error;
    // Anything but a refusal may pass (a busy database): the run stays queued for BullMQ's next try, until the last.
    if (!(error instanceof DomainError) && !finalAttempt) throw error;
    await markFailed(
      context,
      { companyId, runId, requestId },
      error instanceof DomainError ? error.message : FAILED_MESSAGE,
      now,
    );
  }
};
