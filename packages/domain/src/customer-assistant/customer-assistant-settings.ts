import type { TenantTransaction } from "@fieldops/db";
import { ASSISTANT_PLAN_FEATURE } from "@fieldops/shared/chat";
import {
  CUSTOMER_ASSISTANT_HIPAA_MESSAGE,
  DEFAULT_CUSTOMER_ASSISTANT_SETTINGS,
  customerAssistantSettingsSchema,
  type CustomerAssistantSettings,
  type CustomerAssistantSettingsResponse,
} from "@fieldops/shared/customer-assistant";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict } from "../errors.ts";
import { companyHasPlanFeature, planFeatureRefusal } from "../plans/require-plan-feature.ts";
import { actorUserId, systemActor, type TenantScope, type UserActor } from "../tenant-scope.ts";

/** Who acts when the assistant answers a customer or confirms a time on its own. */
export const CUSTOMER_ASSISTANT_ACTOR = systemActor("assistant:customers");

/** The company's settings as stored, or the defaults (a stored value that no longer reads is the defaults too). */
export async function readCustomerAssistantSettings(tx: TenantTransaction, companyId: string) {
  const company = await tx.company.findUniqueOrThrow({
    where: { id: companyId },
    select: { customerAssistant: true, hipaaMode: true },
  });
  const stored = customerAssistantSettingsSchema.safeParse(company.customerAssistant);
  return { settings: stored.success ? stored.data : DEFAULT_CUSTOMER_ASSISTANT_SETTINGS, hipaaMode: company.hipaaMode };
}

/** Why the company's assistant cannot answer customers now (its plan lacks the assistant, HIPAA mode), or null. */
async function unavailableReason(tx: TenantTransaction, hipaaMode: boolean): Promise<string | null> {
  if (!(await companyHasPlanFeature(tx, ASSISTANT_PLAN_FEATURE)))
    return planFeatureRefusal(ASSISTANT_PLAN_FEATURE, "The assistant").message;
  return hipaaMode ? CUSTOMER_ASSISTANT_HIPAA_MESSAGE : null;
}

export async function getCustomerAssistantSettings(
  scope: Pick<TenantScope, "tx" | "companyId">,
): Promise<CustomerAssistantSettingsResponse> {
  const { settings, hipaaMode } = await readCustomerAssistantSettings(scope.tx, scope.companyId);
  return { settings, unavailableReason: await unavailableReason(scope.tx, hipaaMode) };
}

/** Whether the company's assistant answers customers now: turned on, on a plan with the assistant, not in HIPAA mode. */
export async function activeCustomerAssistant(
  tx: TenantTransaction,
  companyId: string,
): Promise<CustomerAssistantSettings | null> {
  const { settings, hipaaMode } = await readCustomerAssistantSettings(tx, companyId);
  if (!settings.enabled) return null;
  return (await unavailableReason(tx, hipaaMode)) === null ? settings : null;
}

/** Changes the settings (turning it on needs the plan's assistant and no HIPAA mode); audited with what changed. */
export async function updateCustomerAssistantSettings(
  scope: TenantScope<UserActor>,
  input: CustomerAssistantSettings,
): Promise<CustomerAssistantSettingsResponse> {
  const { tx, companyId, actor } = scope;
  const before = await readCustomerAssistantSettings(tx, companyId);
  const reason = await unavailableReason(tx, before.hipaaMode);
  if (input.enabled && reason) {
    if (!(await companyHasPlanFeature(tx, ASSISTANT_PLAN_FEATURE)))
      throw planFeatureRefusal(ASSISTANT_PLAN_FEATURE, "The assistant");
    throw conflict(reason, "enabled");
  }
  await tx.company.update({ where: { id: companyId }, data: { customerAssistant: input } });
  const changes = Object.fromEntries(
    (Object.keys(input) as (keyof CustomerAssistantSettings)[])
      .filter((key) => JSON.stringify(before.settings[key]) !== JSON.stringify(input[key]))
      .map((key) => [key, { from: before.settings[key], to: input[key] }]),
  );
  if (Object.keys(changes).length > 0) {
    const turned = before.settings.enabled !== input.enabled ? (input.enabled ? "turned on" : "turned off") : "changed";
    await recordAudit(tx, {
      companyId,
      actorUserId: actorUserId(actor),
      action: "customer_assistant.updated",
      entityType: "company",
      entityId: companyId,
      summary: `${actor.name} ${turned} the assistant that answers customers`,
      changes,
    });
  }
  return { settings: input, unavailableReason: reason };
}
