import { moduleIdSchema, UNDO_WINDOW_MS, type ModuleRun } from "@fieldops/shared/modules";
import { conflict } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import type { StoredJson } from "./module-definition.ts";
import { moduleDefinition } from "./module-registry.ts";
import { findOwnModuleRun, toModuleRun } from "./module-run-row.ts";
import { moduleRunUpdated } from "./modules-events.ts";

/**
 * Puts back what the requester's run changed, within five minutes of it finishing. Undoing an undone run changes
 * nothing; a run whose data has moved on since is refused (409) and stays as it is. The module's undo announces
 * what it put back, and the requester is told the run is undone.
 */
export async function undoModuleRun(
  scope: TenantScope<UserActor>,
  input: { runId: string; now?: Date },
): Promise<ModuleRun> {
  const { tx } = scope;
  const now = input.now ?? new Date();
  const run = await findOwnModuleRun(scope, input.runId, { lock: true });
  if (run.undoneAt !== null) return toModuleRun(run);
  const moduleId = moduleIdSchema.parse(run.moduleId);
  const definition = moduleDefinition(moduleId);
  if (run.status !== "succeeded" || run.undo === null || !definition.undo || run.finishedAt === null)
    throw conflict("This run cannot be undone");
  if (now.getTime() - run.finishedAt.getTime() > UNDO_WINDOW_MS)
    throw conflict("Too late to undo: a run can be undone for 5 minutes after it finished");
  await definition.undo(scope, run.undo as StoredJson, { runId: run.id, now });
  const undone = await tx.moduleRun.update({ where: { id: run.id }, data: { undoneAt: now } });
  // The requester's other tabs (and a reloaded chat) show it undone.
  scope.emit(moduleRunUpdated(undone), run.requestedByUserId);
  return toModuleRun(undone);
}
