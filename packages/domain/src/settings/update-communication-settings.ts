import type { CommunicationSettings, CommunicationSettingsResponse } from "@fieldops/shared/integrations";
import type { IntegrationsEnv } from "../integrations/provider-settings.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { writeCompanySettings } from "./company-settings.ts";
import { getCommunicationSettings } from "./get-communication-settings.ts";

export async function updateCommunicationSettings(
  scope: Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">,
  input: CommunicationSettings & { env: IntegrationsEnv },
): Promise<CommunicationSettingsResponse> {
  await writeCompanySettings(scope.tx, scope.companyId, {
    emailSenderName: input.emailSenderName || null,
    emailReplyTo: input.emailReplyTo || null,
  });
  return getCommunicationSettings(scope, input);
}
