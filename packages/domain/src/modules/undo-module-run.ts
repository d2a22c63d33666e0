import type { TenantTransaction } from "@fieldops/db";
import type { AppEvent } from "@fieldops/shared/events";
import { moduleIdSchema, UNDO_WINDOW_MS, type ModuleRun } from "@fieldops/shared/modules";
import { conflict } from "../errors.ts";
import type { Actor } from "../jobs/actor.ts";
import type { StoredJson } from "./module-definition.ts";
import { moduleDefinition } from "./module-registry.ts";
import { findOwnModuleRun, toModuleRun } from "./module-run-row.ts";

/**
 * Puts back what the requester's run changed, within five minutes of it finishing. Undoing an undone run changes
 * nothing; a run whose data has moved on since is refused (409) and stays as it is.
 */
export async function undoModuleRun(
  tx: TenantTransaction,
  input: { runId: string; companyId: string; actor: Actor; now?: Date },
): Promise<{ run: ModuleRun; events: AppEvent[] }> {
  const now = input.now ?? new Date();
  const run = await findOwnModuleRun(tx, input.runId, input.actor.userId, { lock: true });
  if (run.undoneAt !== null) return { run: toModuleRun(run), events: [] };
  const moduleId = moduleIdSchema.parse(run.moduleId);
  const definition = moduleDefinition(moduleId);
  if (run.status !== "succeeded" || run.undo === null || !definition.undo || run.finishedAt === null)
    throw conflict("This run cannot be undone");
  if (now.getTime() - run.finishedAt.getTime() > UNDO_WINDOW_MS)
    throw conflict("Too late to undo: a run can be undone for 5 minutes after it finished");
  await definition.undo(tx, run.undo as StoredJson, {
    companyId: input.companyId,
    runId: run.id,
    actor: input.actor,
    now,
  });
  const undone = await tx.moduleRun.update({ where: { id: run.id }, data: { undoneAt: now } });
  return { run: toModuleRun(undone), events: definition.events?.((run.result ?? null) as StoredJson | null) ?? [] };
}
