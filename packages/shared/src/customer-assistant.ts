/**
 * The assistant that answers the company's customers (by text, by e-mail reply, on the portal), with the office in
 * control: what it may do on its own, what waits for one click in the inbox, its hours and its daily cap.
 */
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { text } from "./text";

/** What a customer's message asks for, as the assistant reads it. */
export const CUSTOMER_INTENTS = [
  "next_visit",
  "balance",
  "pay_link",
  "reschedule",
  "skip",
  "cancel_service",
  "quote",
  "pick",
  "handoff",
] as const;
export const customerIntentSchema = z.enum(CUSTOMER_INTENTS);
export type CustomerIntent = z.infer<typeof customerIntentSchema>;

export const CUSTOMER_INTENT_WORDS: Record<CustomerIntent, string> = {
  next_visit: "Asked when the next visit is",
  balance: "Asked what they owe",
  pay_link: "Asked for a link to pay",
  reschedule: "Asked to move a visit",
  skip: "Asked to skip a visit",
  cancel_service: "Asked to cancel their service",
  quote: "Asked for a quote",
  pick: "Chose an offered time",
  handoff: "Handed to the office",
};

/**
 * What happened with one inbound message: answered on its own; times offered (a reschedule); waiting for the office's
 * click; approved or declined by the office; handed to the office (no automated answer beyond a polite one); a
 * question back about which property; or not answered (the office took over, an opt-out, the daily cap).
 */
export const CUSTOMER_ASSISTANT_STATUSES = [
  "answered",
  "offered",
  "waiting",
  "approved",
  "declined",
  "handed_off",
  "asked_property",
  "skipped",
] as const;
export const customerAssistantStatusSchema = z.enum(CUSTOMER_ASSISTANT_STATUSES);
export type CustomerAssistantStatus = z.infer<typeof customerAssistantStatusSchema>;

const clockTime = z
  .string()
  .max(5)
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "Give a time as HH:MM");

export const customerAssistantSettingsSchema = z
  .object({
    enabled: z.boolean(),
    /** What it does without the office: the rest waits for one click in the inbox. */
    onItsOwn: z
      .object({
        /** When the next visit is, what is owed, and the polite "someone will reply" for the rest. */
        answerQuestions: z.boolean(),
        /** Links to pay the customer's open invoices. */
        sendPayLinks: z.boolean(),
        /** Move a visit into a free slot the customer picked from those offered. */
        confirmReschedules: z.boolean(),
      })
      .strict(),
    /** It answers between these times of the company's day; a message outside them is answered when they begin. */
    hours: z.object({ from: clockTime, to: clockTime }).strict(),
    /** The most automated answers one customer gets in a day; beyond it the office answers. */
    dailyCapPerCustomer: z.number().int().min(1).max(50),
  })
  .strict()
  .refine((settings) => settings.hours.from < settings.hours.to, {
    message: "The hours must end after they begin",
    path: ["hours", "to"],
  });
export type CustomerAssistantSettings = z.infer<typeof customerAssistantSettingsSchema>;

/** A new company's: off until an owner turns it on; every change waits for the office. */
export const DEFAULT_CUSTOMER_ASSISTANT_SETTINGS: CustomerAssistantSettings = {
  enabled: false,
  onItsOwn: { answerQuestions: true, sendPayLinks: true, confirmReschedules: false },
  hours: { from: "07:00", to: "20:00" },
  dailyCapPerCustomer: 10,
};

export const customerAssistantSettingsResponseSchema = z.object({
  settings: customerAssistantSettingsSchema,
  /** Why it cannot be turned on (the plan, HIPAA mode), or null. */
  unavailableReason: z.string().nullable(),
});
export type CustomerAssistantSettingsResponse = z.infer<typeof customerAssistantSettingsResponseSchema>;

export const CUSTOMER_ASSISTANT_HIPAA_MESSAGE =
  "In HIPAA mode texts and e-mails carry no details, so the assistant cannot answer customers.";

/** A time offered to a customer who asked to move a visit. */
export const offeredSlotSchema = z.object({
  start: z.string(),
  end: z.string(),
  crewId: z.string().nullable(),
  crewName: z.string().nullable(),
  /** As the customer read it ("Thu Dec 10, 9:00 AM"). */
  label: z.string(),
});
export type OfferedSlot = z.infer<typeof offeredSlotSchema>;

/** One inbound message and what the assistant did with it, as the office sees it in the conversation. */
export const customerAssistantActionSchema = z.object({
  id: z.string(),
  inboundMessageId: z.string(),
  intent: customerIntentSchema,
  status: customerAssistantStatusSchema,
  lookedUp: z.string(),
  /** The answer: sent (`outboxMessageId`) or, while waiting, the draft the office's click sends. */
  reply: z.string().nullable(),
  outboxMessageId: z.string().nullable(),
  /** An answer given in the portal's chat: its message in the thread. */
  answerMessageId: z.string().nullable(),
  visitId: z.string().nullable(),
  offer: z.array(offeredSlotSchema),
  chosen: offeredSlotSchema.nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerAssistantAction = z.infer<typeof customerAssistantActionSchema>;

/** The assistant's part of a conversation: whether it answers there, and what it did. */
export const threadAssistantSchema = z.object({
  /** The company's assistant is on and the office has not taken this conversation over. */
  active: z.boolean(),
  stoppedAt: z.string().nullable(),
  actions: z.array(customerAssistantActionSchema),
});
export type ThreadAssistant = z.infer<typeof threadAssistantSchema>;

export const setThreadAssistantRequestSchema = z.object({
  /** false: the office takes the conversation over and the assistant stops answering there; true: hand it back. */
  active: z.boolean(),
});

export const decideAssistantActionRequestSchema = z.object({
  decision: z.enum(["approve", "decline"]),
  /** The office's own words instead of the draft (approve), or a note to the customer (decline). */
  reply: text({ max: 1600, trim: true }).optional(),
});
export type DecideAssistantActionRequest = z.infer<typeof decideAssistantActionRequestSchema>;

const actionParamsSchema = z.object({ id: z.uuid() });
const threadParamsSchema = z.object({ id: z.uuid() });

export const customerAssistantEndpoints = {
  settings: defineEndpoint({
    method: "GET",
    path: "/api/settings/customer-assistant",
    tags: ["settings"],
    summary: "The assistant that answers customers: on or off, what it does on its own, its hours and daily cap",
    response: customerAssistantSettingsResponseSchema,
    capability: "integrations.read",
  }),
  updateSettings: defineEndpoint({
    method: "PUT",
    path: "/api/settings/customer-assistant",
    tags: ["settings"],
    summary: "Change what the assistant may do with customers' messages (owners and administrators; audited)",
    body: customerAssistantSettingsSchema,
    response: customerAssistantSettingsResponseSchema,
    capability: "integrations.manage",
  }),
  setThreadAssistant: defineEndpoint({
    method: "PUT",
    path: "/api/messages/threads/:id/assistant",
    tags: ["messages"],
    summary: "Take a conversation over from the assistant (it stops answering there), or hand it back",
    params: threadParamsSchema,
    body: setThreadAssistantRequestSchema,
    response: threadAssistantSchema,
    capability: "messages.manage",
  }),
  decideAction: defineEndpoint({
    method: "POST",
    path: "/api/messages/assistant-actions/:id/decision",
    tags: ["messages"],
    summary:
      "Approve what the assistant waits to do (send its answer, move or skip the visit) or decline it; each decided once",
    params: actionParamsSchema,
    body: decideAssistantActionRequestSchema,
    response: customerAssistantActionSchema,
    capability: "messages.manage",
  }),
};
