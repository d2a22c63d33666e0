import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { buildStageNameSchema, buildStageStatusSchema, buildStatusSchema } from "./builds";
import { assistantEventPayloadSchema, chatClientMessageSchemas } from "./chat";
import { customerImportStatusSchema } from "./customers";
import { INTEGRATION_PROVIDERS } from "./integrations";
import { moduleRunUpdateSchema } from "./modules";
import type { Capability } from "./permissions";
import { text } from "./text";

/** One entry of a company's activity feed (an audit log row as the client sees it). */
export const activitySchema = z.object({
  id: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  actorUserId: z.string().nullable(),
  summary: z.string(),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** Every event a worker or the API publishes to a company's sockets. */
export const appEventSchema = z.discriminatedUnion("name", [
  z.object({ name: z.literal("activity.recorded"), payload: activitySchema }),
  /** Visits were created, moved, assigned or moved along their lifecycle; screens showing them refetch. */
  z.object({
    name: z.literal("visits.changed"),
    payload: z.object({
      visitIds: z.array(z.string()).max(1000),
      jobIds: z.array(z.string()).max(1000),
      crewIds: z.array(z.string()).max(1000),
    }),
  }),
  /** Jobs were created or edited (title, line items, closing, invoicing). */
  z.object({ name: z.literal("jobs.changed"), payload: z.object({ jobIds: z.array(z.string()).max(1000) }) }),
  /** Invoices were created, edited, sent, paid, refunded, voided or reviewed; billing screens refetch. */
  z.object({
    name: z.literal("invoices.changed"),
    payload: z.object({ invoiceIds: z.array(z.string()).max(1000), customerIds: z.array(z.string()).max(1000) }),
  }),
  /** Estimates were created, edited, sent, answered by their customer, converted or expired. */
  z.object({ name: z.literal("estimates.changed"), payload: z.object({ estimateIds: z.array(z.string()).max(1000) }) }),
  /** An integration's connection changed without anyone clicking (its provider stopped accepting the app's access). */
  z.object({ name: z.literal("integrations.changed"), payload: z.object({ provider: z.enum(INTEGRATION_PROVIDERS) }) }),
  /** Leads were created, edited or moved on (an estimate made, won, lost). */
  z.object({ name: z.literal("leads.changed"), payload: z.object({ leadIds: z.array(z.string()).max(1000) }) }),
  /** Records of a custom object were created, changed or deleted. */
  z.object({
    name: z.literal("custom_records.changed"),
    payload: z.object({ objectKey: z.string(), recordIds: z.array(z.string()).max(1000) }),
  }),
  /** The company's custom objects changed: a build installed, promoted or rolled some back. */
  z.object({ name: z.literal("custom_objects.changed"), payload: z.object({ buildId: z.string() }) }),
  /** A customer import wrote its rows, or its background task located more of their addresses or finished. */
  z.object({
    name: z.literal("customer_import.updated"),
    payload: z.object({ importId: z.string(), status: customerImportStatusSchema }),
  }),
  /** A crew, its members, skills or hours changed, or one was deleted. */
  z.object({ name: z.literal("crews.changed"), payload: z.object({ crewIds: z.array(z.string()).max(1000) }) }),
  /** A route plan (an optimized day) moved on: queued, running, ready, failed or applied. */
  z.object({ name: z.literal("route_plan.updated"), payload: z.object({ planId: z.string(), status: z.string() }) }),
  /** One AG-UI event of a user's assistant run; published to that user only. */
  z.object({ name: z.literal("assistant.event"), payload: assistantEventPayloadSchema }),
  /** A module run moved on, or was undone (published to the user who asked for it). */
  z.object({ name: z.literal("module.run_updated"), payload: moduleRunUpdateSchema }),
  /** An approval request was created or decided (published to the company: owners and admins list the pending ones). */
  z.object({
    name: z.literal("approval.updated"),
    payload: z.object({
      approvalId: z.string(),
      moduleId: z.string(),
      status: z.enum(["pending", "approved", "denied", "expired"]),
    }),
  }),
  /** A support ticket was opened, answered or changed status; its screens refetch. */
  z.object({
    name: z.literal("support.ticket_updated"),
    payload: z.object({ ticketId: z.string(), status: z.enum(["open", "waiting", "resolved", "closed"]) }),
  }),
  /**
   * A feature build moved on: a stage started, wrote a line to its log, passed or failed, or the build was promoted,
   * retried or rolled back. `line` is the log line just written, if any.
   */
  z.object({
    name: z.literal("build.updated"),
    payload: z.object({
      buildId: z.string(),
      status: buildStatusSchema,
      stage: buildStageNameSchema.nullable(),
      stageStatus: buildStageStatusSchema.nullable(),
      line: z.string().max(2000).nullable(),
    }),
  }),
  /**
   * Messages were written or their delivery moved on (sending, sent, delivered, failed): the outbox, and the invoice,
   * estimate and customer they were sent for, refetch.
   */
  z.object({
    name: z.literal("outbox.changed"),
    payload: z.object({
      messageIds: z.array(z.string()).max(1000),
      invoiceIds: z.array(z.string()).max(1000),
      estimateIds: z.array(z.string()).max(1000),
      customerIds: z.array(z.string()).max(1000),
    }),
  }),
  /**
   * A conversation moved on: a text or an e-mail reply came in, the office replied or read it. The inbox, its badge and
   * the thread (and the customer's page) refetch.
   */
  z.object({
    name: z.literal("messages.changed"),
    payload: z.object({
      threadIds: z.array(z.string()).max(100),
      customerIds: z.array(z.string()).max(100),
      inbound: z.boolean(),
    }),
  }),
  /**
   * The conversations of the field app moved on: a message came in or went out, the office shared or unshared one
   * with a crew, or a user read one. The field app's Messages tab and its badge refetch (ids only, for every socket: a
   * field user reads the text through the field app, and only of the threads shared with their crew).
   */
  z.object({
    name: z.literal("field_threads.changed"),
    payload: z.object({ threadIds: z.array(z.string()).max(100) }),
  }),
  /** A webhook delivery was written or tried: Settings → Webhooks refetches its log. */
  z.object({
    name: z.literal("webhook_deliveries.changed"),
    payload: z.object({ subscriptionIds: z.array(z.string()).max(100) }),
  }),
  /** Automations were changed, or their runs were planned, fired or canceled; their pages refetch. */
  z.object({
    name: z.literal("automations.changed"),
    payload: z.object({ automationIds: z.array(z.string()).max(100) }),
  }),
  /** The team changed: an invitation was sent, accepted or revoked, a role changed or someone was removed. */
  z.object({ name: z.literal("team.changed"), payload: z.object({ userIds: z.array(z.string()).max(100) }) }),
]);
export type AppEvent = z.infer<typeof appEventSchema>;
export type AppEventName = AppEvent["name"];

/**
 * The events a socket carries only to users with a capability, as the reads they refresh do: the activity feed's
 * entries (team, settings and plan changes) are not a field user's.
 */
export const EVENT_CAPABILITIES: Partial<Record<AppEventName, Capability>> = {
  "activity.recorded": "activity.read",
  "messages.changed": "messages.manage",
  "automations.changed": "settings.read",
  "webhook_deliveries.changed": "settings.manage",
};

/**
 * Server → client messages on /api/ws. `seq` is the position in the company's event stream (a Redis stream id):
 * a client that reconnects sends the last seq it saw and receives what it missed, in order.
 */
export const serverMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ready"), lastSeq: z.string().nullable() }),
  z.object({
    type: z.literal("event"),
    seq: z.string(),
    requestId: z.string().nullable(),
    occurredAt: z.string(),
    event: appEventSchema,
  }),
  z.object({ type: z.literal("pong"), requestId: z.string() }),
  z.object({ type: z.literal("error"), message: z.string(), requestId: z.string().nullable() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/**
 * A first connection's query parameter: how many milliseconds ago the client began loading the data it shows. The
 * server replays the company's events of that span (plus a margin, at most `SOCKET_CATCH_UP_MAX_MS`), so a change
 * made between a page's first fetch and its socket being ready is not missed. The span is relative, so the two
 * clocks need not agree.
 */
export const SOCKET_CATCH_UP_PARAM = "catch_up_ms";
export const SOCKET_CATCH_UP_MAX_MS = 120_000;

/** Client → server messages on /api/ws. */
export const clientMessageSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("resume"), after: text({ max: 64 }).nullable() }),
  z.object({ type: z.literal("ping"), requestId: text({ max: 100 }) }),
  ...chatClientMessageSchemas,
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const activityListResponseSchema = z.object({ items: z.array(activitySchema) });
export type ActivityListResponse = z.infer<typeof activityListResponseSchema>;

/**
 * POST /api/ws-ticket: a single-use ticket that opens /api/ws?ticket=… for the caller's session within
 * `expiresInSeconds`. Session tokens never travel in a URL.
 */
export const socketTicketResponseSchema = z.object({
  ticket: z.string(),
  expiresInSeconds: z.number().int().positive(),
});
export type SocketTicketResponse = z.infer<typeof socketTicketResponseSchema>;

/** The ticket that opens the live events socket; the socket itself (/api/ws) is a WebSocket upgrade, not an endpoint. */
export const realtimeEndpoints = {
  socketTicket: defineEndpoint({
    method: "POST",
    path: "/api/ws-ticket",
    tags: ["realtime"],
    summary: "A single-use ticket that opens the company's live events socket (/api/ws?ticket=…) within 30 seconds",
    response: socketTicketResponseSchema,
  }),
} as const;

/** WebSocket close code for a socket without a valid session (4000–4999 belong to the application). */
export const WS_CLOSE_UNAUTHORIZED = 4401;

export const activityQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(100).default(20) });

export const activityEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/activity",
    tags: ["company"],
    summary: "The company's recent activity, newest first",
    query: activityQuerySchema,
    response: activityListResponseSchema,
    capability: "activity.read",
  }),
} as const;
