import { randomUUID } from "node:crypto";
import { assistantPlanSchema, type AssistantPlan } from "@fieldops/shared/assistant";
import { planAddCustomer, planModal, planNavigation, planOnlinePayments } from "./plan-navigation.ts";
import { planNumberAlone, planPaymentReminders, planRecordPayment, planShowInvoice } from "./plan-payments.ts";
import {
  planCreateJob,
  planExportCustomers,
  planFeatureRequest,
  planTrackingRequest,
  planHipaaMode,
  planInvoiceVisits,
  planOptimizeDay,
} from "./plan-proposals.ts";
import { planCount, planCrewDay, planCustomerContact, planOtherCompany, planTopCustomers } from "./plan-questions.ts";
import { planRescheduleVisit, planScheduleVisit, planTerseMove, planTerseSchedule } from "./plan-schedule.ts";
import {
  planDaySchedule,
  planFindCustomer,
  planFindJob,
  planRevenue,
  planUnbookedJobs,
  planUnpaidInvoices,
} from "./plan-reads.ts";
import { planFindCustomRecords } from "./plan-custom-records.ts";
import type { PlannerInput, PlannerLookup } from "./planner-input.ts";
import { mentions, readMessage, writtenOut, type ReadMessage } from "./read-message.ts";

const FOREIGN_ADDRESS =
  /\b(?:https?:\/\/|www\.)\S+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|example|dev|app|co|xyz|ru|info)\b/i;
/** Script and file addresses, and paths that climb out of the app's pages. */
const UNSAFE_TARGET = /\b(?:javascript|data|vbscript|file):|\.\.\//i;
const DESTRUCTIVE = /\b(?:delete|remove|erase|wipe|drop|destroy|purge|truncate)\b/i;

const HELP =
  "I can take you to a page (jobs, customers, crews, settings), connect QuickBooks, Stripe or Twilio, find a customer, a job or an invoice, " +
  "answer questions (how many visits tomorrow, a crew's day, a customer's phone, what was collected last month, your best customers), " +
  "show unpaid invoices, create a job, schedule or move a visit, record a cash or check payment, send payment reminders, " +
  "invoice a period's completed visits, or quote a new feature.";

type Rule = (message: ReadMessage, input: PlannerInput) => AssistantPlan | null | Promise<AssistantPlan | null>;

// Order matters: a request to track something new comes first (its list of fields may name anything); requests that
// change data and reads come before plain navigation, so "show unpaid invoices" is a read and "schedule Acme tomorrow
// at 9" a visit, not a trip to a page.
const RULES: Rule[] = [
  planTrackingRequest,
  planOtherCompany,
  planOnlinePayments,
  planHipaaMode,
  planExportCustomers,
  planRecordPayment,
  planPaymentReminders,
  planShowInvoice,
  planNumberAlone,
  planInvoiceVisits,
  planOptimizeDay,
  planUnbookedJobs,
  planCreateJob,
  planRescheduleVisit,
  planScheduleVisit,
  planTerseSchedule,
  planTerseMove,
  planCount,
  planTopCustomers,
  planCustomerContact,
  planUnpaidInvoices,
  planRevenue,
  planCrewDay,
  planDaySchedule,
  planModal,
  planAddCustomer,
  // Before the other finds: "find equipment for Acme" is about the company's own object, when it has one so named.
  planFindCustomRecords,
  planFindJob,
  planFindCustomer,
  planNavigation,
  planFeatureRequest,
];

function small(message: ReadMessage): AssistantPlan | null {
  const words = message.words.filter(
    (word) =>
      ![
        "please",
        "pls",
        "plz",
        "thanks",
        "thank",
        "thx",
        "ty",
        "cheers",
        "you",
        "hey",
        "hi",
        "hello",
        "ok",
        "okay",
        "good",
        "morning",
        "afternoon",
        "evening",
      ].includes(word),
  );
  if (message.words.length === 0) return { kind: "clarify", reply: `What would you like to do? ${HELP}` };
  if (words.length === 0) {
    if (mentions(message, "thanks", "thank you")) return { kind: "answer", reply: "You're welcome." };
    return { kind: "answer", reply: `Hello! ${HELP}` };
  }
  if (words.length <= 2 && mentions(message, "help")) return { kind: "answer", reply: HELP };
  if (
    mentions(
      message,
      "what can you do",
      "what do you do",
      "how can you help",
      "what can i ask",
      "what can i say",
      "what can you help",
      "how do you work",
      "what are you for",
    )
  )
    return { kind: "answer", reply: HELP };
  return null;
}

/**
 * The lookup, asking the company's data once per question within a message: several rules may read one message's
 * customer ("move…" then "schedule…"), and a name is tried as the longest run of words first.
 */
function remembering(lookup: PlannerLookup): PlannerLookup {
  const answers = new Map<string, Promise<unknown>>();
  const once =
    <Args extends unknown[], Result>(name: string, ask: (...args: Args) => Promise<Result>) =>
    (...args: Args): Promise<Result> => {
      const key = `${name}:${JSON.stringify(args)}`;
      if (!answers.has(key)) answers.set(key, ask(...args));
      return answers.get(key) as Promise<Result>;
    };
  return {
    findCustomers: once("findCustomers", lookup.findCustomers),
    customerById: once("customerById", lookup.customerById),
    listCrews: once("listCrews", lookup.listCrews),
    findJobs: once("findJobs", lookup.findJobs),
    upcomingVisits: once("upcomingVisits", lookup.upcomingVisits),
    invoiceByNumber: once("invoiceByNumber", lookup.invoiceByNumber),
    countPastDueInvoices: once("countPastDueInvoices", lookup.countPastDueInvoices),
    count: once("count", lookup.count),
    topCustomers: once("topCustomers", lookup.topCustomers),
    previewBatchInvoice: once("previewBatchInvoice", lookup.previewBatchInvoice),
    listCustomObjects: once("listCustomObjects", lookup.listCustomObjects),
  };
}

/**
 * Answers a chat message without a language model: understands the common requests in many phrasings and typos,
 * and otherwise asks rather than guesses. Data from the lookup only ever fills in ids and names.
 */
export async function planMessage(input: PlannerInput): Promise<AssistantPlan> {
  const withIds: PlannerInput = { ...input, newId: input.newId ?? randomUUID, lookup: remembering(input.lookup) };
  const message = readMessage(writtenOut(input.message.slice(0, 2000)));
  const plan = await decide(message, withIds);
  return assistantPlanSchema.parse(plan);
}

async function decide(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan> {
  if (FOREIGN_ADDRESS.test(message.raw)) {
    return {
      kind: "refuse",
      reply:
        "I only open pages inside this app and connect the integrations it offers; I won't go to or authorize at an outside address.",
    };
  }
  if (UNSAFE_TARGET.test(message.raw))
    return { kind: "refuse", reply: "I won't open that address. I only open the app's own pages." };
  if (DESTRUCTIVE.test(message.raw)) {
    return {
      kind: "refuse",
      reply: "I can't delete or remove data from the chat. Open the record and do it there if you're sure.",
    };
  }
  const early = small(message);
  if (early) return early;
  for (const rule of RULES) {
    const plan = await rule(message, input);
    if (plan) return plan;
  }
  return { kind: "clarify", reply: `I'm not sure what you'd like me to do. ${HELP} Which of these is closest?` };
}
