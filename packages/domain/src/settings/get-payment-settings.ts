import { can } from "@fieldops/shared/permissions";
import { type PaymentSettingsResponse } from "@fieldops/shared/integrations";
import { describeIntegration } from "../integrations/list-integrations.ts";
import type { IntegrationsEnv } from "../integrations/provider-settings.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { readCompanySettings } from "./company-settings.ts";

/** The payment methods, default terms and bank debits of the company's invoices, with Stripe's status. */
export async function getPaymentSettings(
  { tx, companyId, actor }: Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">,
  input: { env: IntegrationsEnv },
): Promise<PaymentSettingsResponse> {
  const settings = await readCompanySettings(tx, companyId);
  return {
    acceptedMethods: settings.acceptedMethods,
    defaultTermsDays: settings.defaultTermsDays,
    bankDebits: settings.bankDebits,
    stripe: await describeIntegration(tx, { companyId, env: input.env, provider: "stripe" }),
    canManage: can(actor, "integrations.manage"),
  };
}
