import type { TenantTransaction } from "@fieldops/db";
import { can } from "@fieldops/shared/permissions";
import { type CommunicationSettingsResponse } from "@fieldops/shared/integrations";
import type { Role } from "@fieldops/shared/roles";
import { companyPlan } from "../integrations/integration-access.ts";
import { describeIntegration } from "../integrations/list-integrations.ts";
import type { IntegrationsEnv } from "../integrations/provider-settings.ts";
import { readCompanySettings } from "./company-settings.ts";

/** The e-mail sender of the company's messages, with Twilio's status for SMS. */
export async function getCommunicationSettings(
  tx: TenantTransaction,
  input: { companyId: string; role: Role; env: IntegrationsEnv },
): Promise<CommunicationSettingsResponse> {
  const settings = await readCompanySettings(tx, input.companyId);
  const { name } = await companyPlan(tx, input.companyId);
  return {
    emailSenderName: settings.emailSenderName,
    emailReplyTo: settings.emailReplyTo,
    companyName: name,
    twilio: await describeIntegration(tx, { companyId: input.companyId, env: input.env, provider: "twilio" }),
    canManage: can(input, "integrations.manage"),
  };
}
