import type { TenantTransaction } from "@fieldops/db";
import type { CommunicationSettings, CommunicationSettingsResponse } from "@fieldops/shared/integrations";
import type { Role } from "@fieldops/shared/roles";
import type { IntegrationsEnv } from "../integrations/provider-settings.ts";
import { writeCompanySettings } from "./company-settings.ts";
import { getCommunicationSettings } from "./get-communication-settings.ts";

export async function updateCommunicationSettings(
  tx: TenantTransaction,
  input: CommunicationSettings & { companyId: string; role: Role; env: IntegrationsEnv },
): Promise<CommunicationSettingsResponse> {
  await writeCompanySettings(tx, input.companyId, {
    emailSenderName: input.emailSenderName || null,
    emailReplyTo: input.emailReplyTo || null,
  });
  return getCommunicationSettings(tx, input);
}
