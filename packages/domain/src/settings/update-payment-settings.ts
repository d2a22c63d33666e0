import type { TenantTransaction } from "@fieldops/db";
import type { PaymentSettings, PaymentSettingsResponse } from "@fieldops/shared/integrations";
import type { Role } from "@fieldops/shared/roles";
import type { IntegrationsEnv } from "../integrations/provider-settings.ts";
import { writeCompanySettings } from "./company-settings.ts";
import { getPaymentSettings } from "./get-payment-settings.ts";

export async function updatePaymentSettings(
  tx: TenantTransaction,
  input: PaymentSettings & { companyId: string; role: Role; env: IntegrationsEnv },
): Promise<PaymentSettingsResponse> {
  await writeCompanySettings(tx, input.companyId, {
    paymentMethods: [...new Set(input.acceptedMethods)],
    paymentTermsDays: input.defaultTermsDays,
  });
  return getPaymentSettings(tx, input);
}
