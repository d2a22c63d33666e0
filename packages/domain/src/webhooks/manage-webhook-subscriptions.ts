import { randomBytes } from "node:crypto";
import type { TenantTransaction } from "@fieldops/db";
import { VERTICALS, verticalIdSchema } from "@fieldops/shared/verticals";
import {
  MAX_WEBHOOK_SUBSCRIPTIONS,
  type CreateWebhookSubscriptionRequest,
  type WebhookDelivery,
  type WebhookSubscription,
} from "@fieldops/shared/webhooks";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict, forbidden, invalidInput, notFound } from "../errors.ts";
import { encryptSecret } from "../integrations/token-encryption.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import { checkOutgoingUrl, OutgoingUrlRefusedError, type ResolveHost } from "../security/outgoing-url.ts";
import { actorUserId, type TenantScope, type UserActor } from "../tenant-scope.ts";
import { deliverWebhookTask } from "./deliver-webhook.task.ts";

/** What saving a URL needs from the process: the operator's allowance, the key secrets are sealed with. */
export interface WebhookSettings {
  allowPrivateUrls: boolean;
  encryptionKey: Buffer;
  /** Tests resolve names to chosen addresses. */
  resolve?: ResolveHost;
}

const SELECT = { id: true, url: true, events: true, source: true, enabled: true, createdAt: true } as const;

type SubscriptionRow = { id: string; url: string; events: string[]; source: string; enabled: boolean; createdAt: Date };

const toSubscription = (row: SubscriptionRow): WebhookSubscription => ({
  ...row,
  source: row.source === "rest_hook" ? "rest_hook" : "app",
  createdAt: row.createdAt.toISOString(),
});

/** Pro's Zapier feature, and a vertical that does not prohibit it (wound care keeps patients' data in the product). */
async function requireWebhooks(tx: TenantTransaction): Promise<void> {
  await requirePlanFeature(tx, "zapier", "Webhooks and Zapier");
  const company = await tx.company.findFirstOrThrow({ select: { verticalId: true } });
  const vertical = verticalIdSchema.safeParse(company.verticalId);
  if (vertical.success && VERTICALS[vertical.data].integrations.prohibited.includes("zapier")) {
    throw forbidden(`Webhooks and Zapier are not available for ${VERTICALS[vertical.data].name} companies`);
  }
}

export async function listWebhookSubscriptions({ tx }: TenantScope<UserActor>): Promise<{
  items: WebhookSubscription[];
}> {
  await requireWebhooks(tx);
  const rows = await tx.webhookSubscription.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: SELECT,
  });
  return { items: rows.map(toSubscription) };
}

/**
 * A new subscription: its URL checked by the SSRF guard (a clear 400 naming why), a signing secret (`whsec_` and 24
 * random bytes in base64, as Standard Webhooks secrets are) shown in this answer only and stored encrypted. Audited.
 */
export async function createWebhookSubscription(
  scope: TenantScope<UserActor>,
  input: CreateWebhookSubscriptionRequest & { source?: "app" | "rest_hook" },
  settings: WebhookSettings,
): Promise<WebhookSubscription & { secret: string }> {
  const { tx, companyId, actor } = scope;
  await requireWebhooks(tx);
  const url = await checkedUrl(input.url, settings);
  const count = await tx.webhookSubscription.count();
  if (count >= MAX_WEBHOOK_SUBSCRIPTIONS) {
    throw conflict(`A company keeps at most ${MAX_WEBHOOK_SUBSCRIPTIONS} webhook subscriptions: delete one first`);
  }
  const secret = `whsec_${randomBytes(24).toString("base64")}`;
  const row = await tx.webhookSubscription.create({
    data: {
      companyId,
      url,
      events: [...new Set(input.events)].sort(),
      secretEncrypted: encryptSecret(settings.encryptionKey, secret),
      source: input.source ?? "app",
      createdByUserId: actorUserId(actor),
    },
    select: SELECT,
  });
  await recordAudit(tx, {
    companyId,
    actorUserId: actorUserId(actor),
    action: "webhook.subscribed",
    entityType: "webhook_subscription",
    entityId: row.id,
    summary: `${actor.name} subscribed ${new URL(url).host} to ${row.events.join(", ")}`,
  });
  return { ...toSubscription(row), secret };
}

async function checkedUrl(raw: string, settings: WebhookSettings): Promise<string> {
  try {
    const url = await checkOutgoingUrl(raw, {
      allowPrivate: settings.allowPrivateUrls,
      ...(settings.resolve ? { resolve: settings.resolve } : {}),
    });
    return url.toString();
  } catch (error) {
    if (error instanceof OutgoingUrlRefusedError) throw invalidInput(error.message, "url");
    throw error;
  }
}

export async function setWebhookSubscriptionEnabled(
  { tx, companyId, actor }: TenantScope<UserActor>,
  input: { id: string; enabled: boolean },
): Promise<WebhookSubscription> {
  await requireWebhooks(tx);
  const updated = await tx.webhookSubscription.updateMany({
    where: { id: input.id },
    data: { enabled: input.enabled },
  });
  if (updated.count === 0) throw notFound("Webhook subscription not found");
  const row = await tx.webhookSubscription.findUniqueOrThrow({ where: { id: input.id }, select: SELECT });
  await recordAudit(tx, {
    companyId,
    actorUserId: actorUserId(actor),
    action: input.enabled ? "webhook.enabled" : "webhook.disabled",
    entityType: "webhook_subscription",
    entityId: row.id,
    summary: `${actor.name} turned ${input.enabled ? "on" : "off"} the webhook to ${new URL(row.url).host}`,
  });
  return toSubscription(row);
}

/** Deletes a subscription and its log; its deliveries still queued find nothing and send nothing. */
export async function deleteWebhookSubscription(
  { tx, companyId, actor }: TenantScope<UserActor>,
  input: { id: string },
): Promise<null> {
  const row = await tx.webhookSubscription.findUnique({ where: { id: input.id }, select: { url: true } });
  if (!row) throw notFound("Webhook subscription not found");
  await tx.webhookSubscription.delete({ where: { id: input.id } });
  await recordAudit(tx, {
    companyId,
    actorUserId: actorUserId(actor),
    action: "webhook.deleted",
    entityType: "webhook_subscription",
    entityId: input.id,
    summary: `${actor.name} deleted the webhook to ${new URL(row.url).host}`,
  });
  return null;
}

type DeliveryRow = {
  id: string;
  eventId: string;
  eventType: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  responseBody: string | null;
  error: string | null;
  replayOfId: string | null;
  createdAt: Date;
  lastAttemptAt: Date | null;
  deliveredAt: Date | null;
};

const toDelivery = ({
  eventId,
  status,
  createdAt,
  lastAttemptAt,
  deliveredAt,
  ...row
}: DeliveryRow): WebhookDelivery => ({
  ...row,
  messageId: `msg_${eventId}`,
  status: status === "succeeded" || status === "failed" || status === "retrying" ? status : "pending",
  createdAt: createdAt.toISOString(),
  lastAttemptAt: lastAttemptAt?.toISOString() ?? null,
  deliveredAt: deliveredAt?.toISOString() ?? null,
});

const DELIVERY_SELECT = {
  id: true,
  eventId: true,
  eventType: true,
  status: true,
  attempts: true,
  responseStatus: true,
  responseBody: true,
  error: true,
  replayOfId: true,
  createdAt: true,
  lastAttemptAt: true,
  deliveredAt: true,
} as const;

export async function listWebhookDeliveries(
  { tx }: TenantScope<UserActor>,
  input: { id: string },
): Promise<{ items: WebhookDelivery[] }> {
  await requireWebhooks(tx);
  const subscription = await tx.webhookSubscription.findUnique({ where: { id: input.id }, select: { id: true } });
  if (!subscription) throw notFound("Webhook subscription not found");
  const rows = await tx.webhookDelivery.findMany({
    where: { subscriptionId: input.id },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 100,
    select: DELIVERY_SELECT,
  });
  return { items: rows.map(toDelivery) };
}

/**
 * Sends a delivery's message again as a new delivery of the same payload and the same `webhook-id`: Standard Webhooks
 * keeps a message's id across re-sends so that a receiver that already handled it can tell (and one that did not,
 * handles it now). The timestamp and signature are the new try's.
 */
export async function replayWebhookDelivery(
  scope: TenantScope<UserActor>,
  input: { id: string },
): Promise<WebhookDelivery> {
  const { tx, companyId, actor } = scope;
  await requireWebhooks(tx);
  const original = await tx.webhookDelivery.findUnique({
    where: { id: input.id },
    select: {
      id: true,
      subscriptionId: true,
      eventId: true,
      eventType: true,
      payload: true,
      subscription: { select: { enabled: true } },
    },
  });
  if (!original) throw notFound("Webhook delivery not found");
  if (!original.subscription.enabled) throw conflict("Turn the subscription on before replaying its deliveries");
  const row = await tx.webhookDelivery.create({
    data: {
      companyId,
      subscriptionId: original.subscriptionId,
      eventId: original.eventId,
      eventType: original.eventType,
      payload: original.payload ?? {},
      replayOfId: original.id,
    },
    select: DELIVERY_SELECT,
  });
  scope.enqueue(deliverWebhookTask, { companyId, deliveryId: row.id }, row.id);
  await recordAudit(tx, {
    companyId,
    actorUserId: actorUserId(actor),
    action: "webhook.replayed",
    entityType: "webhook_subscription",
    entityId: original.subscriptionId,
    summary: `${actor.name} replayed a ${original.eventType} webhook`,
  });
  return toDelivery(row);
}
