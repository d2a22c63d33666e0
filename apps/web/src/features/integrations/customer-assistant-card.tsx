import { useState } from "react";
import {
  customerAssistantEndpoints,
  customerAssistantSettingsSchema,
  type CustomerAssistantSettings,
} from "@fieldops/shared/customer-assistant";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { apiErrorMessage } from "../../lib/api-error";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { useCan } from "../../lib/permissions";

const settingsKey = endpointKey(customerAssistantEndpoints.settings);

const ON_ITS_OWN: { key: keyof CustomerAssistantSettings["onItsOwn"]; label: string }[] = [
  { key: "answerQuestions", label: "Answer questions (next visit, balance) and tell the rest someone will reply" },
  { key: "sendPayLinks", label: "Send links to pay open invoices" },
  { key: "confirmReschedules", label: "Move a visit into a free time the customer picked" },
];

function SettingsForm({ saved, canChange }: { saved: CustomerAssistantSettings; canChange: boolean }) {
  const [draft, setDraft] = useState(saved);
  const [problem, setProblem] = useState<string | null>(null);
  const update = useEndpointMutation(customerAssistantEndpoints.updateSettings, { invalidates: [settingsKey] });
  const save = (next: CustomerAssistantSettings) => {
    const checked = customerAssistantSettingsSchema.safeParse(next);
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? "Check the settings");
    setProblem(null);
    update.mutate({ body: checked.data });
  };
  return (
    <form
      noValidate
      className="grid max-w-xl gap-4"
      onSubmit={(event) => {
        event.preventDefault();
        save(draft);
      }}
    >
      <label className="flex items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          disabled={!canChange}
          checked={draft.enabled}
          onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
        />
        Answer customers' texts and e-mail replies
      </label>
      <fieldset className="grid gap-2" disabled={!canChange}>
        <legend className="text-sm font-medium">
          What it does on its own (the rest waits for one click in Messages)
        </legend>
        {ON_ITS_OWN.map((item) => (
          <label key={item.key} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={draft.onItsOwn[item.key]}
              onChange={(event) =>
                setDraft({ ...draft, onItsOwn: { ...draft.onItsOwn, [item.key]: event.target.checked } })
              }
            />
            {item.label}
          </label>
        ))}
      </fieldset>
      <div className="grid grid-cols-3 gap-3">
        <div className="grid gap-1">
          <Label htmlFor="assistant-from">Answers from</Label>
          <Input
            id="assistant-from"
            type="time"
            disabled={!canChange}
            value={draft.hours.from}
            onChange={(event) => setDraft({ ...draft, hours: { ...draft.hours, from: event.target.value } })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="assistant-to">Until</Label>
          <Input
            id="assistant-to"
            type="time"
            disabled={!canChange}
            value={draft.hours.to}
            onChange={(event) => setDraft({ ...draft, hours: { ...draft.hours, to: event.target.value } })}
          />
        </div>
        <div className="grid gap-1">
          <Label htmlFor="assistant-cap">Answers per customer a day</Label>
          <Input
            id="assistant-cap"
            type="number"
            min={1}
            max={50}
            disabled={!canChange}
            value={draft.dailyCapPerCustomer}
            onChange={(event) => setDraft({ ...draft, dailyCapPerCustomer: Number(event.target.value) })}
          />
        </div>
      </div>
      <p className="text-sm text-muted-foreground">
        A message outside these hours is answered when they begin. The assistant only ever tells a customer about their
        own visits and invoices, links only to your own pages, and stops in a conversation as soon as someone of the
        office answers there.
      </p>
      {problem || update.error ? (
        <p role="alert" className="text-sm text-destructive">
          {problem ?? apiErrorMessage(update.error, "The settings could not be saved")}
        </p>
      ) : null}
      {update.isSuccess ? (
        <p role="status" className="text-sm">
          Assistant settings saved.
        </p>
      ) : null}
      {canChange ? (
        <div>
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? "Saving…" : "Save assistant settings"}
          </Button>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">Only owners and admins can change the assistant's settings.</p>
      )}
    </form>
  );
}

/** Settings → Communications: the assistant that answers customers, what it may do alone, its hours and daily cap. */
export function CustomerAssistantCard() {
  const canChange = useCan("integrations.manage");
  const settings = useEndpointQuery(customerAssistantEndpoints.settings, {});
  return (
    <Card role="region" aria-labelledby="customer-assistant-title">
      <CardHeader>
        <CardTitle id="customer-assistant-title">Assistant for customers</CardTitle>
        <CardDescription>
          Answers your customers' texts and e-mail replies: when you're coming, what they owe, a new time for a visit, a
          request for a quote. Everything it does shows in the customer's conversation in Messages.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        {settings.isPending ? (
          <LoadingBlock label="Loading the assistant's settings" />
        ) : settings.isError ? (
          <ErrorBlock
            title={apiErrorMessage(settings.error, "The assistant's settings could not be loaded")}
            retry={() => void settings.refetch()}
            busy={settings.isFetching}
          />
        ) : (
          <>
            {settings.data.unavailableReason ? (
              <p className="text-sm text-muted-foreground">{settings.data.unavailableReason}</p>
            ) : null}
            <SettingsForm
              key={JSON.stringify(settings.data.settings)}
              saved={settings.data.settings}
              canChange={canChange && settings.data.unavailableReason === null}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
