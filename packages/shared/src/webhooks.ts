/** Outgoing webhooks (Pro: "Zapier"): subscriptions, their deliveries, and the REST hooks a Zapier app uses. */
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { text } from "./text";

/** The events a subscription may ask for: each is emitted by the use case that makes the change, in its transaction. */
export const WEBHOOK_EVENT_TYPES = [
  "customer.created",
  "customer.updated",
  "job.created",
  "visit.scheduled",
  "visit.rescheduled",
  "visit.started",
  "visit.completed",
  "visit.canceled",
  "invoice.sent",
  "payment.received",
] as const;
export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof webhookEventTypeSchema>;

export const WEBHOOK_EVENT_LABELS: Record<WebhookEventType, string> = {
  "customer.created": "A customer is added",
  "customer.updated": "A customer is changed",
  "job.created": "A job is created",
  "visit.scheduled": "A visit is given a time",
  "visit.rescheduled": "A visit is moved to another time",
  "visit.started": "A visit is started",
  "visit.completed": "A visit is completed",
  "visit.canceled": "A visit is canceled",
  "invoice.sent": "An invoice is sent",
  "payment.received": "A payment is received",
};

/** Subscriptions one company may have. */
export const MAX_WEBHOOK_SUBSCRIPTIONS = 25;
/** Tries of one delivery: the first and 7 retries, 10 minutes apart and doubling (about 21 hours in all). */
export const WEBHOOK_DELIVERY_ATTEMPTS = 8;
/** How much of a receiver's answer the delivery log keeps. */
export const WEBHOOK_RESPONSE_BODY_MAX = 2048;

const webhookUrl = text({ max: 2000, trim: true }).min(1, "Give the URL to send events to");

export const webhookSubscriptionSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  /** "app": made in Settings; "rest_hook": made by an app (Zapier) through POST /api/hooks. */
  source: z.enum(["app", "rest_hook"]),
  enabled: z.boolean(),
  createdAt: z.string(),
});
export type WebhookSubscription = z.infer<typeof webhookSubscriptionSchema>;

export const webhookSubscriptionListSchema = z.object({
  items: z.array(webhookSubscriptionSchema).max(MAX_WEBHOOK_SUBSCRIPTIONS),
});

export const createWebhookSubscriptionRequestSchema = z.object({
  url: webhookUrl,
  events: z.array(webhookEventTypeSchema).min(1, "Choose at least one event").max(WEBHOOK_EVENT_TYPES.length),
});
export type CreateWebhookSubscriptionRequest = z.infer<typeof createWebhookSubscriptionRequestSchema>;

/** The new subscription with its signing secret (`whsec_…`), shown this once. */
export const createdWebhookSubscriptionSchema = webhookSubscriptionSchema.extend({ secret: z.string() });

export const updateWebhookSubscriptionRequestSchema = z.object({ enabled: z.boolean() });

export const webhookDeliveryStatusSchema = z.enum(["pending", "retrying", "succeeded", "failed"]);

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The message's id, sent as `webhook-id` (`msg_<eventId>`): the same on a retry and a replay. */
  messageId: z.string(),
  eventType: z.string(),
  status: webhookDeliveryStatusSchema,
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  responseBody: z.string().nullable(),
  error: z.string().nullable(),
  replayOfId: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryListSchema = z.object({ items: z.array(webhookDeliverySchema).max(100) });

/** Zapier's REST hook subscribe request (https://platform.zapier.com/build/hook-trigger#rest-hook). */
export const restHookRequestSchema = z.object({ target_url: webhookUrl, event: webhookEventTypeSchema });

const idParams = z.object({ id: z.uuid() });

export const webhookEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/webhooks/subscriptions",
    tags: ["webhooks"],
    summary: "The company's webhook subscriptions, without their secrets (owners; Pro)",
    response: webhookSubscriptionListSchema,
    capability: "settings.manage",
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/webhooks/subscriptions",
    tags: ["webhooks"],
    summary: "A new webhook subscription; its signing secret is shown only in this answer (owners; Pro)",
    body: createWebhookSubscriptionRequestSchema,
    status: 201,
    response: createdWebhookSubscriptionSchema,
    capability: "settings.manage",
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/webhooks/subscriptions/:id",
    tags: ["webhooks"],
    summary: "Turn a webhook subscription on or off (owners; Pro)",
    params: idParams,
    body: updateWebhookSubscriptionRequestSchema,
    response: webhookSubscriptionSchema,
    capability: "settings.manage",
  }),
  remove: defineEndpoint({
    method: "DELETE",
    path: "/api/webhooks/subscriptions/:id",
    tags: ["webhooks"],
    summary: "Delete a webhook subscription and its delivery log (owners)",
    params: idParams,
    status: 204,
    response: z.null(),
    capability: "settings.manage",
  }),
  deliveries: defineEndpoint({
    method: "GET",
    path: "/api/webhooks/subscriptions/:id/deliveries",
    tags: ["webhooks"],
    summary: "A subscription's last 100 deliveries, newest first (owners; Pro)",
    params: idParams,
    response: webhookDeliveryListSchema,
    capability: "settings.manage",
  }),
  replay: defineEndpoint({
    method: "POST",
    path: "/api/webhooks/deliveries/:id/replay",
    tags: ["webhooks"],
    summary: "Send a delivery's message again, with the same webhook-id (owners; Pro)",
    params: idParams,
    status: 201,
    response: webhookDeliverySchema,
    capability: "settings.manage",
  }),
  /**
   * REST hooks for a Zapier app: an API key with the `hooks:write` scope (or an owner signed in) subscribes a target
   * URL to one event, and unsubscribes it when the Zap is turned off.
   */
  subscribeHook: defineEndpoint({
    method: "POST",
    path: "/api/hooks",
    tags: ["hooks"],
    summary: "Subscribe a URL to one event (REST hooks, for Zapier; API key with hooks:write)",
    body: restHookRequestSchema,
    status: 201,
    response: z.object({ id: z.string() }),
  }),
  unsubscribeHook: defineEndpoint({
    method: "DELETE",
    path: "/api/hooks/:id",
    tags: ["hooks"],
    summary: "Unsubscribe a REST hook (API key with hooks:write)",
    params: idParams,
    status: 204,
    response: z.null(),
  }),
} as const;
