import type { User } from "@fieldops/shared/auth";
import {
  communicationSettingsSchema,
  type CommunicationSettingsResponse,
  type SmsRoute,
} from "@fieldops/shared/integrations";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { usePageTitle } from "../../shell/page-title";
import { IntegrationPanel } from "./integration-panel";
import { CustomerAssistantCard } from "./customer-assistant-card";
import { SmsNumberCard } from "./sms-number-card";
import { settingsFallback } from "./integrations-page";
import { useCommunicationSettings, useUpdateCommunicationSettings } from "./integration-queries";
import { useSignedInUser } from "../../lib/session";

/** The sender name and reply-to address, checked by the endpoint's own schema; read-only for members. */
export function EmailSenderForm({ settings }: { settings: CommunicationSettingsResponse }) {
  const update = useUpdateCommunicationSettings();
  const form = useSchemaForm(communicationSettingsSchema, {
    emailSenderName: settings.emailSenderName,
    emailReplyTo: settings.emailReplyTo,
  });
  const { refusal, place, clear } = useRefusal(form);
  const locked = !settings.canManage;
  const submit = form.handleSubmit((body) => {
    clear();
    update.mutate({ body }, { onError: place });
  });
  return (
    <Card role="region" aria-labelledby="email-sender-title">
      <CardHeader>
        <CardTitle id="email-sender-title">Email sender</CardTitle>
        <CardDescription>
          The name your customers see on reminders and invoices, and where their replies go.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="grid max-w-md gap-4">
          <FormField form={form} name="emailSenderName" label="Sender name">
            {(control) => (
              <Input
                {...control}
                disabled={locked}
                placeholder={settings.companyName}
                {...form.register("emailSenderName")}
              />
            )}
          </FormField>
          <FormField form={form} name="emailReplyTo" label="Reply-to address">
            {(control) => <Input {...control} type="email" disabled={locked} {...form.register("emailReplyTo")} />}
          </FormField>
          {locked ? (
            <p className="text-sm text-muted-foreground">Only owners and admins can change communication settings.</p>
          ) : null}
          <FormRefusal error={refusal} />
          {update.isSuccess ? (
            <p role="status" className="text-sm">
              Communication settings saved.
            </p>
          ) : null}
          <div>
            <Button type="submit" disabled={locked || update.isPending}>
              {update.isPending ? "Saving…" : "Save email sender"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

const TEXTS_GO_THROUGH: Record<SmsRoute, string> = {
  your_twilio_account: "Text messages go out through your Twilio account, from its own number.",
  platform_twilio:
    "Text messages go out through FieldOps's Twilio account; connect your own to send them from your number.",
  local_text_catcher:
    "No Twilio account is set up, so text messages reach no phone: each goes to the local text catcher, and Settings → Outbox shows it “Delivered to the local text catcher” with its words.",
  not_configured: "No Twilio account is set up: text messages wait in the outbox, which says why.",
};

/** Twilio's status for SMS and the e-mail sender; the page and the `settings.communications` modal. */
export function CommunicationSettingsPanel({ user }: { user: User }) {
  const settings = useCommunicationSettings(user.companyId !== null);
  if (!settings.isSuccess) return settingsFallback(user, settings, "Communication settings");
  const { twilio } = settings.data;
  return (
    <div className="grid gap-4">
      <IntegrationPanel item={twilio} canManage={settings.data.canManage} />
      <SmsNumberCard />
      <CustomerAssistantCard />
      <Card role="region" aria-labelledby="outbox-title">
        <CardHeader>
          <CardTitle id="outbox-title">Where messages go</CardTitle>
          <CardDescription>
            {TEXTS_GO_THROUGH[settings.data.textsGoThrough]} E-mails go out through the mail server; Settings → Outbox
            shows where each one stands.
          </CardDescription>
        </CardHeader>
      </Card>
      <EmailSenderForm settings={settings.data} />
    </div>
  );
}

export function CommunicationSettingsPage() {
  usePageTitle("Communication settings");
  const user = useSignedInUser();
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Communication settings</h1>
      <CommunicationSettingsPanel user={user} />
    </>
  );
}
