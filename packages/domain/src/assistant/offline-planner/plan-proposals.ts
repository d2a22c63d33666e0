import { randomUUID } from "node:crypto";
import type { AssistantPlan } from "@fieldops/shared/assistant";
import { addDays, formatCompanyTime } from "@fieldops/shared/company-time";
import { batchInvoicePeriodSchema } from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { modulePolicy, type AssistantModuleId } from "@fieldops/shared/modules";
import { pickByName } from "./fuzzy-match.ts";
import { parseWhen, todayIn } from "./parse-when.ts";
import { namedPeriod } from "./plan-reads.ts";
import { CAPABILITIES, refusalFor, type AssistantAbility } from "./planner-policy.ts";
import type { NamedRecord, PlannerInput } from "./planner-input.ts";
import { mentions, textAfter, type ReadMessage } from "./read-message.ts";
import { asMarkdownText, cleanName, resolveCustomer } from "./resolve-customer.ts";

/** A module run shown to the user with what it will do; the executeModule action is sent once they confirm. */
function propose(
  input: PlannerInput,
  moduleId: AssistantModuleId,
  params: Record<string, unknown>,
  summary: string,
): AssistantPlan {
  const approval =
    modulePolicy(moduleId, input.role) === "approval" ? " An owner or administrator must approve it first." : "";
  return {
    kind: "confirm",
    reply: `${summary}${approval}\n\nShall I go ahead?`,
    proposal: {
      moduleId,
      params,
      summary,
      action: { id: input.newId!(), type: "executeModule", moduleId, moduleParams: params },
    },
  };
}

function allowed(capability: AssistantAbility, input: PlannerInput): AssistantPlan | null {
  return refusalFor(capability, input.role, input.features);
}

const CREATE_JOB =
  /\b(?:create|new|add|make|open|start|set up|log|raise|book)\s+(?:a\s+|an\s+|another\s+)?(?:new\s+)?(?:job|work order|service call)\b(.*)$/i;

function jobTitle(rest: string): { title: string | null; customerPart: string } {
  const quoted = /["“]([^"”]+)["”]/.exec(rest);
  if (quoted) return { title: quoted[1]!.trim(), customerPart: rest.replace(quoted[0], " ") };
  const split = /^(.*?)(?::|\s+-\s+|\s+to\s+|\s+about\s+|\s+called\s+|\s+titled\s+|\s+named\s+)(.+)$/i.exec(rest);
  if (split) return { title: split[2]!.trim().replace(/[.!]+$/, ""), customerPart: split[1]! };
  return { title: null, customerPart: rest };
}

export async function planCreateJob(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const found = CREATE_JOB.exec(message.raw);
  if (!found) return null;
  const refusal = allowed(CAPABILITIES.createJob, input);
  if (refusal) return refusal;
  const { title, customerPart } = jobTitle(found[1] ?? "");
  const forName = /\bfor\s+(.+)$/i.exec(customerPart)?.[1];
  const resolved = await resolveCustomer(forName ? cleanName(forName) : null, input);
  if ("plan" in resolved) return resolved.plan;
  if (title === null || title === "" || title.length > 200)
    return {
      kind: "clarify",
      reply: `What is the job for ${asMarkdownText(resolved.customer.name)}? Give it a short title.`,
    };
  const summary = `Create the job **${asMarkdownText(title)}** for ${customerLabel(resolved.customer)}.`;
  return propose(input, "create-job", { customerId: resolved.customer.id, title }, summary);
}

function customerLabel(customer: NamedRecord): string {
  return `**${asMarkdownText(customer.name)}**`;
}

/** On a job's page, "this job" is the selected job. */
const THIS_JOB = /^(?:(?:this|that|the|current|selected)\s+(?:job|visit|work order|service call))$/i;
const SCHEDULE_VERBS = ["schedule", "book", "put", "slot", "pencil"];
/** "what's on the schedule", "show my schedule": the schedule as a thing to read, not a visit to book. */
const SCHEDULE_AS_NOUN =
  /^\s*(?:what|whats|what's|show|who|how)\b|\b(?:the|my|our|todays|today's|tomorrows|tomorrow's|weeks|week's)\s+s[ck]?h?edu?le?\w*/i;
const CREW =
  /\b(?:with|to|for)\s+((?:crew|team)\s+\S+|\S+(?:\s+\S+)?\s+(?:crew|team))\b|\bwith\s+(\S+(?:\s+\S+)?)\s*$/i;

async function resolveCrew(
  name: string,
  input: PlannerInput,
): Promise<{ crew: NamedRecord } | { plan: AssistantPlan }> {
  const picked = pickByName(name, await input.lookup.listCrews());
  if ("match" in picked) return { crew: picked.match };
  if (picked.candidates.length === 0)
    return {
      plan: {
        kind: "clarify",
        reply: `I couldn't find a crew called "${asMarkdownText(name)}". Which crew should go?`,
      },
    };
  const names = picked.candidates.map((crew) => `**${asMarkdownText(crew.name)}**`).join(", ");
  return { plan: { kind: "clarify", reply: `Which crew do you mean: ${names}?` } };
}

/** What a visit is for: the job selected on screen ("this job"), or a customer. */
async function visitSubject(
  name: string | null,
  input: PlannerInput,
): Promise<{ target: { jobId: string } | { customerId: string }; label: string } | { plan: AssistantPlan }> {
  if (name !== null && THIS_JOB.test(name) && input.context.jobId)
    return { target: { jobId: input.context.jobId }, label: "the selected job" };
  const resolved = await resolveCustomer(name, input);
  if ("plan" in resolved) return resolved;
  return { target: { customerId: resolved.customer.id }, label: customerLabel(resolved.customer) };
}

export async function planScheduleVisit(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const after = textAfter(message.raw, SCHEDULE_VERBS);
  if (after === null || SCHEDULE_AS_NOUN.test(message.raw)) return null;
  const rest = after.replace(/^(?:in\s+)?(?:a\s+)?(?:visit\s+(?:for|with|at)\s+)?/i, "");
  if (/^(?:for\s+)?(?:today|tomorrow|this week)?\s*\??$/i.test(rest.trim())) return null;
  const refusal = allowed(CAPABILITIES.scheduleVisit, input);
  if (refusal) return refusal;
  const crewMatch = CREW.exec(rest);
  const withoutCrew = crewMatch
    ? rest.slice(0, crewMatch.index) + rest.slice(crewMatch.index + crewMatch[0].length)
    : rest;
  const when = parseWhen(withoutCrew, input.now, input.timeZone);
  const namePart = when ? withoutCrew.slice(0, when.index) : withoutCrew;
  const name = cleanName(namePart.replace(/\b(?:in|on|for|at|next|this|a visit|visit)\s*$/i, ""));
  const subject = await visitSubject(name, input);
  if ("plan" in subject) return subject.plan;
  const who = subject.label;
  if (!when || when.day === null)
    return { kind: "clarify", reply: `On which day and at what time should I schedule ${who}?` };
  if (when.at === null) return { kind: "clarify", reply: `At what time on ${when.day} should I schedule ${who}?` };
  let crew: NamedRecord | null = null;
  if (crewMatch) {
    const crewResolved = await resolveCrew((crewMatch[1] ?? crewMatch[2]!).trim(), input);
    if ("plan" in crewResolved) return crewResolved.plan;
    crew = crewResolved.crew;
  }
  const at = formatCompanyTime(when.at.toISOString(), input.timeZone, "en-US");
  const params = { ...subject.target, start: when.at.toISOString(), crewId: crew?.id ?? null };
  const summary = `Schedule a visit for ${who} on ${at}${crew ? ` with **${asMarkdownText(crew.name)}**` : ", unassigned"}.`;
  return propose(input, "schedule-visit", params, summary);
}

export async function planPaymentReminders(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const remind = mentions(
    message,
    "remind",
    "reminder",
    "reminders",
    "chase",
    "nudge",
    "dun",
    "follow up on",
    "follow up with",
  );
  const aboutMoney = mentions(
    message,
    "payment",
    "payments",
    "invoice",
    "invoices",
    "owe",
    "owes",
    "owed",
    "overdue",
    "past due",
    "late",
    "payers",
    "unpaid",
    "outstanding",
    "send reminders",
    "send the reminders",
  );
  if (!remind || !aboutMoney || mentions(message, "settings", "set up", "setup", "configure")) return null;
  const refusal = allowed(CAPABILITIES.sendReminders, input);
  if (refusal) return refusal;
  const count = await input.lookup.countPastDueInvoices();
  if (count === 0) return { kind: "answer", reply: "No invoice is past due, so there is nobody to remind." };
  const summary = `Send a payment reminder for each of the **${count}** past-due invoice${count === 1 ? "" : "s"}.`;
  return propose(input, "send-payment-reminders", { pastDueOnly: true }, summary);
}

const DAY_RANGE = /(\d{4}-\d{2}-\d{2})\s*(?:to|through|until|-|–)\s*(\d{4}-\d{2}-\d{2})/i;

/**
 * "Invoice last month's completed visits", "batch invoice the recurring work for this month": batch invoicing of a
 * period, proposed with what it would make (the run bills what is uninvoiced when it runs).
 */
export async function planInvoiceVisits(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const asks = mentions(message, "invoice", "bill", "batch invoice", "batch bill");
  const work = mentions(
    message,
    "visit",
    "visits",
    "recurring",
    "completed",
    "uninvoiced",
    "unbilled",
    "work",
    "batch",
    "everyone",
    "customers",
  );
  const question = mentions(message, "show", "list", "which", "how many", "what", "find", "remind", "reminders");
  if (!asks || !work || question) return null;
  const refusal = allowed(CAPABILITIES.invoiceVisits, input);
  if (refusal) return refusal;
  const typed = DAY_RANGE.exec(message.raw);
  const named = typed ? null : namedPeriod(message, input);
  const period = typed
    ? { label: `${typed[1]} to ${typed[2]}`, from: typed[1]!, to: typed[2]! }
    : named
      ? { label: named.label, from: named.from, to: addDays(named.until, -1) }
      : null;
  if (!period || !batchInvoicePeriodSchema.safeParse({ from: period.from, to: period.to }).success)
    return {
      kind: "clarify",
      reply:
        "Which period's completed visits should I invoice: last month, this month, or two dates (2026-10-01 to 2026-10-31)?",
    };
  const preview = await input.lookup.previewBatchInvoice({ from: period.from, to: period.to });
  const span = period.label.includes(" to ") ? period.label : `${period.label} (${period.from} to ${period.to})`;
  if (preview.visits === 0)
    return { kind: "answer", reply: `No completed visit of ${span} is waiting for an invoice.` };
  const plural = (count: number, noun: string) => `**${count}** ${noun}${count === 1 ? "" : "s"}`;
  const summary = `Invoice the ${plural(preview.visits, "completed visit")} of ${span} that no invoice bills: ${plural(preview.invoices, "draft invoice")}, one per customer, **${formatCents(preview.totalCents)}** in all.`;
  return propose(input, "invoice-completed-visits", { from: period.from, to: period.to }, summary);
}

export function planOptimizeDay(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  if (
    !mentions(
      message,
      "optimize",
      "optimise",
      "optimization",
      "best route",
      "best routes",
      "plan routes",
      "plan the routes",
    )
  )
    return null;
  const refusal = allowed(CAPABILITIES.optimizeDay, input);
  if (refusal) return refusal;
  const today = todayIn(input.now, input.timeZone);
  const named = mentions(message, "today", "todays")
    ? today
    : (parseWhen(message.raw, input.now, input.timeZone)?.day ?? null);
  // On the board, the day on screen is the one meant when none is named.
  const day = named ?? input.context.day ?? null;
  if (day === null)
    return { kind: "clarify", reply: "Which day's routes should I optimize: today, tomorrow, or another date?" };
  return propose(
    input,
    "optimize-day",
    { date: day },
    `Optimize the routes of every crew on ${day === today ? "today" : day} and show the proposal.`,
  );
}

export function planExportCustomers(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  if (
    !mentions(message, "export", "download", "csv", "spreadsheet") ||
    !mentions(message, "customer", "customers", "clients", "client", "csv")
  )
    return null;
  return (
    allowed(CAPABILITIES.exportCustomers, input) ??
    propose(input, "export-customers", {}, "Export all customers as a CSV file.")
  );
}

export function planHipaaMode(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  if (!mentions(message, "hipaa", "hippa", "hipa")) return null;
  if (mentions(message, "disable", "turn off", "switch off", "deactivate"))
    return { kind: "refuse", reply: "I can't turn HIPAA mode off from the chat." };
  return (
    allowed(CAPABILITIES.enableHipaa, input) ??
    propose(input, "enable-hipaa-mode", {}, "Turn on HIPAA mode for the company.")
  );
}

const FEATURE_REQUEST =
  /\b(?:i|we)\s+(?:really\s+)?(?:need|want|wish|would like|d like|would love)\b.*\b(?:track|manage|log|record|keep|way|feature|ability|able|tool|module|report|store|see)\b|\b(?:can|could)\s+(?:you|we)\s+(?:add|build|make|create)\s+(?:a|an|me)?\s*(?:feature|module|tool|way|page|screen|report)\b|\bfeature\s+request\b|\b(?:build|add)\s+(?:me\s+)?(?:a|an)\s+(?:feature|module|tool|page|screen)\b|\bis there (?:a|any) way to\b|\bhow (?:can|do) (?:i|we) track\b/i;

/** "I need to track equipment at each customer: make, model…": a request for a feature, whatever words its list holds. */
const TRACKING_REQUEST =
  /\b(?:i|we)\s+(?:really\s+)?(?:need|want|would like|d like|would love)\s+(?:to\s+|a\s+way\s+to\s+|to\s+be\s+able\s+to\s+)?(?:track|keep track of|log|record|catalog|keep a record of)\b/i;

/**
 * Asked before the reads and modules: the fields of a feature ("make", "install date", "cost") would otherwise read as a
 * question about revenue or the schedule.
 */
export function planTrackingRequest(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  return TRACKING_REQUEST.test(message.raw) ? planFeatureRequest(message, input) : null;
}

export function planFeatureRequest(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  if (!FEATURE_REQUEST.test(message.raw)) return null;
  const refusal = allowed(CAPABILITIES.requestFeature, input);
  if (refusal) return refusal;
  const description = message.raw.trim().slice(0, 1000);
  return {
    kind: "actions",
    reply:
      "That isn't in the product yet. I'll ask for a quote to build it; you'll see the price and time before anything is built.",
    // A new build session for this request: its quote, and any refined quotes after it, belong to it.
    actions: [{ id: input.newId!(), type: "request_quote", sessionId: randomUUID(), spec: { description } }],
  };
}
