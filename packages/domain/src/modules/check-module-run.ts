import type { TenantTransaction } from "@fieldops/db";
import { moduleIdSchema, modulePolicy, PLAN_UPGRADE_MESSAGE, type ModuleId, type ModuleParams } from "@fieldops/shared/modules";
import { roleSchema, type Role } from "@fieldops/shared/roles";
import { conflict, planLimitReached } from "../errors.ts";
import { parseModuleParams, planAllowsModule } from "./module-access.ts";
import type { ModuleRunRow } from "./module-run-row.ts";

/**
 * What approving or running a stored run checks again: the requester still may ask for the module, the plan still
 * includes it, and the stored parameters are still valid and still those the request was made (and approved) with.
 */
export async function recheckModuleRun(
  tx: TenantTransaction,
  run: ModuleRunRow,
): Promise<{ moduleId: ModuleId; params: ModuleParams<ModuleId>; requesterRole: Role }> {
  const moduleId = moduleIdSchema.parse(run.moduleId);
  const requester = await tx.user.findUnique({ where: { id: run.requestedByUserId }, select: { role: true } });
  const requesterRole = requester ? roleSchema.parse(requester.role) : null;
  if (requesterRole === null || modulePolicy(moduleId, requesterRole) === "denied") {
    throw conflict("The person who asked for this may no longer run it");
  }
  if (!(await planAllowsModule(tx, moduleId))) throw planLimitReached(PLAN_UPGRADE_MESSAGE);
  let checked: { params: ModuleParams<ModuleId>; paramsHash: string } | null = null;
  try {
    checked = parseModuleParams(moduleId, run.params);
  } catch {
    checked = null;
  }
  if (checked === null || checked.paramsHash !== run.paramsHash) throw conflict("The request's parameters have changed since it was made, so it cannot run");
  return { moduleId, params: checked.params, requesterRole };
}
