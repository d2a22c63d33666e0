import { EventSchemas } from "@ag-ui/core/schemas";
import { z } from "zod";
import { assistantContextSchema, moduleProposalSchema, readToolCallSchema, revenueMeasureSchema } from "./assistant";
import { defineEndpoint } from "./endpoint";
import { buildQuoteSchema, featureSpecSchema } from "./feature-spec";
import { moduleRunUpdateSchema } from "./modules";
import type { PlanFeature } from "./plans";
import { text } from "./text";

/** The chat's message box: its accessible name, and the longest message it takes. */
export const MESSAGE_BOX_LABEL = "Message the assistant";
export const CHAT_MESSAGE_MAX_LENGTH = 4000;

/**
 * The plan feature the assistant is (AI chat, from the Pro plan): without it the chat, its history and its suggestions
 * are refused. The app's own screens (the board's optimize day, exports) stay with their own features.
 */
export const ASSISTANT_PLAN_FEATURE = "ai_chat" satisfies PlanFeature;

/** What the assistant does, in short: the list a plan without it shows beside Plan Upgrade Required. */
export const ASSISTANT_ABILITIES = [
  "Takes you to a page, or connects QuickBooks, Stripe or Twilio, from one sentence",
  "Finds customers and jobs, and shows unpaid invoices, a day's schedule or revenue",
  "Creates jobs, schedules visits, sends payment reminders and invoices completed visits, once you confirm",
  "Quotes a new feature for your business",
] as const;

/**
 * The assistant speaks AG-UI (`@ag-ui/core`) inside our socket envelopes, so any AG-UI client can follow a run:
 * RUN_STARTED, TEXT_MESSAGE_START / _CONTENT / _END for text, TOOL_CALL_START / _ARGS / _END (+ _RESULT for reads)
 * for tool calls, CUSTOM for what AG-UI has no event for, RUN_FINISHED or RUN_ERROR.
 */
export const aguiEventSchema = EventSchemas;
export type AguiEvent = z.infer<typeof aguiEventSchema>;

/** The tool call whose arguments are one UI action (JSON of `uiActionSchema`); the client's ui-actions machine runs it. */
export const UI_ACTION_TOOL_NAME = "ui_action";

/** CUSTOM event names the assistant emits. */
export const ASSISTANT_CUSTOM_EVENTS = {
  /** Who answers this run: a configured model or the offline planner (value: `answererSchema`). */
  answerer: "fieldops.answerer",
  /** A data-changing module run waiting for the user's confirmation in the chat (value: `chatProposalSchema`). */
  proposal: "fieldops.proposal",
  /** The user's decision on a proposal, once taken (value: `proposalDecisionSchema`). */
  proposalDecided: "fieldops.proposal_decided",
} as const;

export const answererSchema = z.object({
  kind: z.enum(["model", "offline_planner"]),
  /** The model's name when a model answers. */
  model: z.string().optional(),
});
export type Answerer = z.infer<typeof answererSchema>;

export const chatProposalSchema = moduleProposalSchema.omit({ action: true }).extend({
  proposalId: z.string(),
  /** The company's time zone, in which the card shows the parameters' times (absent on proposals stored before). */
  timeZone: z.string().optional(),
});
export type ChatProposal = z.infer<typeof chatProposalSchema>;

export const proposalDecisionSchema = z.object({ proposalId: z.string(), decision: z.enum(["confirm", "cancel"]) });
export type ProposalDecision = z.infer<typeof proposalDecisionSchema>;

const cents = z.number().int();
/** The company's time zone, in which a card shows its times and days (absent on cards stored before it was sent). */
const cardTimeZone = z.string().optional();

/**
 * What a read tool answers with (the JSON content of its TOOL_CALL_RESULT): compact live UI in the conversation,
 * each row with its own actions in the client. Always data, never instructions.
 */
export const assistantCardSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("customers"),
    items: z
      .array(
        z.object({
          id: z.string(),
          name: z.string(),
          phone: z.string().nullable(),
          email: z.string().nullable(),
          address: z.string().nullable(),
        }),
      )
      .max(20),
  }),
  z.object({
    kind: z.literal("jobs"),
    items: z
      .array(
        z.object({
          id: z.string(),
          number: z.number().int(),
          title: z.string(),
          customerName: z.string(),
          status: z.string(),
        }),
      )
      .max(20),
  }),
  z.object({
    kind: z.literal("invoices"),
    /** The unpaid invoices, or the one asked for by number (whatever its status). */
    selection: z.enum(["unpaid", "by_number"]).default("unpaid"),
    items: z
      .array(
        z.object({
          id: z.string(),
          number: z.string(),
          customerName: z.string(),
          balanceCents: cents,
          dueAt: z.string().nullable(),
          pastDue: z.boolean(),
        }),
      )
      .max(50),
    totalBalanceCents: cents,
    timeZone: cardTimeZone,
  }),
  z.object({
    kind: z.literal("visits"),
    date: z.string(),
    items: z
      .array(
        z.object({
          id: z.string(),
          jobId: z.string(),
          title: z.string(),
          customerName: z.string(),
          crewName: z.string().nullable(),
          startsAt: z.string().nullable(),
          endsAt: z.string().nullable(),
          status: z.string(),
        }),
      )
      .max(100),
    timeZone: cardTimeZone,
  }),
  z.object({
    kind: z.literal("custom_records"),
    objectKey: z.string(),
    /** The object's plural name ("Equipment"). */
    objectName: z.string(),
    items: z.array(z.object({ id: z.string(), title: z.string(), details: z.string() })).max(20),
  }),
  z.object({
    kind: z.literal("revenue"),
    measure: revenueMeasureSchema.default("collected"),
    label: z.string(),
    from: z.string(),
    to: z.string(),
    totalCents: cents,
    currency: z.string(),
    /** How many payments (collected) or invoices (invoiced) make the total. */
    paymentCount: z.number().int(),
    timeZone: cardTimeZone,
  }),
]);
export type AssistantCard = z.infer<typeof assistantCardSchema>;

/** How many conversations the list shows, and how many of a conversation's latest messages it opens with. */
export const CONVERSATIONS_LISTED_MAX = 50;
export const CONVERSATION_MESSAGES_MAX = 200;

/** A stored chat message as the history shows it. */
export const chatMessageSchema = z.object({
  id: z.string(),
  role: z.enum(["user", "assistant"]),
  text: z.string(),
  /** The AG-UI events of the assistant's run (tool calls, results, proposals), replayed to render a reloaded chat. */
  events: z.array(aguiEventSchema),
  createdAt: z.string(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

export const conversationSchema = z.object({ id: z.string(), title: z.string(), updatedAt: z.string() });
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/assistant/conversations: the user's own conversations, newest first. */
export const conversationListResponseSchema = z.object({
  items: z.array(conversationSchema).max(CONVERSATIONS_LISTED_MAX),
});
export const conversationParamsSchema = z.object({ id: text({ max: 100 }) });
/** GET /api/assistant/conversations/:id: one of them with its messages, oldest first. */
/** A stored action's module run as it stands now, by the action's id (its idempotency key). */
export const conversationRunSchema = z.object({ actionId: z.string(), run: moduleRunUpdateSchema });

/** The latest quote of a build session a stored action asked for, to reopen from the history. */
export const conversationQuoteSchema = z.object({
  sessionId: z.string(),
  proposalId: z.string(),
  quote: buildQuoteSchema,
  spec: featureSpecSchema,
  /** A build was started with it: reopening it would quote again. */
  built: z.boolean(),
});
export type ConversationQuote = z.infer<typeof conversationQuoteSchema>;

export const conversationResponseSchema = conversationSchema.extend({
  messages: z.array(chatMessageSchema).max(CONVERSATION_MESSAGES_MAX),
  /** The outcomes of the messages' module actions as they stand now (undone, waiting, denied, their files). */
  runs: z.array(conversationRunSchema).max(1000).default([]),
  /** The quotes of the messages' build sessions as they stand now. */
  quotes: z.array(conversationQuoteSchema).max(1000).default([]),
});
export type ConversationResponse = z.infer<typeof conversationResponseSchema>;

/** GET /api/assistant/suggestions: prompts that fit the company's state now, and who would answer. */
export const chatSuggestionsResponseSchema = z.object({
  answerer: answererSchema,
  suggestions: z.array(z.object({ label: z.string(), prompt: z.string() })).max(6),
  /** The origins a startOAuth action may send the browser to (the ui-actions machine's allow-list). */
  allowedOAuthOrigins: z.array(z.string()).max(20),
});
export type ChatSuggestionsResponse = z.infer<typeof chatSuggestionsResponseSchema>;

/** The assistant's history and suggestions; its conversation itself runs on /api/ws (chat.send, chat.decide). */
export const assistantEndpoints = {
  conversations: defineEndpoint({
    method: "GET",
    path: "/api/assistant/conversations",
    tags: ["assistant"],
    summary: "The user's own conversations with the assistant, newest first",
    response: conversationListResponseSchema,
  }),
  conversation: defineEndpoint({
    method: "GET",
    path: "/api/assistant/conversations/:id",
    tags: ["assistant"],
    summary: "One of the user's conversations with its messages and their runs' AG-UI events (another user's: 404)",
    params: conversationParamsSchema,
    response: conversationResponseSchema,
  }),
  suggestions: defineEndpoint({
    method: "GET",
    path: "/api/assistant/suggestions",
    tags: ["assistant"],
    summary: "Prompts that fit the company's state now, who answers, and the origins a startOAuth action may go to",
    response: chatSuggestionsResponseSchema,
  }),
} as const;

/**
 * Client → server chat messages on /api/ws (beside `resume` and `ping`). `requestId` is the client's id for the
 * message: sending it again (after a reconnect) never runs the assistant twice. The server's events of that run carry
 * the same request id.
 */
export const chatClientMessageSchemas = [
  z.object({
    type: z.literal("chat.send"),
    requestId: text({ max: 100 }).min(1),
    conversationId: text({ max: 100 }).nullable(),
    text: text({ max: CHAT_MESSAGE_MAX_LENGTH }).min(1),
    context: assistantContextSchema,
    /**
     * A card's button: the read it asks for, by ids. The read runs as it is (in the user's tenant and role) and the
     * text is only the button's label: neither the planner nor a model reads it, so no name from the company's data
     * ever becomes the user's words.
     */
    read: readToolCallSchema.optional(),
  }),
  z.object({
    type: z.literal("chat.decide"),
    requestId: text({ max: 100 }).min(1),
    conversationId: text({ max: 100 }),
    proposalId: text({ max: 100 }),
    decision: z.enum(["confirm", "cancel"]),
  }),
] as const;

/** The app event that carries one AG-UI event of the user's assistant run (delivered to that user's sockets only). */
export const assistantEventPayloadSchema = z.object({
  conversationId: z.string(),
  runId: z.string(),
  event: aguiEventSchema,
});
export type AssistantEventPayload = z.infer<typeof assistantEventPayloadSchema>;
