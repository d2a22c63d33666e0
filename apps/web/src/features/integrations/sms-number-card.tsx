import { useQueryClient } from "@tanstack/react-query";
import { messageEndpoints, smsNumberSettingsSchema } from "@fieldops/shared/messages";
import { FormField, FormRefusal, useRefusal, useSchemaForm } from "../../components/form";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";

const SMS_NUMBER = endpointKey(messageEndpoints.smsNumber);

function SmsNumberForm({ smsNumber, canManage }: { smsNumber: string; canManage: boolean }) {
  const queryClient = useQueryClient();
  const form = useSchemaForm(smsNumberSettingsSchema, { smsNumber });
  const { refusal, place, clear } = useRefusal(form);
  const update = useEndpointMutation(messageEndpoints.updateSmsNumber, {
    onSuccess: (saved) => {
      queryClient.setQueryData(SMS_NUMBER, saved);
      form.reset({ smsNumber: saved.smsNumber });
    },
    onError: place,
  });
  return (
    <form
      noValidate
      className="grid max-w-md gap-4"
      onSubmit={form.handleSubmit((body) => {
        clear();
        update.mutate({ body });
      })}
    >
      <FormField
        form={form}
        name="smsNumber"
        label="Texting number"
        hint="Your Twilio number. Point its incoming-message webhook at /api/webhooks/twilio/inbound on this app's address."
      >
        {(control) => (
          <Input
            {...control}
            type="tel"
            disabled={!canManage}
            placeholder="+1 555 555 0100"
            {...form.register("smsNumber")}
          />
        )}
      </FormField>
      <FormRefusal error={refusal} />
      {update.isSuccess ? (
        <p role="status" className="text-sm">
          Texting number saved.
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={!canManage || update.isPending}>
          {update.isPending ? "Saving…" : "Save texting number"}
        </Button>
      </div>
    </form>
  );
}

/** The number customers text: texts to it arrive in the Messages inbox. Read-only for members. */
export function SmsNumberCard() {
  const settings = useEndpointQuery(messageEndpoints.smsNumber, {});
  return (
    <Card role="region" aria-labelledby="sms-number-title">
      <CardHeader>
        <CardTitle id="sms-number-title">Texts from customers</CardTitle>
        <CardDescription>
          Texts to this number arrive in Messages, in the conversation with the customer who sent them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <LoadingBlock label="Loading the texting number" />
        ) : settings.isError ? (
          <ErrorBlock
            title="The texting number could not be loaded"
            retry={() => void settings.refetch()}
            busy={settings.isFetching}
          />
        ) : (
          <SmsNumberForm smsNumber={settings.data.smsNumber} canManage={settings.data.canManage} />
        )}
      </CardContent>
    </Card>
  );
}
