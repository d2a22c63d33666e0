import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { messageEndpoints, smsNumberSettingsSchema, type SmsNumberSettings } from "@fieldops/shared/messages";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { Label } from "../../components/ui/label";
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

/**
 * A number of the company's own from the platform's Twilio account: near an area code, bought after a confirmation
 * (it costs the platform money), or given back. Where the platform cannot (the company's own Twilio account, no
 * platform account here), says why.
 */
function NumberFromThePlatform({ settings }: { settings: SmsNumberSettings }) {
  const queryClient = useQueryClient();
  const [areaCode, setAreaCode] = useState("");
  const [confirming, setConfirming] = useState<"provision" | "release" | null>(null);
  const done = (saved: SmsNumberSettings) => {
    queryClient.setQueryData(SMS_NUMBER, saved);
    setConfirming(null);
  };
  const provision = useEndpointMutation(messageEndpoints.provisionSmsNumber, { onSuccess: done });
  const release = useEndpointMutation(messageEndpoints.releaseSmsNumber, { onSuccess: done });
  if (!settings.canManage) return null;
  if (settings.provisioned)
    return (
      <div className="grid gap-2 text-sm">
        <p>
          <strong>{settings.smsNumber}</strong> is your own number from us: your texts go out from it and replies come
          back to it.
        </p>
        <div>
          <Button variant="outline" onClick={() => setConfirming("release")}>
            Give back this number
          </Button>
        </div>
        <ConfirmDialog
          open={confirming === "release"}
          onOpenChange={(open) => setConfirming(open ? "release" : null)}
          title={`Give back ${settings.smsNumber}?`}
          description="Customers who text this number will no longer reach you, and your texts go out from our shared number again. The number may go to someone else."
          action="Give back the number"
          destructive
          pending={release.isPending}
          error={release.error}
          onConfirm={() => release.mutate({})}
        />
      </div>
    );
  if (settings.provisionUnavailable)
    return <p className="text-sm text-muted-foreground">{settings.provisionUnavailable}</p>;
  return (
    <div className="grid max-w-md gap-2">
      <Label htmlFor="sms-area-code">Or get a number of your own from us</Label>
      <p className="text-sm text-muted-foreground">
        A local number near the area code you give (any if left empty); texts go out from it and replies come back to
        it.
      </p>
      <div className="flex gap-2">
        <Input
          id="sms-area-code"
          inputMode="numeric"
          maxLength={3}
          placeholder="Area code, e.g. 303"
          value={areaCode}
          onChange={(event) => setAreaCode(event.target.value.replace(/\D/g, ""))}
          className="w-48"
        />
        <Button onClick={() => setConfirming("provision")}>Get a number</Button>
      </div>
      <ConfirmDialog
        open={confirming === "provision"}
        onOpenChange={(open) => setConfirming(open ? "provision" : null)}
        title="Get a texting number?"
        description={`We buy a number${areaCode ? ` in area code ${areaCode}` : ""} on our Twilio account for your company; it replaces the number set above.`}
        action="Get the number"
        pending={provision.isPending}
        error={provision.error}
        onConfirm={() => provision.mutate({ body: areaCode ? { areaCode } : {} })}
      />
    </div>
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
          <div className="grid gap-6">
            {settings.data.provisioned ? null : (
              <SmsNumberForm smsNumber={settings.data.smsNumber} canManage={settings.data.canManage} />
            )}
            <NumberFromThePlatform settings={settings.data} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
