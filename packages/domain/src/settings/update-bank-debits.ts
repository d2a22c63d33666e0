import type { BankDebits, PaymentSettingsResponse } from "@fieldops/shared/integrations";
import { recordAudit } from "../audit/record-audit.ts";
import type { IntegrationsEnv } from "../integrations/provider-settings.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { readCompanySettings, writeCompanySettings } from "./company-settings.ts";
import { getPaymentSettings } from "./get-payment-settings.ts";

/**
 * Turns bank debits (ACH through Stripe) on the customer's page on or off, and records the change in the audit log.
 * The next PaymentIntent a customer's page makes offers them or not (`createReviewPaymentIntent`); one already made
 * keeps what it offered. Setting what is already set changes nothing and records nothing.
 */
export async function updateBankDebits(
  scope: Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">,
  input: BankDebits & { env: IntegrationsEnv },
): Promise<PaymentSettingsResponse> {
  const { tx, companyId, actor } = scope;
  const before = (await readCompanySettings(tx, companyId)).bankDebits;
  if (before !== input.enabled) {
    await writeCompanySettings(tx, companyId, { bankDebits: input.enabled });
    await recordAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      action: "payments.bank_debits_changed",
      entityType: "company",
      entityId: companyId,
      summary: input.enabled
        ? `${actor.name} turned on bank payments (ACH debit) on customers' invoice pages`
        : `${actor.name} turned off bank payments (ACH debit) on customers' invoice pages`,
      changes: { bankDebits: { from: before, to: input.enabled } },
    });
  }
  return getPaymentSettings(scope, input);
}
