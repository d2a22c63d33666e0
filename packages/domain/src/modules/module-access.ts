import type { TenantTransaction } from "@fieldops/db";
import {
  MODULE_CATALOG,
  modulePolicy,
  type ModuleId,
  type ModuleParams,
  type ModulePolicy,
} from "@fieldops/shared/modules";
import type { Role } from "@fieldops/shared/roles";
import { forbidden, invalidInput } from "../errors.ts";
import { hashModuleParams } from "./params-hash.ts";
import { companyHasPlanFeature } from "../plans/require-plan-feature.ts";
import { fieldSentence } from "@fieldops/shared/validation-messages";

/** Whether the company's plan includes the module's feature. */
export async function planAllowsModule(tx: TenantTransaction, moduleId: ModuleId): Promise<boolean> {
  const feature = MODULE_CATALOG[moduleId].feature;
  if (!feature) return true;
  return companyHasPlanFeature(tx, feature);
}

/** The role's policy for the module; a role that may not ask for it at all is refused. */
export function allowedPolicy(moduleId: ModuleId, role: Role): Exclude<ModulePolicy, "denied"> {
  const policy = modulePolicy(moduleId, role);
  if (policy === "denied") throw forbidden(`Your role cannot ${MODULE_CATALOG[moduleId].label}`);
  return policy;
}

/** The module's parameters, validated and with their defaults, and their hash; bad parameters name the field. */
export function parseModuleParams<Id extends ModuleId>(
  moduleId: Id,
  raw: unknown,
): { params: ModuleParams<Id>; paramsHash: string } {
  const parsed = MODULE_CATALOG[moduleId].params.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw invalidInput(
      fieldSentence(issue.path.map(String), issue.message),
      ["params", ...issue.path.map(String)].join("."),
    );
  }
  const params = parsed.data as ModuleParams<Id>;
  return { params, paramsHash: hashModuleParams(moduleId, params) };
}
