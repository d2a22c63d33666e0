import { can } from "@fieldops/shared/permissions";
import { type CommunicationSettingsResponse, type SmsRoute } from "@fieldops/shared/integrations";
import { companyPlan } from "../integrations/integration-access.ts";
import { describeIntegration } from "../integrations/list-integrations.ts";
import type { IntegrationsEnv } from "../integrations/provider-settings.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { textSenderOf, type TextSender } from "../outbox/deliver-text.ts";
import { readCompanySettings } from "./company-settings.ts";

/** The e-mail sender of the company's messages, with Twilio's status for SMS. */
export async function getCommunicationSettings(
  { tx, companyId, actor }: Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">,
  input: { env: IntegrationsEnv },
): Promise<CommunicationSettingsResponse> {
  const settings = await readCompanySettings(tx, companyId);
  const { name } = await companyPlan(tx, companyId);
  return {
    emailSenderName: settings.emailSenderName,
    emailReplyTo: settings.emailReplyTo,
    companyName: name,
    twilio: await describeIntegration(tx, { companyId, env: input.env, provider: "twilio" }),
    textsGoThrough: smsRoute(await textSenderOf(tx, input.env)),
    canManage: can(actor, "integrations.manage"),
  };
}

function smsRoute(sender: TextSender): SmsRoute {
  if (sender.kind === "catcher") return "local_text_catcher";
  if (sender.kind === "unconfigured") return "not_configured";
  return sender.sender === "connected_number" ? "your_twilio_account" : "platform_twilio";
}
