import {
  PAYMENT_METHOD_NAMES,
  type PaymentSettings,
  type PaymentSettingsResponse,
} from "@fieldops/shared/integrations";
import { recordAudit } from "../audit/record-audit.ts";
import type { IntegrationsEnv } from "../integrations/provider-settings.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { readCompanySettings, writeCompanySettings } from "./company-settings.ts";
import { getPaymentSettings } from "./get-payment-settings.ts";

const termsInWords = (days: number) => (days === 0 ? "due on receipt" : `net ${days}`);

/**
 * Saves the methods the company's invoices say it accepts and its default payment terms, and records what changed in
 * the audit log (terms decide when invoices fall past due, and so when reminders go out). Saving what is already set
 * records nothing.
 */
export async function updatePaymentSettings(
  scope: Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">,
  input: PaymentSettings & { env: IntegrationsEnv },
): Promise<PaymentSettingsResponse> {
  const { tx, companyId, actor } = scope;
  const before = await readCompanySettings(tx, companyId);
  await writeCompanySettings(tx, companyId, {
    paymentMethods: [...new Set(input.acceptedMethods)],
    paymentTermsDays: input.defaultTermsDays,
  });
  const after = await readCompanySettings(tx, companyId);
  const said: string[] = [];
  const changes: Record<string, { from: string[] | number; to: string[] | number }> = {};
  if (before.acceptedMethods.join() !== after.acceptedMethods.join()) {
    const named = (methods: typeof after.acceptedMethods) => methods.map((m) => PAYMENT_METHOD_NAMES[m]).join(", ");
    said.push(`accepted methods from ${named(before.acceptedMethods)} to ${named(after.acceptedMethods)}`);
    changes.acceptedMethods = { from: before.acceptedMethods, to: after.acceptedMethods };
  }
  if (before.defaultTermsDays !== after.defaultTermsDays) {
    said.push(`default terms from ${termsInWords(before.defaultTermsDays)} to ${termsInWords(after.defaultTermsDays)}`);
    changes.defaultTermsDays = { from: before.defaultTermsDays, to: after.defaultTermsDays };
  }
  if (said.length > 0) {
    await recordAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      action: "payments.settings_changed",
      entityType: "company",
      entityId: companyId,
      summary: `${actor.name} changed the payment settings: ${said.join("; ")}`,
      changes,
    });
  }
  return getPaymentSettings(scope, input);
}
