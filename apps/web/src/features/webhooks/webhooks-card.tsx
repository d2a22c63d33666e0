import { useState } from "react";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import {
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENT_TYPES,
  createWebhookSubscriptionRequestSchema,
  webhookEndpoints,
  type WebhookEventType,
  type WebhookSubscription,
} from "@fieldops/shared/webhooks";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { FormField, useRefusal, useSchemaForm } from "../../components/form";
import { FormDialog } from "../../components/form-dialog";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { PlanUpgradeRequired, planRefusalOf } from "../../components/plan-upgrade-required";
import { ShownOnceSecret } from "../../components/shown-once-secret";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { apiErrorMessage } from "../../lib/api-error";
import { useCompany } from "../../lib/company";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { useSignedInUser } from "../../lib/session";

const subscriptionsKey = endpointKey(webhookEndpoints.list);

function NewSubscriptionDialog({
  onCreated,
  onOpenChange,
}: {
  onCreated: (secret: string) => void;
  onOpenChange: (open: boolean) => void;
}) {
  const create = useEndpointMutation(webhookEndpoints.create, { invalidates: [subscriptionsKey] });
  const form = useSchemaForm(createWebhookSubscriptionRequestSchema, { url: "", events: [] });
  const { refusal, place, clear } = useRefusal(form);
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const toggle = (event: WebhookEventType, on: boolean) => {
    const next = on ? [...events, event] : events.filter((each) => each !== event);
    setEvents(next);
    form.setValue("events", next, { shouldValidate: form.formState.isSubmitted });
  };
  const submit = form.handleSubmit((body) => {
    clear();
    create.mutate({ body }, { onSuccess: (created) => onCreated(created.secret), onError: place });
  });
  return (
    <FormDialog
      onOpenChange={onOpenChange}
      title="New webhook"
      description="Each event is POSTed to the URL as JSON, signed per Standard Webhooks with the secret shown next."
      confirm="Add webhook"
      pendingLabel="Adding…"
      pending={create.isPending}
      error={refusal}
      noValidate
      onSubmit={submit}
    >
      <FormField form={form} name="url" label="URL">
        {(control) => <Input {...control} placeholder="https://hooks.example.com/fieldops" {...form.register("url")} />}
      </FormField>
      <fieldset className="grid gap-1" aria-describedby="webhook-events-error">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        {WEBHOOK_EVENT_TYPES.map((event) => (
          <label key={event} className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={events.includes(event)}
              onChange={(change) => toggle(event, change.target.checked)}
            />
            {WEBHOOK_EVENT_LABELS[event]} <code className="text-muted-foreground">{event}</code>
          </label>
        ))}
        <p id="webhook-events-error" role="alert" className="text-sm text-destructive">
          {form.formState.errors.events?.message ?? ""}
        </p>
      </fieldset>
    </FormDialog>
  );
}

const DELIVERY_STATUS_LABELS = {
  pending: "Pending",
  retrying: "Retrying",
  succeeded: "Delivered",
  failed: "Failed",
} as const;

/** A subscription's last deliveries: status, tries, the receiver's answer or the error, and Replay. */
function DeliveryLog({ subscription, timeZone }: { subscription: WebhookSubscription; timeZone: string }) {
  const deliveries = useEndpointQuery(webhookEndpoints.deliveries, { params: { id: subscription.id } });
  const replay = useEndpointMutation(webhookEndpoints.replay, {
    invalidates: [endpointKey(webhookEndpoints.deliveries, { params: { id: subscription.id } })],
  });
  if (deliveries.isPending) return <LoadingBlock label="Loading deliveries" />;
  if (deliveries.error)
    return (
      <ErrorBlock
        title="The deliveries could not be loaded"
        retry={() => void deliveries.refetch()}
        busy={deliveries.isFetching}
      />
    );
  if (deliveries.data.items.length === 0) return <p className="text-sm text-muted-foreground">Nothing sent yet.</p>;
  return (
    <>
      {replay.error ? (
        <p role="alert" className="text-sm text-destructive">
          {apiErrorMessage(replay.error, "The delivery could not be replayed")}
        </p>
      ) : null}
      <ul aria-label={`Deliveries to ${subscription.url}`} className="grid gap-2 text-sm">
        {deliveries.data.items.map((delivery) => (
          <li
            key={delivery.id}
            className="flex flex-wrap items-start justify-between gap-2 border-b pb-2 last:border-0"
          >
            <div className="grid gap-0.5">
              <span>
                <code>{delivery.eventType}</code> · {DELIVERY_STATUS_LABELS[delivery.status]} ·{" "}
                {delivery.attempts === 1 ? "1 try" : `${delivery.attempts} tries`}
                {delivery.replayOfId ? " · replay" : ""}
              </span>
              <span className="text-muted-foreground">
                {formatCompanyTime(delivery.createdAt, timeZone)}
                {delivery.responseStatus !== null ? ` · answered ${delivery.responseStatus}` : ""}
              </span>
              {delivery.error ? <span className="text-destructive">{delivery.error}</span> : null}
              {delivery.responseBody ? (
                <code className="max-w-prose truncate text-muted-foreground">{delivery.responseBody}</code>
              ) : null}
            </div>
            <Button
              size="sm"
              variant="outline"
              disabled={replay.isPending}
              aria-label={`Replay ${delivery.eventType} of ${formatCompanyTime(delivery.createdAt, timeZone)}`}
              onClick={() => replay.mutate({ params: { id: delivery.id } })}
            >
              Replay
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * The company's webhooks (owners, Pro: "Zapier"): each subscription's URL and events, on or off, its delivery log with
 * Replay; a new one's signing secret is shown once. Subscriptions a Zapier app made (REST hooks) are listed too.
 */
export function WebhooksCard() {
  const user = useSignedInUser();
  const timeZone = useCompany(user.companyId).data?.timeZone ?? "UTC";
  const subscriptions = useEndpointQuery(webhookEndpoints.list, {});
  const update = useEndpointMutation(webhookEndpoints.update, { invalidates: [subscriptionsKey] });
  const remove = useEndpointMutation(webhookEndpoints.remove, { invalidates: [subscriptionsKey] });
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<WebhookSubscription | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const refusal = planRefusalOf(subscriptions.error);
  return (
    <Card role="region" aria-labelledby="webhooks-title">
      <CardHeader>
        <CardTitle id="webhooks-title">Webhooks</CardTitle>
        <CardDescription>
          Send customers, jobs, visits, invoices and payments as they change to your own tools or Zapier. Each request
          carries the webhook-id, webhook-timestamp and webhook-signature headers of the Standard Webhooks
          specification; failed deliveries are retried for about a day.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {refusal ? (
          <PlanUpgradeRequired message={refusal.message} requiredPlan={refusal.requiredPlan} />
        ) : subscriptions.isPending ? (
          <LoadingBlock label="Loading webhooks" />
        ) : subscriptions.error ? (
          <ErrorBlock
            title={apiErrorMessage(subscriptions.error, "The webhooks could not be loaded")}
            retry={() => void subscriptions.refetch()}
            busy={subscriptions.isFetching}
          />
        ) : (
          <>
            {subscriptions.data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">No webhooks yet.</p>
            ) : (
              <ul aria-label="Webhooks" className="grid gap-3">
                {subscriptions.data.items.map((subscription) => (
                  <li key={subscription.id} className="grid gap-2 border-b pb-3 last:border-0">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <div className="grid gap-0.5 text-sm">
                        <span className="font-medium break-all">{subscription.url}</span>
                        <span className="text-muted-foreground">
                          {subscription.events.join(", ")}
                          {subscription.source === "rest_hook" ? " · added by an app (REST hook)" : ""}
                          {subscription.enabled ? "" : " · off"}
                        </span>
                      </div>
                      <div className="flex gap-2">
                        <Button
                          size="sm"
                          variant="outline"
                          aria-expanded={open === subscription.id}
                          onClick={() => setOpen(open === subscription.id ? null : subscription.id)}
                        >
                          Deliveries
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          disabled={update.isPending}
                          onClick={() =>
                            update.mutate({ params: { id: subscription.id }, body: { enabled: !subscription.enabled } })
                          }
                        >
                          {subscription.enabled ? "Turn off" : "Turn on"}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Delete the webhook to ${subscription.url}`}
                          onClick={() => setDeleting(subscription)}
                        >
                          Delete
                        </Button>
                      </div>
                    </div>
                    {open === subscription.id ? <DeliveryLog subscription={subscription} timeZone={timeZone} /> : null}
                  </li>
                ))}
              </ul>
            )}
            <div>
              <Button onClick={() => setCreating(true)}>New webhook</Button>
            </div>
          </>
        )}
        {secret ? (
          <ShownOnceSecret
            label="Signing secret"
            value={secret}
            copied={{ title: "Signing secret copied", description: "Keep it where your receiver reads it." }}
          >
            The webhook&apos;s signing secret, shown this once:
          </ShownOnceSecret>
        ) : null}
      </CardContent>
      {creating ? (
        <NewSubscriptionDialog
          onOpenChange={setCreating}
          onCreated={(created) => {
            setSecret(created);
            setCreating(false);
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(value) => (value ? undefined : setDeleting(null))}
        title="Delete this webhook?"
        description={`Nothing more is sent to ${deleting?.url ?? ""}, and its delivery log goes with it.`}
        action="Delete"
        destructive
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (deleting) remove.mutate({ params: { id: deleting.id } }, { onSuccess: () => setDeleting(null) });
        }}
      />
    </Card>
  );
}
