import type { PaymentSettings, PaymentSettingsResponse } from "@fieldops/shared/integrations";
import type { IntegrationsEnv } from "../integrations/provider-settings.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { writeCompanySettings } from "./company-settings.ts";
import { getPaymentSettings } from "./get-payment-settings.ts";

export async function updatePaymentSettings(
  scope: Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">,
  input: PaymentSettings & { env: IntegrationsEnv },
): Promise<PaymentSettingsResponse> {
  await writeCompanySettings(scope.tx, scope.companyId, {
    paymentMethods: [...new Set(input.acceptedMethods)],
    paymentTermsDays: input.defaultTermsDays,
  });
  return getPaymentSettings(scope, input);
}
