import type { TenantTransaction } from "@fieldops/db";
import {
  MODULE_CATALOG,
  moduleIdSchema,
  modulePolicy,
  type ModuleId,
  type ModuleParams,
} from "@fieldops/shared/modules";
import { roleSchema, type Role } from "@fieldops/shared/roles";
import { conflict } from "../errors.ts";
import { assertCompanyWritable } from "../plans/assert-company-writable.ts";
import { planFeatureRefusal } from "../plans/require-plan-feature.ts";
import { parseModuleParams, planAllowsModule } from "./module-access.ts";
import type { ModuleRunRow } from "./module-run-row.ts";

/**
 * What approving or running a stored run checks again: the company may make changes (its trial has not ended
 * unchosen), the requester still may ask for the module, the plan still includes it, and the stored parameters are still valid and still those the request was made (and approved) with.
 */
export async function recheckModuleRun(
  tx: TenantTransaction,
  run: ModuleRunRow,
): Promise<{ moduleId: ModuleId; params: ModuleParams<ModuleId>; requesterRole: Role; requesterName: string }> {
  const moduleId = moduleIdSchema.parse(run.moduleId);
  const requester = await tx.user.findUnique({
    where: { id: run.requestedByUserId },
    select: { role: true, name: true },
  });
  const requesterRole = requester ? roleSchema.parse(requester.role) : null;
  if (requesterRole === null || modulePolicy(moduleId, requesterRole) === "denied") {
    throw conflict("The person who asked for this may no longer run it");
  }
  await assertCompanyWritable(tx);
  const feature = MODULE_CATALOG[moduleId].feature;
  if (feature && !(await planAllowsModule(tx, moduleId)))
    throw planFeatureRefusal(feature, MODULE_CATALOG[moduleId].title);
  let checked: { params: ModuleParams<ModuleId>; paramsHash: string } | null = null;
  try {
    checked = parseModuleParams(moduleId, run.params);
  } catch {
    checked = null;
  }
  if (checked === null || checked.paramsHash !== run.paramsHash)
    throw conflict("The request's parameters have changed since it was made, so it cannot run");
  return { moduleId, params: checked.params, requesterRole, requesterName: requester!.name };
}
