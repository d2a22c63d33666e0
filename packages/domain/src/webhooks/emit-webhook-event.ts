import { randomUUID } from "node:crypto";
import type { Prisma, TenantTransaction } from "@fieldops/db";
import type { WebhookEventType } from "@fieldops/shared/webhooks";
import type { TenantScope } from "../tenant-scope.ts";
import { deliverWebhookTask } from "./deliver-webhook.task.ts";
import { webhookDeliveriesChanged } from "./webhook-events.ts";

const subscriptionsByTransaction = new WeakMap<TenantTransaction, Promise<{ id: string; events: string[] }[]>>();

/** The company's enabled subscriptions, read once per transaction however many events it announces. */
function enabledSubscriptions(tx: TenantTransaction) {
  let read = subscriptionsByTransaction.get(tx);
  if (!read) {
    read = tx.webhookSubscription.findMany({ where: { enabled: true }, select: { id: true, events: true } });
    subscriptionsByTransaction.set(tx, read);
  }
  return read;
}

/**
 * Announces a change to the company's webhook subscriptions that asked for `type`: one delivery row and one
 * `deliver_webhook` task (keyed by the delivery) per subscription, written in the change's transaction, so a change
 * that rolls back sends nothing and one that commits is delivered once to each. A company without subscriptions pays
 * one indexed read per transaction.
 */
export async function emitWebhookEvent(
  scope: Pick<TenantScope, "tx" | "companyId" | "enqueue"> & Partial<Pick<TenantScope, "emit">>,
  type: WebhookEventType,
  data: Prisma.InputJsonObject,
  now = new Date(),
): Promise<void> {
  const subscriptions = (await enabledSubscriptions(scope.tx)).filter((subscription) =>
    subscription.events.includes(type),
  );
  if (subscriptions.length === 0) return;
  const eventId = randomUUID();
  const payload = { type, timestamp: now.toISOString(), data };
  for (const subscription of subscriptions) {
    const delivery = await scope.tx.webhookDelivery.create({
      data: { companyId: scope.companyId, subscriptionId: subscription.id, eventId, eventType: type, payload },
      select: { id: true },
    });
    scope.enqueue(deliverWebhookTask, { companyId: scope.companyId, deliveryId: delivery.id }, delivery.id);
  }
  scope.emit?.(webhookDeliveriesChanged(subscriptions.map((subscription) => subscription.id)));
}
