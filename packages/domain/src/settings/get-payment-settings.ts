import type { TenantTransaction } from "@fieldops/db";
import { can } from "@fieldops/shared/permissions";
import { type PaymentSettingsResponse } from "@fieldops/shared/integrations";
import type { Role } from "@fieldops/shared/roles";
import { describeIntegration } from "../integrations/list-integrations.ts";
import type { IntegrationsEnv } from "../integrations/provider-settings.ts";
import { readCompanySettings } from "./company-settings.ts";

/** The payment methods and default terms of the company's invoices, with Stripe's status. */
export async function getPaymentSettings(
  tx: TenantTransaction,
  input: { companyId: string; role: Role; env: IntegrationsEnv },
): Promise<PaymentSettingsResponse> {
  const settings = await readCompanySettings(tx, input.companyId);
  return {
    acceptedMethods: settings.acceptedMethods,
    defaultTermsDays: settings.defaultTermsDays,
    stripe: await describeIntegration(tx, { companyId: input.companyId, env: input.env, provider: "stripe" }),
    canManage: can(input, "integrations.manage"),
  };
}
