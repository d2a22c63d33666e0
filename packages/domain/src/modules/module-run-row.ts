import type { ModuleRun as ModuleRunRow, TenantTransaction } from "@fieldops/db";
import type { ExecuteModuleResponse, ModuleRun, ModuleRunStatus } from "@fieldops/shared/modules";
import {
  APPROVAL_REQUIRED_REASON,
  MODULE_CATALOG,
  moduleEndpoints,
  moduleIdSchema,
  UNDO_WINDOW_MS,
} from "@fieldops/shared/modules";
import { fillPath } from "@fieldops/shared/endpoint";
import { notFound } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import type { StoredJson } from "./module-definition.ts";
import { moduleDefinition } from "./module-registry.ts";

export type { ModuleRunRow };

/** A run's row, locked until the transaction ends: deciding, running and undoing it take turns. */
export async function lockModuleRun(tx: TenantTransaction, runId: string): Promise<ModuleRunRow | null> {
  const locked = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM module_runs WHERE id = ${runId}::uuid FOR UPDATE`;
  if (locked.length === 0) return null;
  return tx.moduleRun.findUnique({ where: { id: runId } });
}

/** The requester's own run; anyone else's does not exist for them. */
export async function findOwnModuleRun(
  { tx, actor }: Pick<TenantScope<UserActor>, "tx" | "actor">,
  runId: string,
  options: { lock?: boolean } = {},
): Promise<ModuleRunRow> {
  const run = options.lock ? await lockModuleRun(tx, runId) : await tx.moduleRun.findUnique({ where: { id: runId } });
  if (!run || run.requestedByUserId !== actor.userId) throw notFound("Module run not found");
  return run;
}

/** The fields of POST /api/modules/execute's answer for a run in its current state. */
export function moduleRunAnswer(
  run: Pick<ModuleRunRow, "id" | "moduleId" | "status" | "message" | "error" | "denyReason">,
): ExecuteModuleResponse & { runId: string; status: ModuleRunStatus } {
  const status: ModuleRunStatus = run.status;
  const base = { runId: run.id, status };
  const title = MODULE_CATALOG[moduleIdSchema.parse(run.moduleId)].title;
  switch (run.status) {
    case "queued":
    case "running":
      return { ...base, success: true, message: `${title}: started` };
    case "succeeded":
      return { ...base, success: true, message: run.message ?? `${title}: done` };
    case "failed":
      return { ...base, success: false, error: run.error ?? "Failed to execute module" };
    case "awaiting_approval":
      return {
        ...base,
        success: false,
        requiresApproval: true,
        reason: APPROVAL_REQUIRED_REASON,
        message: "Sent to an owner or administrator for approval",
      };
    case "denied":
      return { ...base, success: false, error: `Denied: ${run.denyReason ?? "no reason given"}` };
    case "expired":
      return { ...base, success: false, error: "The approval request expired before anyone decided it" };
  }
}

export function toModuleRun(run: ModuleRunRow): ModuleRun {
  const moduleId = moduleIdSchema.parse(run.moduleId);
  const link = moduleDefinition(moduleId).link;
  const undoable = run.status === "succeeded" && run.undo !== null && run.undoneAt === null && run.finishedAt !== null;
  return {
    id: run.id,
    moduleId,
    status: run.status,
    message: run.message,
    error: run.error,
    undoUntil: undoable ? new Date(run.finishedAt!.getTime() + UNDO_WINDOW_MS).toISOString() : null,
    undone: run.undoneAt !== null,
    download: run.output !== null ? fillPath(moduleEndpoints.downloadRun.path, { id: run.id }) : null,
    link: run.status === "succeeded" && link && run.result !== null ? link(run.result as StoredJson) : null,
  };
}
