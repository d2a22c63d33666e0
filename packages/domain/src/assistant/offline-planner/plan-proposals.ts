import { randomUUID } from "node:crypto";
import type { AssistantPlan } from "@fieldops/shared/assistant";
import { addDays } from "@fieldops/shared/company-time";
import { batchInvoicePeriodSchema, MAX_BATCH_PERIOD_DAYS } from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { parseWhen, readWhens, todayIn } from "./parse-when.ts";
import { namedPeriod, rangeEnds } from "./plan-reads.ts";
import { CAPABILITIES } from "./planner-policy.ts";
import { propose, refusalOf } from "./propose.ts";
import type { NamedRecord, PlannerInput } from "./planner-input.ts";
import { mentions, readMessage, type ReadMessage } from "./read-message.ts";
import {
  asMarkdownText,
  capitalized,
  cleanName,
  customerAtStart,
  resolveCustomer,
  resolveCustomerAndService,
  withoutPossessive,
} from "./resolve-customer.ts";

const CREATE_JOB =
  /\b(?:create|new|add|make|open(?: up)?|start|set up|log|raise|book|(?:i|we)\s+(?:need|want)|(?:i|we)['’]d like)\s+(?:(?:me|us)\s+)?(?:a\s+|an\s+|another\s+)?(?:new\s+)?(?:job|work order|service call)\b(?!\s*(?:#|no\.?|number)?\s*\d)(?!\s+(?:count|list|total|numbers?)\b)(.*)$/i;

function jobTitle(rest: string): { title: string | null; customerPart: string } {
  const quoted = /["“]([^"”]+)["”]/.exec(rest);
  if (quoted) return { title: quoted[1]!.trim(), customerPart: rest.replace(quoted[0], " ") };
  const split = /^(.*?)(?::|\s+-\s+|\s+to\s+|\s+about\s+|\s+called\s+|\s+titled\s+|\s+named\s+)(.+)$/i.exec(rest);
  if (split)
    return {
      title: split[2]!
        .trim()
        .replace(/[.!]+$/, "")
        .replace(/^(?:a|an|some)\s+/i, ""),
      customerPart: split[1]!,
    };
  return { title: null, customerPart: rest };
}

/**
 * "make Elena Garcia a job for snow plowing", "open up a job under Bob's Bakery for a grease trap pump-out": the
 * customer said as whom the job is made for, or what it goes under, and the work after "for".
 */
const JOB_MADE_FOR =
  /\b(make|create|open|set up|start)\s+(?!(?:a|an|another|new|me|us)\b)(.+?)\s+(?:a|an)\s+(?:new\s+)?job\s+for\s+(.+)$/i;
/** "make him a gutter cleaning job", "make Luis Ortiz a gutter cleaning job", "make a gutter cleaning job for Luis": the
 * work said before "job". */
const JOB_OF_WORK =
  /\b(make|create|open|set up|start|add)\s+(?:(?!(?:a|an|another|new)\b)(.+?)\s+)?(?:a|an)\s+(?!(?:new|job)\b)((?:[\w'’-]+\s+){0,3}?[\w'’-]+)\s+job\b(?:\s+for\s+(.+?))?\s*[.!]?$/i;
/** "set Maria Gonzalez up with a job for weekly pool cleaning": the customer between "set" and "up". */
const JOB_SET_UP = /\bset\s+(.+?)\s+up\s+with\s+(?:a|an)\s+(?:new\s+)?job\s+(?:for|doing)\s+(.+)$/i;
const JOB_UNDER = /\b((?:job|work order)\s+)(?:under|on|in)\s+(?:the\s+)?(.+?)(?:['’]s)?\s+(?:account\s+)?for\s+(.+)$/i;

export async function planCreateJob(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const said = message.raw
    .replace(
      JOB_MADE_FOR,
      (_all, verb: string, customer: string, work: string) => `${verb} a job for ${customer}: ${work}`,
    )
    .replace(JOB_UNDER, (_all, job: string, customer: string, work: string) => `${job}for ${customer}: ${work}`)
    .replace(JOB_SET_UP, (_all, customer: string, work: string) => `create a job for ${customer}: ${work}`)
    .replace(
      JOB_OF_WORK,
      (_all, verb: string, customer: string | undefined, work: string, forWhom: string | undefined) =>
        `${verb} a job for ${customer ?? forWhom ?? "them"}: ${work}`,
    );
  const found = CREATE_JOB.exec(said);
  if (!found) return null;
  // "new job, monday 9am crew b": a new job with a time is a visit to book (schedule-visit makes the job).
  if (readWhens(said, input.now, input.timeZone).spans.some((span) => span.at !== null)) return null;
  const refusal = refusalOf(CAPABILITIES.createJob, input);
  if (refusal) return refusal;
  const titled = jobTitle(found[1] ?? "");
  // "new job - backflow test for Acme Plumbing": the customer said after the work, when the words are all their name.
  const workFor =
    titled.title && !/\bfor\b/i.test(titled.customerPart) ? /^(.+?)\s+for\s+(.+?)[.!?]*$/i.exec(titled.title) : null;
  const forWords = workFor ? workFor[2]!.split(/\s+/) : [];
  const theirs = workFor ? await customerAtStart(forWords, input) : null;
  const split =
    workFor && theirs && "match" in theirs && theirs.length === forWords.length
      ? { title: workFor[1]!, customerPart: `for ${workFor[2]!}` }
      : titled;
  // "… - how do I create that?": a question after a dash is not the job's title.
  let title = split.title && /^(?:how|what|can|could|where)\b|\?$/i.test(split.title) ? null : split.title;
  const forName = /\bfor\s+(.+)$/i.exec(split.customerPart)?.[1];
  // "Bob's Bakery rang wanting a new job set up for a grease trap clean": the customer first, the work after "for".
  const before = said
    .slice(0, found.index)
    .split(/\s+/)
    .filter((word) => word !== "");
  const opening =
    title === null && forName && before.length > 0 ? await customerAtStart(before.map(withoutPossessive), input) : null;
  if (opening && "match" in opening) {
    const work = cleanName(forName!.replace(/\s[-–—].*$/, "").replace(/^(?:a|an|the)\s+/i, ""));
    if (work) return proposeJob(input, opening.match, work);
  }
  // "Sunrise Senior Living wants a deep clean of their dining hall, set up a job": the customer first, then the work
  // they want, then the request.
  const wanter = title === null && !forName && before.length > 0 ? await customerAtStart(before, input) : null;
  if (wanter && "match" in wanter) {
    const wanted =
      /^(?:wants?|needs?|would like|asked for|is asking for|requested|is after)\s+(?:a\s+|an\s+|the\s+|some\s+)?(.+?)[\s,.;:–—-]*(?:(?:so\s+)?(?:can|could) you|please|so)?\s*$/i.exec(
        before.slice(wanter.length).join(" "),
      )?.[1];
    const work = wanted ? cleanName(wanted.replace(/^(?:their|his|her|its|our)\s+/i, "")) : null;
    if (work) return proposeJob(input, wanter.match, work);
  }
  // "new job for jane smith gutter cleaning": the words after the customer's name are the title.
  const resolved: { customer: NamedRecord; service?: string | null } | { plan: AssistantPlan } =
    title === null && forName
      ? await resolveCustomerAndService(forName, input)
      : await resolveCustomer(forName ? cleanName(forName) : null, input);
  if ("plan" in resolved) return resolved.plan;
  if (title === null && resolved.service) title = capitalized(resolved.service);
  if (title === null || title === "" || title.length > 200)
    return {
      kind: "clarify",
      reply: `What is the job for ${asMarkdownText(resolved.customer.name)}? Give it a short title.`,
    };
  const summary = `Create the job **${asMarkdownText(title)}** for ${customerLabel(resolved.customer)}.`;
  return propose(input, "create-job", { customerId: resolved.customer.id, title }, summary);
}

/** A new job for `customer`, titled by the work as said. */
function proposeJob(input: PlannerInput, customer: NamedRecord, work: string): AssistantPlan {
  const named = capitalized(work).slice(0, 200);
  return propose(
    input,
    "create-job",
    { customerId: customer.id, title: named },
    `Create the job **${asMarkdownText(named)}** for ${customerLabel(customer)}.`,
  );
}

function customerLabel(customer: NamedRecord): string {
  return `**${asMarkdownText(customer.name)}**`;
}

/** "nov 1 thru nov 25", "from the 1st to the 15th": two days of the past, as a period to invoice. */
function writtenRange(raw: string, input: PlannerInput): [string, string, string] | null {
  const { spans, text } = readWhens(raw.replace(/\bthru\b/gi, "through"), input.now, input.timeZone, "back");
  // "from the first through the 15th of this month", written out as two dates.
  const written = DAY_RANGE.exec(text);
  if (written) return [`${written[1]} to ${written[2]}`, written[1]!, written[2]!];
  const days = spans.map((span) => span.day).filter((day): day is string => day !== null);
  return days.length === 2 ? [`${days[0]} to ${days[1]}`, days[0]!, days[1]!] : null;
}

/** Making invoices said with the noun: "generate invoices for…", "make up invoices", "turn the visits into invoices". */
const MAKES_INVOICES =
  /\b(?:make|makes|making|create|generate|draft|prepare|produce|raise|set\s+up|do|write|get\s+out)\s+(?:up\s+)?(?:the\s+|our\s+|all\s+(?:the\s+)?)?invoices\b|\binto\s+invoices\b/i;
/** A question of how batch invoicing works rather than a request to do it. */
const ASKS_HOW_IT_WORKS =
  /^\s*(?:how\s+(?:do|can|would|should|could)\s+(?:i|we)|is\s+there\s+a\s+way|can\s+(?:i|we)|what\s+happens)\b|^\s*(?:when|if|once)\s+(?:i|we)\b[^?]*\?\s*$|\b(?:do|does|will|would)\s+(?:the\s+|those\s+|they\s+)?(?:invoices?|they|it)\s+(?:go|get\s+sent|get\s+e-?mailed|be\s+sent)\b/i;
/** "a whole month", "each week": a period of no date in particular. */
const ANY_PERIOD =
  /\b(?:a|an|one|each|every|any)\s+(?:whole\s+|full\s+|entire\s+)?(?:month|week|year|quarter)(?:['’]s)?/gi;
const BATCH_INVOICING =
  "Say which period, and I'll propose invoicing its completed visits at once (\"invoice last month's completed visits\", or two dates): one draft invoice per customer for the visits no invoice bills yet, with the total shown before you confirm. The drafts are not sent: review them on the job or invoice, then press Send, and each goes by e-mail with a link to pay.";

const DAY_RANGE = /(\d{4}-\d{2}-\d{2})\s*(?:to|through|until|-|–)\s*(\d{4}-\d{2}-\d{2})/i;

const UNBILLED_QUESTION =
  /^\s*(?:is\s+there\s+|are\s+there\s+|do\s+we\s+have\s+|have\s+we\s+got\s+|how\s+many\s+|how\s+much\s+(?:work\s+)?(?:is\s+)?)?(?:anything|any\s+(?:visits?|work|jobs?)|visits?|work|jobs?)?\s*(?:left\s+|still\s+)?(?:unbilled|uninvoiced|not\s+(?:yet\s+)?(?:billed|invoiced)|left\s+to\s+(?:bill|invoice)|waiting\s+(?:for|on)\s+(?:an?\s+)?invoices?)\b/i;

async function unbilledAnswer(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const refusal = refusalOf(CAPABILITIES.invoiceVisits, input);
  if (refusal) return refusal;
  const named = namedPeriod(message, input);
  const today = todayIn(input.now, input.timeZone);
  const period = named
    ? { label: named.label, from: named.from, to: addDays(named.until, -1) }
    : { label: "the past year", from: addDays(today, -(MAX_BATCH_PERIOD_DAYS - 1)), to: today };
  const preview = await input.lookup.previewBatchInvoice({ from: period.from, to: period.to });
  if (preview.visits === 0)
    return { kind: "answer", reply: `Nothing: every completed visit of ${period.label} is invoiced.` };
  return {
    kind: "answer",
    reply: `**${preview.visits}** completed visit${preview.visits === 1 ? "" : "s"} of ${period.label} ${preview.visits === 1 ? "has" : "have"} no invoice yet (**${formatCents(preview.totalCents)}**). Say "invoice ${period.label}'s completed visits" and I'll propose the invoices.`,
  };
}

/**
 * "Invoice last month's completed visits", "batch invoice the recurring work for this month": batch invoicing of a
 * period, proposed with what it would make (the run bills what is uninvoiced when it runs).
 */
export async function planInvoiceVisits(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const asks =
    mentions(
      message,
      "invoice",
      "bill",
      "batch invoice",
      "batch bill",
      "create invoices",
      "make invoices",
      "draft invoices",
      "send invoices",
    ) || MAKES_INVOICES.test(message.raw);
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
    "finished",
    "done",
    "everything",
    "jobs",
  );
  const question = mentions(message, "show", "list", "which", "how many", "what", "find", "remind", "reminders");
  // "anything left unbilled from last week?": how much is waiting, said, with how to bill it.
  if (UNBILLED_QUESTION.test(message.raw)) return unbilledAnswer(message, input);
  if (!asks || !work || question) return null;
  // "How do I bill a whole month of visits at once?", "when I invoice a month's visits, do they go out?": how it
  // works, of no period in particular, answered in words.
  if (ASKS_HOW_IT_WORKS.test(message.raw) && !namedPeriod(readMessage(message.raw.replace(ANY_PERIOD, " ")), input))
    return { kind: "answer", reply: BATCH_INVOICING };
  const refusal = refusalOf(CAPABILITIES.invoiceVisits, input);
  if (refusal) return refusal;
  const ends = rangeEnds(message.raw, input);
  const typed: [string, string, string] | RegExpExecArray | null =
    DAY_RANGE.exec(message.raw) ??
    (ends ? [`${ends[0]} to ${ends[1]}`, ends[0], ends[1]] : writtenRange(message.raw, input));
  const named = typed ? null : namedPeriod(message, input);
  const today = todayIn(input.now, input.timeZone);
  // "Invoice all the completed visits": everything not billed yet, as far back as one batch reaches.
  const everything = mentions(message, "all", "every", "everything", "uninvoiced", "unbilled", "outstanding", "any");
  // "this month so far": up to today.
  const soFar = mentions(message, "so far", "to date", "until today", "through today", "up to today", "till today");
  const period = typed
    ? { label: `${typed[1]} to ${typed[2]}`, from: typed[1]!, to: typed[2]! }
    : named
      ? {
          label: named.label,
          from: named.from,
          to: soFar && addDays(named.until, -1) > today ? today : addDays(named.until, -1),
        }
      : everything
        ? { label: "the past year", from: addDays(today, -(MAX_BATCH_PERIOD_DAYS - 1)), to: today }
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

const DRIVING_TOO_MUCH =
  /\b(?:driv\w*|running)\s+all over(?:\s+the\s+(?:place|map|town))?\b|\b(?:less|fewer|cut (?:down )?(?:on )?(?:the )?)\s*(?:driving|drive time|miles|mileage|back and forth)\b|\btoo much driving\b|\bzig-?zag\w*\b|\bless of a mess\b|\bback and forth across\b/i;

/** "the best driving order", "the most efficient route": a day's visits put in their best order. */
const ROUTE_ORDER =
  /\b(?:best|most\s+efficient|efficient|shortest|quickest|fastest|optimal|smartest)\s+(?:driving\s+|drive\s+)?(?:order|routes?|path|sequence)\b/i;

export function planOptimizeDay(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  if (
    !mentions(
      message,
      "optimize",
      "optimise",
      "optimization",
      "optimisation",
      "optimizing",
      "optimising",
      "reoptimize",
      "best route",
      "best routes",
      "plan routes",
      "plan the routes",
    ) &&
    !(
      mentions(message, "route", "routes", "run", "runs") &&
      mentions(message, "sort", "mess", "fix", "tidy", "redo", "reshuffle")
    ) &&
    // "the crews were driving all over the place today, can you make tomorrow less of a mess": the drives, said plainly.
    !DRIVING_TOO_MUCH.test(message.raw) &&
    // "the most efficient driving order for Tuesday's visits": the order a day's route takes.
    !ROUTE_ORDER.test(message.raw)
  )
    return null;
  const refusal = refusalOf(CAPABILITIES.optimizeDay, input);
  if (refusal) return refusal;
  const today = todayIn(input.now, input.timeZone);
  // The day of the clause that asks, when another day is only what happened ("…today, can you make tomorrow…").
  const asking = /\b(?:can|could|would|will)\s+(?:you|u)\b|\bplease\b/i.exec(message.raw);
  const askedDay = asking ? parseWhen(message.raw.slice(asking.index), input.now, input.timeZone)?.day : undefined;
  const named =
    askedDay ??
    (mentions(message, "today", "todays") ? today : (parseWhen(message.raw, input.now, input.timeZone)?.day ?? null));
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
    !(
      mentions(message, "export", "download", "csv", "spreadsheet") ||
      // "can I get all my customers out into excel": out of the app, into a spreadsheet.
      /\b(?:out|over)?\s*(?:in|into|to|as)\s+(?:an?\s+)?(?:excel|sheets|google sheets|a file)\b|\b(?:into|to|as)\s+numbers\b/i.test(
        message.raw,
      )
    ) ||
    !mentions(message, "customer", "customers", "clients", "client", "csv")
  )
    return null;
  return (
    refusalOf(CAPABILITIES.exportCustomers, input) ??
    propose(input, "export-customers", {}, "Export all customers as a CSV file.")
  );
}

export function planHipaaMode(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  if (!mentions(message, "hipaa", "hippa", "hipa")) return null;
  if (mentions(message, "disable", "turn off", "switch off", "deactivate"))
    return { kind: "refuse", reply: "I can't turn HIPAA mode off from the chat." };
  return (
    refusalOf(CAPABILITIES.enableHipaa, input) ??
    propose(input, "enable-hipaa-mode", {}, "Turn on HIPAA mode for the company.")
  );
}

const FEATURE_REQUEST =
  /\b(?:i|we)\s+(?:really\s+)?(?:need|want|wish|would like|d like|would love)\b.*\b(?:track|manage|log|record|keep|way|feature|ability|able|tool|module|report|store|see)\b|\b(?:can|could)\s+(?:you|we)\s+(?:add|build|make|create)\s+(?:a|an|me)?\s*(?:feature|module|tool|way|page|screen|report)\b|\bfeature\s+request\b|\b(?:build|add)\s+(?:me\s+)?(?:a|an)\s+(?:feature|module|tool|page|screen)\b|\bis there (?:a|any) way to\b|\bhow (?:can|do) (?:i|we) track\b/i;

/** "I need to track equipment at each customer: make, model…": a request for a feature, whatever words its list holds. */
const TRACKING_REQUEST =
  /\b(?:i|we)(?:\s+(?:really\s+)?(?:need|want|would like|d like|would love)|(?:['’]|\s+)d\s+(?:really\s+)?(?:like|love))\s+(?:to\s+|a\s+way\s+to\s+|to\s+be\s+able\s+to\s+)?(?:track|keep track of|log|record|catalog|keep a record of)\b/i;

/** "Can you add a customer portal where…", "we need GPS tracking, can you build that?": a feature, whatever it names. */
const BUILD_REQUEST =
  /\b(?:we|i)\s+need\b.*\b(?:gps|evv|time ?clock|clock in|geofenc\w*|portal|tracking log|tracker)\b|\b(?:(?:we|i)\s+)?(?:really\s+)?(?:need|want|would like)\s+(?:a|an|some)\s+(?:[\w-]+\s+){0,3}(?:tracking|tracker|portal|feature|module|tool|app|dashboard|logs?|system|checklist|form)\b|\b(?:add|build|create|make)\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}(?:checklist|log|form|tracker|report|portal)\s+(?:for|to|with)\b|\b(?:the\s+)?(?:system|app|software)\s+(?:can|could|will)\s+(?:do|handle|track|send|manage|support|run|keep)\b|\bthere(?:['’]s| is) (?:a|any) way (?:for|to)\b|\b(?:can|could|does|will)\s+(?:the\s+)?(?:system|app|software|it|this|fieldops|you guys)\s+(?:do|handle|track|send|manage|support|run|keep)\b|\bis there (?:a|any) way (?:for|to)\b|\bwould it be possible to (?:add|have|get|build|make|set up)\b|\bsomething (?:you|we) could (?:add|build)\b|\b(?:we|i) would love (?:the app|it|you|the system) to\b|\b(?:can|could)\s+we\s+(?:get|have|add)\s+(?:a|an|some)\s+(?:[\w-]+\s+){0,3}(?:portal|feature|module|tool|app|page|screen|report|dashboard|tracking|tracker|system|option|section|calculator|form|checklist|log)\b|\b(?:we|i)\s+(?:really\s+)?(?:need|want|would like)\s+(?:a|an|some)?\s*(?:[\w-]+\s+){0,3}(?:tracking|tracker|portal|feature|module|tool|app|dashboard|logs?|system)\b|\b(?:add|build|create|make|set up)\s+(?:a|an|some)\s+(?:way|place|spot|section|field|tab|thing|screen|page)\s+(?:to|for)\b|\b(?:add|build|create|make)\s+something\s+(?:to|for|that)\s+(?:track|log|record|keep|store)\b|\b(?:can|could|would|will)\s+(?:you|ya|u)\s+(?:please\s+)?(?:add|build|make|create|develop|give us|get us)\s+(?:a|an|some|me|us)?\s*(?:[\w-]+\s+){0,3}(?:portal|feature|module|tool|app|page|screen|report|dashboard|tracking|tracker|system|option|section|calculator|form|checklist|log)\b|\b(?:can|could)\s+(?:you|we)\s+build\s+(?:that|this|it|one|something)\b|(?:^|[.!?]\s*)(?:please\s+)?build\s+(?:that|this|it)\b|\bbuild\s+(?:us|me)\s+(?:a|an|something)\b|\b(?:i['’]?d|we['’]?d|i would|we would)\s+(?:like|love)\s+(?:(?:our|my|the)\s+)?(?:customers?|clients?|techs?|technicians?|crews?|staff|us|them)\s+to\s+be\s+able\s+to\b|\b(?:can|could)\s+(?:you|ya|u)\s+(?:please\s+)?(?:add|build)\s+(?:that|this|it)\b/i;

/**
 * Asked before the reads and modules: the fields of a feature ("make", "install date", "cost") would otherwise read as a
 * question about revenue or the schedule.
 */
/** "is there a way to move that up to thursday", "…to plan out the best routes": asking for something the app does. */
const WAY_TO_DO_WHAT_IT_DOES =
  /\b(?:is there (?:a|any) way|would it be possible|can i|could i|how (?:do|can) i)\s+(?:for\s+(?:me|us)\s+)?to\s+(?:move|reschedule|push|schedule|book|plan (?:out )?(?:the )?(?:best )?routes?|optimi[sz]e|record (?:a |the )?(?:cash |check )?payments?|send (?:a |the )?(?:payment )?reminders?|remind|invoice|bill|export (?:my |our |the )?customers|connect|turn on|get paid)\b|\b(?:is there (?:a|any) way|would it be possible) to\s+(?:\w+\s+)?(?:the\s+)?(?:best\s+)?routes?\b/i;

export function planTrackingRequest(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  if (WAY_TO_DO_WHAT_IT_DOES.test(message.raw)) return null;
  return TRACKING_REQUEST.test(message.raw) || BUILD_REQUEST.test(message.raw) ? requestFeature(message, input) : null;
}

export function planFeatureRequest(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  if (WAY_TO_DO_WHAT_IT_DOES.test(message.raw)) return null;
  return FEATURE_REQUEST.test(message.raw) ? requestFeature(message, input) : null;
}

function requestFeature(message: ReadMessage, input: PlannerInput): AssistantPlan {
  const refusal = refusalOf(CAPABILITIES.requestFeature, input);
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
