import type { AssistantPlan } from "@fieldops/shared/assistant";
import { addDays, dayInTimeZone, formatCompanyTime } from "@fieldops/shared/company-time";
import { formatCents } from "@fieldops/shared/money";
import { dayLabel, readWhens, todayIn } from "./parse-when.ts";
import { namedPeriod } from "./plan-reads.ts";
import { PLACE_OF, crewNames, resolveCrew, visitsNamed, withoutSpans } from "./plan-schedule.ts";
import { CAPABILITIES, type AssistantAbility } from "./planner-policy.ts";
import type { CountKind, CustomerRecord, DayPeriod, PlannerInput } from "./planner-input.ts";
import { refusalOf } from "./propose.ts";
import { countOf, mentions, type ReadMessage } from "./read-message.ts";
import {
  asMarkdownText,
  capitalized,
  cleanName,
  customerMentioned,
  customerNamedIn,
  isPronoun,
  resolveCustomer,
} from "./resolve-customer.ts";

const HOW_MANY =
  /\bcount\s*\??\s*$|\b(?:how many|how much work|number of|count (?:of )?|total number of|how many of)\b|\b(?:does|do|has|have|is)\s+.+?\s+(?:have|got|owe|has)\s+(?:(?:any\s+)?(?:past[- ]due|overdue|late|unpaid|outstanding)\s+(?:invoices?|bills?)|anything\s+(?:past[- ]due|overdue|late|unpaid|outstanding))\b|^\s*(?!(?:we|you|i|they|how|what|which)\b).+?\s+(?:has|have|owes?)\s+(?:(?:any\s+)?(?:past[- ]due|overdue|late)\s+(?:invoices?|bills?)|anything\s+(?:past[- ]due|overdue|late))\b/i;

type Countable = { kind: CountKind; nouns: string[]; capability: AssistantAbility; noun: [string, string] };

// Most specific first: "unpaid invoices" before anything else that names invoices.
const COUNTABLES: Countable[] = [
  {
    kind: "unpaid_invoices",
    nouns: ["unpaid", "outstanding", "open invoices", "invoices", "invoice", "overdue", "past due"],
    capability: CAPABILITIES.seeInvoices,
    noun: ["unpaid invoice", "unpaid invoices"],
  },
  {
    kind: "visits",
    nouns: ["visits", "visit", "appointments", "appointment", "stops", "scheduled", "booked", "on the schedule"],
    capability: CAPABILITIES.seeSchedule,
    noun: ["visit", "visits"],
  },
  {
    kind: "open_jobs",
    nouns: ["jobs", "job", "work orders", "service calls", "projects"],
    capability: CAPABILITIES.seeJobs,
    noun: ["open job", "open jobs"],
  },
  {
    kind: "crews",
    nouns: ["crews", "crew", "teams", "team"],
    capability: CAPABILITIES.seeCrews,
    noun: ["crew", "crews"],
  },
  {
    kind: "customers",
    nouns: ["customers", "customer", "clients", "client", "patients", "accounts", "households"],
    capability: CAPABILITIES.seeCustomers,
    noun: ["customer", "customers"],
  },
];

/** "…does Luis Ortiz have", "…for the Garcias": whose invoices a count is about. */
const WHOSE =
  /^\s*(?:(?:does|do|did|has|have)\s+)?(?!(?:we|you|i|they|how|what|which)\b)(.+?)\s+(?:has|have|owes?)\s+(?:(?:any\s+)?(?:past[- ]due|overdue|late)\s+(?:invoices?|bills?)|anything\s+(?:past[- ]due|overdue|late))\b|\b(?:does|do|did|has)\s+(?!(?:we|you|i|they|us|our company)\b)(.+?)\s+(?:have|owe|got|has|still have)\b|\b(?:for|of)\s+(?!(?:the\s+)?(?:company|business|month|week|year|us|me|them)\b)(?!(?:(?:my|our|the|all|your)\s+)?(?:(?:overdue|past[- ]due|unpaid|late|outstanding|open)\s+)?(?:invoices?|bills?)\b)(.+?)\s*\??$/i;

/** A day or period the question names, as calendar days; for visits, today when none is named. */
function dayPeriod(message: ReadMessage, input: PlannerInput): { period: DayPeriod; label: string } | null {
  const named = namedPeriod(message, input);
  if (named) return { period: { from: named.from, until: named.until }, label: named.label };
  const when = readWhens(message.raw, input.now, input.timeZone).spans.find((span) => span.day !== null);
  if (when?.day) {
    const label = dayLabel(when.day, input.now, input.timeZone);
    return {
      period: { from: when.day, until: addDays(when.day, 1) },
      label: /^to/.test(label) ? label : `on ${label}`,
    };
  }
  return null;
}

/** "How many customers do we have?", "how many visits tomorrow?": a number, in words. */
/** "any past due?", "anyone overdue": whether any invoice is past due, as a number. */
const ANY_PAST_DUE =
  /^\s*(?:are there\s+)?(?:any|anything|anyone|anybody)\s+(?:invoices?\s+)?(?:past[- ]due|overdue|late)\b/i;

/** "customers in springfield", "clients out in Shelbyville": a town named after the customers. */
const CUSTOMERS_IN_TOWN =
  /\b(?:customers?|clients?|accounts?|patients?|homes?|properties)\s+(?:do\s+we\s+have\s+|have\s+we\s+got\s+|are\s+there\s+|we\s+have\s+)?(?:(?:out|over|up|down)\s+)?(?:in|from)\s+([a-z][a-z.'’-]+(?:\s+[a-z][a-z.'’-]+)?)\s*\??\s*$/i;
/** Words after "in" that name a time, not a town ("customers in total", "in the last month"). */
const PERIOD_WORD =
  /^(?:total|all|the\b.*|this\b.*|last\b.*|next\b.*|january|february|march|april|may|june|july|august|september|october|november|december|\d.*|our\b.*|my\b.*|system|app|database|crm|quickbooks|here|there|it|total\b.*)$/i;

export async function planCount(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (ANY_PAST_DUE.test(message.raw)) {
    const refusal = refusalOf(CAPABILITIES.seeInvoices, input);
    if (refusal) return refusal;
    const count = await input.lookup.countPastDueInvoices();
    return {
      kind: "answer",
      reply:
        count === 0 ? "No invoice is past due." : `Yes: **${count}** invoice${count === 1 ? " is" : "s are"} past due.`,
    };
  }
  if (!HOW_MANY.test(message.raw) || mentions(message, "revenue", "money", "dollars", "earn", "made", "collect"))
    return null;
  const countable = COUNTABLES.find((candidate) => mentions(message, ...candidate.nouns));
  if (!countable) return null;
  const refusal = refusalOf(countable.capability, input);
  if (refusal) return refusal;
  const [one, many] = countable.noun;
  // "how many customers in springfield": the chat keeps no count by town (not the company's total, which would be wrong).
  const town = countable.kind === "customers" ? CUSTOMERS_IN_TOWN.exec(message.raw)?.[1] : undefined;
  if (town && !PERIOD_WORD.test(town)) {
    const place = asMarkdownText(capitalized(town.trim()));
    return {
      kind: "answer",
      reply: `I can't count customers by town from the chat. On the Customers page, search for "${place}": the search looks in addresses too.`,
    };
  }
  const whose = countable.kind === "unpaid_invoices" ? WHOSE.exec(message.raw) : null;
  if (whose) {
    const resolved = await resolveCustomer(cleanName(whose[1] ?? whose[2] ?? whose[3] ?? ""), input);
    if ("plan" in resolved) return resolved.plan;
    const count = await input.lookup.countPastDueInvoices(resolved.customer.id);
    const who = `**${asMarkdownText(resolved.customer.name)}**`;
    return { kind: "answer", reply: `${who} has **${count}** past-due invoice${count === 1 ? "" : "s"}.` };
  }
  if (countable.kind === "unpaid_invoices" && mentions(message, "overdue", "past due", "late")) {
    const count = await input.lookup.countPastDueInvoices();
    return { kind: "answer", reply: `**${count}** invoice${count === 1 ? " is" : "s are"} past due.` };
  }
  // "how many jobs did we complete this week": the visits finished, not the jobs open.
  if (
    (countable.kind === "visits" || countable.kind === "open_jobs") &&
    mentions(message, "complete", "completed", "finish", "finished", "done", "did")
  ) {
    const refusalToSee = refusalOf(CAPABILITIES.seeSchedule, input);
    if (refusalToSee) return refusalToSee;
    const today = todayIn(input.now, input.timeZone);
    const asked = dayPeriod(message, input) ?? { period: { from: today, until: addDays(today, 1) }, label: "today" };
    const count = await input.lookup.count("completed_visits", asked.period);
    return {
      kind: "answer",
      reply: `**${count}** visit${count === 1 ? " was" : "s were"} completed ${asked.label}.`,
    };
  }
  if (countable.kind === "visits") {
    const today = todayIn(input.now, input.timeZone);
    const asked = dayPeriod(message, input) ?? { period: { from: today, until: addDays(today, 1) }, label: "today" };
    const count = await input.lookup.count("visits", asked.period);
    return {
      kind: "answer",
      reply: `**${count}** ${count === 1 ? one : many} ${count === 1 ? "is" : "are"} scheduled ${asked.label}.`,
    };
  }
  const count = await input.lookup.count(countable.kind);
  return { kind: "answer", reply: `You have **${count}** ${count === 1 ? one : many}.` };
}

const CREW_DAY =
  /\b(?:what|whats|what's|where|wheres|where's|show|list|how|who|which|is|does|do|crew|team)\b.*\b(?:crew|team)\b|\b(?:crew|team)\b.*\b(?:day|schedule|route|jobs|visits|doing|working|have|got|on|busy|booked|looks?\s+like)\b/i;

/** "what are my crews called again?", "what crews do we have": the company's crews, by name. */
const CREW_NAMES =
  /\b(?:what|which)\s+(?:are\s+)?(?:my|our|the)\s+(?:crews|teams)\s+(?:called|named)\b|\bnames?\s+of\s+(?:my|our|the|all\s+(?:my|our|the))\s+(?:crews|teams)\b|\b(?:what|which)\s+(?:crews|teams)\s+do\s+(?:i|we)\s+have\b|\bwhat\s+did\s+(?:i|we)\s+(?:name|call)\s+(?:my|our|the)\s+(?:crews|teams)\b/i;

export async function planCrewNames(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (!CREW_NAMES.test(message.raw)) return null;
  const refusal = refusalOf(CAPABILITIES.seeCrews, input);
  if (refusal) return refusal;
  const crews = await input.lookup.listCrews();
  if (crews.length === 0) return { kind: "answer", reply: "You have no crews yet: add one on the Crews page." };
  return {
    kind: "answer",
    reply: `Your crews: ${crews.map((crew) => `**${asMarkdownText(crew.name)}**`).join(", ")}. The Crews page shows who is on each.`,
  };
}

/** "when is jane smiths next mowing", "is the acme water heater scheduled yet", "whens her next visit". */
const WHEN_VISIT =
  /^\s*(?:and\s+|so\s+)?(?:when(?:['’]?s|\s+is|\s+are|\s+will|\s+do|\s+does)?\b|(?:which|what)\s+(?:crew|team)\s+(?:has|is\s+(?:on|doing|taking|handling)|does|got|gets|is\s+going\s+to)\b|what\s+(?:time|day)(?:['’]?s|\s+is|\s+are)\b|(?:is|are|has|have|does|do)\b(?=.*\b(?:scheduled|booked|on the (?:schedule|calendar|books))\b(?:\s+(?:yet|already|in))?\s*\??\s*$))/i;
const NOT_A_VISIT =
  /\b(?:not|n['’]?t|invoice|paid|pay|payment|open|close|closes|start|starts|end|trial|plan|subscription|bill|billing|last|did|was|were)\b/i;

export async function planNextVisit(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (!WHEN_VISIT.test(message.raw) || NOT_A_VISIT.test(message.raw.replace(/\bwe['’]?re\b/gi, " "))) return null;
  const { text, spans } = readWhens(message.raw, input.now, input.timeZone);
  const onDay = spans.find((span) => span.day !== null)?.day ?? null;
  const withoutDays = withoutSpans(text, spans);
  const subject = withoutDays
    .replace(/[?.!]+/g, " ")
    .replace(PLACE_OF, "$1")
    .replace(
      /\b(?:when(?:['’]?s)?|what(?:['’]?s)?|which\s+(?:crew|team)|doing|taking|handling|got|gets|time|day|job|is|are|has|have|will|do|does|the|next|again|yet|already|scheduled|booked|on the (?:schedule|calendar|books)|been|coming|going|heading|headed|back|returning|happening|taking place|planned|set|out|to|we|we['’]?re|were|us|be|anything|something|visit|visits|appointment|service|there|over)\b/gi,
      " ",
    )
    .replace(/^\s*(?:for|at)\b/i, " ")
    .replace(/\s+/g, " ")
    .trim();
  const refusal = refusalOf(CAPABILITIES.seeSchedule, input);
  if (refusal) return refusal;
  if (subject === "" && !input.context.customerId && !input.context.jobId) return null;
  const named = await visitsNamed(subject, input);
  if ("plan" in named) return named.plan;
  const onThatDay = onDay
    ? named.visits.filter((visit) => visit.start && dayInTimeZone(new Date(visit.start), input.timeZone) === onDay)
    : named.visits;
  const [next] = onThatDay.length > 0 ? onThatDay : named.visits;
  if (!next) return { kind: "answer", reply: `${capitalized(named.label)} has no visit coming up.` };
  const what = `**${asMarkdownText(next.jobTitle)}** (job #${next.jobNumber}) for **${asMarkdownText(next.customerName)}**`;
  if (next.start === null)
    return { kind: "answer", reply: `${what} isn't scheduled yet: its visit is waiting for a day and a time.` };
  const crew = next.crewId ? (await input.lookup.listCrews()).find((candidate) => candidate.id === next.crewId) : null;
  const day = dayLabel(dayInTimeZone(new Date(next.start), input.timeZone), input.now, input.timeZone);
  const time = formatCompanyTime(next.start, input.timeZone, "en-US");
  return {
    kind: "answer",
    reply: `${what} is ${onDay ? "on" : "next on"} ${time} (${day})${crew ? ` with **${asMarkdownText(crew.name)}**` : ", not yet assigned to a crew"}.`,
  };
}

/** "how much does elena garcia owe", "does acme owe anything", "what's acme's balance": what one customer owes. */
const OWES = [
  /^\s*(?:has|have|did)\s+(.+?)\s+paid\s+(?:(?:us\s+)?everything|all|up|in full|off|what (?:they|he|she) owe)/i,
  /\b(?:how much|what)\s+(?:does|do|did)\s+(.+?)\s+(?:still\s+)?owe\b/i,
  // "how much is Elena Garcia behind on", "how far behind is acme": what is owed, said as being behind.
  /\bhow\s+(?:much|far)\s+(?:is|are)\s+(.+?)\s+(?:behind|in arrears|overdue|late)\b/i,
  /\bhow\s+far\s+behind\s+(?:is|are)\s+(.+?)\s*\??$/i,
  // "check the Garcias' tab", "what's on Acme's tab": the customer's tab is what they owe.
  /\b(?:check|what(?:['’]s| is)(?:\s+on)?|look at)\s+(?:the\s+)?(.+?)(?:['’]s|s['’]|['’])\s+(?:tab|balance|account balance)\b/i,
  /^\s*(?:does|do)\s+(.+?)\s+(?:still\s+)?owe\b/i,
  /^\s*(?:what(?:['’]s| is)\s+)?(?:the\s+)?(.+?)(?:['’]s|s['’])\s+(?:outstanding\s+|open\s+|account\s+|current\s+)?balance\b/i,
  // "What is her balance?": the customer named before, or the one whose page is open.
  /^\s*(?:what(?:['’]s| is)\s+)?(his|her|their)\s+(?:outstanding\s+|open\s+|account\s+|current\s+)?balance\b/i,
  // "What's the damage on Luis Ortiz's account?": what is owed, in a word for it.
  /\bwhat(?:['’]s| is)\s+the\s+(?:damage|tab|total owed|bill)\s+(?:on|for)\s+(?!invoice\b|#?\d)(.+?)(?:['’]s)?(?:\s+(?:account|tab|bill))?\s*\??$/i,
  /\b(?:balance|outstanding|owing)\s+(?:for|of|on)\s+(?!invoice\b|inv\b|#?\d)(.+?)\s*\??$/i,
  /^\s*(?:is|are)\s+(.+?)\s+(?:paid up|all paid|up to date|square|current on (?:their|his|her) (?:bills?|invoices?))\b/i,
  // "has acme paid", "has garcia paid their invoice yet", "is acme's invoice paid": whether they still owe.
  /^\s*(?:has|have|did)\s+(?!(?:we|you|i|they|it|that|this|invoice|inv)\b)(.+?)\s+(?:paid|pay)(?:\s+(?:up|(?:their|his|her|the)\s+(?:invoices?|bills?))|\s+yet)*\s*\??$/i,
  /^\s*(?:is|are)\s+(?!(?:invoice|inv)\b)(.+?)['’]s?\s+(?:invoices?|bills?)\s+(?:paid|settled)(?:\s+yet)?\s*\??$/i,
  /^\s*(?:did|have|has)\s+we\s+(?:get|got|been)\s+paid\s+(?:by|from)\s+(.+?)(?:\s+yet)?\s*\??$/i,
];
/** "how much did acme pay us this year", "what has sunrise paid": what one customer paid. */
const PAID_BY = [
  /\bhow much\s+(?!(?:money|we|you|they|do|did|does|has|have)\b)(.+?)\s+(?:has|have)\s+paid\b/i,
  /\b(?:how much|what)\s+(?:has|have|did)\s+(.+?)\s+(?:paid|pay)\b/i,
  /\bhow much\s+(?:money\s+)?(?:did we|have we)\s+(?:get|got|collect|collected|receive|received|take|taken)\s+from\s+(.+?)(?:\s+(?:this|last|in|so far)\b.*)?\s*\??$/i,
];
const EVERYONE = /^(?:(?:we|you|i)\b.*|customers|clients|everyone|everybody|people|folks|all|our customers|they all)$/i;

export async function planCustomerMoney(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const paidName = PAID_BY.map((pattern) => pattern.exec(message.raw)?.[1]).find((found) => found !== undefined);
  const owedName = paidName ? undefined : OWES.map((pattern) => pattern.exec(message.raw)?.[1]).find(Boolean);
  const raw = paidName ?? owedName;
  if (raw === undefined) return null;
  const name = cleanName(raw.replace(/\b(?:us|me|so far|this year|this month|last month|last year)\b/gi, " "));
  if (name === null || EVERYONE.test(name)) return null;
  const refusal = refusalOf(paidName !== undefined ? CAPABILITIES.seeRevenue : CAPABILITIES.seeInvoices, input);
  if (refusal) return refusal;
  const pronoun = isPronoun(name) || /^(?:they|he|she)$/i.test(name);
  // "Quick one about the Sunrise Senior Living account: how much have they paid us?": "they" is the customer the
  // message names elsewhere, when it names one.
  const elsewhere = pronoun ? await customerMentioned(message.raw.split(/[\s"“”]+/), input) : null;
  const resolved =
    elsewhere && "match" in elsewhere
      ? { customer: elsewhere.match }
      : await resolveCustomer(pronoun ? null : name, input);
  if ("plan" in resolved) return resolved.plan;
  const who = `**${asMarkdownText(resolved.customer.name)}**`;
  if (paidName !== undefined) {
    const period = namedPeriod(message, input);
    const money = await input.lookup.customerMoney(
      resolved.customer.id,
      period ? { from: period.from, until: period.until } : null,
    );
    return {
      kind: "answer",
      reply: `${who} paid **${formatCents(money.paidCents)}** ${period ? period.label : "in all"}.`,
    };
  }
  const money = await input.lookup.customerMoney(resolved.customer.id, null);
  if (money.openInvoices === 0) return { kind: "answer", reply: `${who} owes nothing: no invoice of theirs is open.` };
  const plural = money.openInvoices === 1 ? "" : "s";
  const late =
    money.openInvoices === 1
      ? money.pastDueInvoices > 0
        ? ", which is past due"
        : ", not yet due"
      : money.pastDueInvoices > 0
        ? `, ${money.pastDueInvoices} of them past due`
        : ", none past due";
  return {
    kind: "answer",
    reply: `${who} owes **${formatCents(money.openCents)}** on ${money.openInvoices} open invoice${plural}${late}.`,
  };
}

/** "crew b tomorrow?", "alpha team's monday": a crew and a day, and nothing else. */
function crewAndDayAlone(raw: string, input: PlannerInput): boolean {
  const { text, spans } = readWhens(raw, input.now, input.timeZone);
  if (spans.length !== 1 || spans[0]!.day === null) return false;
  const rest = `${text.slice(0, spans[0]!.index)} ${text.slice(spans[0]!.end)}`;
  const [crew] = crewNames(rest);
  if (crew === undefined) return false;
  return (
    rest
      .toLowerCase()
      .replace(crew.toLowerCase(), " ")
      .replace(/['’]s\b|[?.!,]|\b(?:and|for|on|the|what about|how about|please)\b/g, " ")
      .trim() === ""
  );
}

/** "What does crew B have tomorrow?", "where is Alpha team today": one crew's day. */
export async function planCrewDay(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (!(CREW_DAY.test(message.raw) || crewAndDayAlone(message.raw, input)) || HOW_MANY.test(message.raw)) return null;
  if (mentions(message, "schedule a", "book", "optimize", "optimise", "add", "create", "move", "reschedule"))
    return null;
  let crew: { id: string; name: string } | null = null;
  for (const name of crewNames(message.raw)) {
    const resolved = await resolveCrew(name, input);
    if ("crew" in resolved) {
      crew = resolved.crew;
      break;
    }
  }
  if (crew === null) return null;
  const refusal = refusalOf(CAPABILITIES.seeSchedule, input);
  if (refusal) return refusal;
  const today = todayIn(input.now, input.timeZone);
  const when = readWhens(message.raw, input.now, input.timeZone).spans.find((span) => span.day !== null);
  const day = when?.day ?? input.context.day ?? today;
  const label = dayLabel(day, input.now, input.timeZone);
  return {
    kind: "read",
    reply: `Here is **${asMarkdownText(crew.name)}**'s day, ${label}.`,
    reads: [{ tool: "daySchedule", date: day, crewId: crew.id }],
  };
}

const CONTACT_WORDS =
  "phone number|phone|number|cell|mobile|email address|email|e-mail|address|contact details|contact info|contact|gate code|info|details|where (?:do|does) .+? live";
const CONTACT = new RegExp(
  `\\b(?:what(?:'s| is| are)?|whats|give me|get me|send me|need|do we have|tell me|show me|show|get|find|look ?up|pull up|bring up|ring up|ring|call|dial)\\b[^?]*?\\b(?:${CONTACT_WORDS})\\b|^\\s*(?:${CONTACT_WORDS})\\s+(?:for|of|at)\\b`,
  "i",
);
const WHERE_LIVES =
  /\bwhere (?:do|does)\s+.+?\s+live\b|^\s*[a-z][\w'’&.-]*(?:\s+[a-z][\w'’&.-]*){0,3}\s+(?:phone number|phone|cell|mobile|email address|email|address|gate code)\s*\??\s*$|^\s*[^?]{2,60}?['’]s?\s+(?:phone number|phone|number|cell|mobile|email address|email|address|gate code|contact details|contact info)\s*\??\s*$/i;
const CONTACT_NAME = [
  // "Sunrise Senior Living, whats there address": the name, then what is asked of "them".
  /^\s*([^,?]{2,60}?)\s*[,:–—-]\s*(?:what(?:['’]s| is| are)|whats|got)\s+(?:their|there|theyre|his|her|its)\s+(?:phone number|phone|number|cell|mobile|email address|email|e-mail|address|gate code)\b/i,
  /\b(?:phone number|phone|number|cell|mobile|email address|email|e-mail|address|contact details|contact info|contact|gate code|info|details)\s+(?:for|of|on|at)\s+(?!(?:me|us)\b)(.+)$/i,
  /\b(?:what(?:'s| is| are)?|whats|give me|get me|send me|tell me|show me|show|get|find|look ?up|pull up|bring up|ring up|dial up|do we have|need|i need|we need)\s+(?:the\s+)?((?:his|her|their|its)(?=\s)|.+?)['’]?s?['’]?\s+(?:phone number|phone|number|cell|mobile|email address|email|e-mail|address|contact details|contact info|contact|info|details)\b/i,
  /\bwhere (?:do|does)\s+(.+?)\s+live\b/i,
  // "jane smith phone number": the name, then what is asked.
  /^\s*(?!(?:what|whats|where|give|get|find|show|send|tell|pull|need)\b)([a-z][\w'’&.-]*(?:\s+[a-z][\w'’&.-]*){0,3}?)\s+(?:phone number|phone|cell|mobile|email address|email|address|gate code)\s*\??\s*$/i,
  // "Elena Garcia's phone number": the name alone before what is asked.
  /^\s*(?!(?:what|whats|what's|where|give|get|find|show|send|tell|pull)\b)(?:the\s+)?(.+?)['’]s?\s+(?:phone number|phone|number|cell|mobile|email address|email|address|gate code|contact details|contact info)\s*\??\s*$/i,
];

/** "What's the Garcias' phone number?", "address for John Smith": the customer's card, which holds it. */
export async function planCustomerContact(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (
    !(CONTACT.test(message.raw) || WHERE_LIVES.test(message.raw)) ||
    mentions(
      message,
      "settings",
      "company",
      "our address",
      "my address",
      "twilio",
      "quickbooks",
      "stripe",
      "how much",
    ) ||
    /\b(?:that|this|the|a|one|which)\s+number\b(?!\s+(?:for|of|on|at)\b)/i.test(message.raw) ||
    /\b(?:business|our|my|company|office|main|toll[- ]free|work) (?:phone )?number\b/i.test(message.raw)
  )
    return null;
  let name: string | null = null;
  for (const pattern of CONTACT_NAME) {
    const found = pattern.exec(message.raw)?.[1];
    if (found) {
      // "the address for the Garcia job": the customer whose job it is.
      name = isPronoun(found.trim())
        ? found.trim()
        : cleanName(found.replace(/^(?:the|a)\s+/i, "").replace(/\s+(?:job|visit|appointment|place|house)$/i, ""));
      break;
    }
  }
  if (
    name === null ||
    /\b(?:invoice|job|crew|team|visit|settings?|page|screen|menu|button|dashboard|reports?|customers|jobs|app)\b/i.test(
      name,
    )
  )
    return null;
  const refusal = refusalOf(CAPABILITIES.seeCustomers, input);
  if (refusal) return refusal;
  // "which Tom Baker is the Shelbyville one, and what's his number": "his" is the customer named before.
  const namedBefore = isPronoun(name) && !input.context.customerId ? await customerNamedIn(message.raw, input) : null;
  const resolved = namedBefore
    ? { customer: namedBefore }
    : await resolveCustomer(isPronoun(name) ? null : name, input);
  if ("plan" in resolved) return resolved.plan;
  const what = mentions(message, "email", "e mail", "email address")
    ? "email"
    : mentions(message, "address", "live", "gate code")
      ? "address"
      : mentions(message, "contact details", "contact info", "details", "info")
        ? "contact details"
        : "phone number";
  // The value itself when the lookup gave it: "where does Elena Garcia live?" is answered, not only opened.
  const record: CustomerRecord =
    (await input.lookup.findCustomers(resolved.customer.name)).find(
      (candidate) => candidate.id === resolved.customer.id,
    ) ?? resolved.customer;
  const value = what === "address" ? record.address : what === "phone number" ? record.phone : null;
  return {
    kind: "read",
    reply: `Here is **${asMarkdownText(resolved.customer.name)}**'s ${what}${value ? `: ${/^[\d\s()+.-]+$/.test(value) ? value : asMarkdownText(value)}` : ""}.`,
    reads: [{ tool: "findCustomers", query: resolved.customer.id }],
  };
}

const TOP_CUSTOMERS =
  /\b(?:top|best|biggest|highest)[- ]paying\s+(?:customers?|clients?|accounts?)\b|(?:#\s*1|\bnumber one|\bno\.?\s*1|\bbiggest|\bbest)\s+(?:customer|client|account|payer)\b|\b(?:top|best|biggest|largest|most valuable|highest[- ]paying|highest[- ]spending|most loyal|leading)\s+(?:(?:\d+|two|three|four|five|six|seven|eight|nine|ten)\s+)?(?:customers?|clients?|accounts?|payers?|patients?)\b|\bwho (?:has |have |had )?(?:pays|paid|spends|spent|brings|brought) (?:us )?(?:the )?most\b|\b(?:customers?|clients?) (?:who|that) (?:pay|paid|spend|spent) (?:us )?the most\b|\b(?:which|what) (?:customers?|clients?|accounts?) (?:have |has )?(?:pay|paid|spend|spent|bring|brought in) (?:us )?(?:the )?most\b/i;

/** "Who are our best customers this year?": the customers who paid the most, in words. */
export async function planTopCustomers(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (!TOP_CUSTOMERS.test(message.raw)) return null;
  const refusal = refusalOf(CAPABILITIES.seeRevenue, input);
  if (refusal) return refusal;
  const named = namedPeriod(message, input);
  const said = /\btop\s+(\d+|one|two|three|four|five|six|seven|eight|nine|ten)\b/i.exec(message.raw)?.[1];
  const limit = Math.min((said ? countOf(said) : null) ?? 5, 10);
  const top = await input.lookup.topCustomers(named ? { from: named.from, until: named.until } : null, limit);
  const span = named ? named.label : "so far";
  if (top.length === 0) return { kind: "answer", reply: `No customer has paid anything ${span} yet.` };
  const lines = top.map((row, index) => `${index + 1}. **${asMarkdownText(row.name)}**: ${formatCents(row.paidCents)}`);
  return { kind: "answer", reply: `Your best customers by what they paid ${span}:\n\n${lines.join("\n")}` };
}

const OTHER_COMPANY =
  /\b(?:another|other|different)\s+(?:[\w-]+\s+){1,3}(?:company|companies|business|businesses|contractor|contractors|firm|firms|outfit)\b(?=.*\b(?:customers?|clients?|list|data|jobs?|invoices?|schedule|revenue|prices?|records?|uses? (?:this|the same))\b)|\b(?:another|other|different|competitor'?s?|rival|someone else'?s|somebody else'?s)\s+(?:company|companies|business|businesses|tenant|tenants|account's|contractor|contractors|firm|firms|organisation|organization)\b|\b(?:all|every|each)\s+(?:companies|tenants|businesses|firms|contractors)\b|\bcompetitors?\b|\bother (?:lawn|hvac|plumbing|cleaning|roofing|electrical|pest) (?:companies|businesses|guys)\b/i;

/** "Green Valley Lawn Co's customers, they use this app too": a business's records that are not the user's. */
const ANOTHER_BUSINESS =
  /\b(?:their|that company['’]?s|that business['’]?s)\s+(?:customer|client)s?(?:\s+list)?\b(?=.*\b(?:compare|pricing|prices|rates)\b)|\b(?:helping out|working|work|also work|used to work|part[- ]time)\s+(?:part[- ]time\s+)?(?:at|for)\s+[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*){0,3}\b(?=[\s\S]*\b(?:their|them)\b)|\b(?:i|we)\s+used\s+to\s+work\s+(?:there|for\s+them|at\s+\w+)|\b(?:my|our)\s+(?:old|former|previous)\s+(?:company|employer|boss|job)['’]?s?\b|\b(?:they|who)\s+(?:also\s+)?uses?\s+(?:this|the same|our)\s+(?:app|software|system|product|platform)\b|\b(?:they|they['’]re|they\s+are|who['’]s|who\s+is|he['’]s|she['’]s)\s+(?:also\s+)?on\s+(?:this|the\s+same|our)\s+(?:app|software|system|product|platform)\b|\b[A-Z][\w&'’.-]*\s+(?:also\s+)?uses\s+(?:this|the)\s+same\s+(?:app|software|system|product|platform)\b|\bruns\s+[A-Z][\w&'’.-]*(?:\s+[A-Z][\w&'’.-]*){0,3}\s+on\s+(?:this|the)\s+same\s+(?:app|software|system|product|platform)\b|\b[\w&.-]+(?:\s+[\w&.-]+){0,3}\s+(?:co|company|inc|llc|ltd|corp)\.?['’]?s\s+(?:customers?|clients?|jobs?|invoices?|data|list|schedule|revenue)\b/i;

/** "greenleaf landscaping's customers": a business named by its trade, whose records are asked for. */
const TRADE_BUSINESS_RECORDS =
  /\b((?:[\w&.-]+\s+){1,3}(?:landscaping|lawn care|lawns|plumbing|hvac|heating|cooling|air|cleaning|cleaners|roofing|electric|electrical|pest control|services|pools?|tree care|trees|gutters|painting))['’]?s\s+(?:customers?|clients?|customer list|client list|jobs?|invoices?|data|schedule|revenue|prices?)\b/i;

/** "all the customers of Blue Ridge Roofing": the records of a business named after them. */
const RECORDS_OF_A_BUSINESS =
  /\b(?:customers?|clients?|customer list|client list|jobs?|invoices?|data|schedule|revenue|prices?)\s+of\s+((?:[A-Z][\w&'’.-]*\s+){0,3}[A-Z][\w&'’.-]*)/;

/** A request about another company's data: the assistant sees only the user's own. */
export async function planOtherCompany(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const business = TRADE_BUSINESS_RECORDS.exec(message.raw)?.[1] ?? RECORDS_OF_A_BUSINESS.exec(message.raw)?.[1];
  // A customer of ours named by their trade ("Acme Plumbing's invoices") is ours to show.
  const another =
    business !== undefined &&
    !/^(?:the|our|my)\b/i.test(business) &&
    (await customerMentioned(business.split(/\s+/), input)) === null;
  if (!OTHER_COMPANY.test(message.raw) && !ANOTHER_BUSINESS.test(message.raw) && !another) return null;
  return {
    kind: "refuse",
    reply:
      "I can only see and act on your own company's records; other companies' data is private to them. Ask me about your customers, jobs, schedule or invoices.",
  };
}

/** "which of the ortiz visits isnt with crew b", "which of Jane's visits are with Crew B": visits, by their crew. */
const VISITS_BY_CREW =
  /^\s*(?:which|what)\s+(?:ones?\s+)?(?:of\s+)?(?:the\s+)?(.+?)\s+(?:visits|appointments|stops|bookings)\s+(?:(is|are|isn['’]?t|aren['’]?t|isnt|arent)\s+(not\s+)?)?(?:with|on|for|assigned to|going to|given to)\s+((?:crew|team)\s+[a-z0-9]+|[a-z0-9]+\s+(?:crew|team))\s*\??\s*$/i;

export async function planVisitsByCrew(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const found = VISITS_BY_CREW.exec(message.raw);
  if (!found) return null;
  const refusal = refusalOf(CAPABILITIES.seeSchedule, input);
  if (refusal) return refusal;
  const without = found[3] !== undefined || /n['’]?t$/i.test(found[2] ?? "");
  const crew = await resolveCrew(found[4]!, input);
  if ("plan" in crew) return crew.plan;
  const named = await visitsNamed(found[1]!.replace(/['’]s?$/, ""), input);
  if ("plan" in named) return named.plan;
  const crewName = `**${asMarkdownText(crew.crew.name)}**`;
  const fits = named.visits.filter((visit) => (visit.crewId === crew.crew.id) !== without);
  if (fits.length === 0)
    return {
      kind: "answer",
      reply: `None of the upcoming visits of ${named.label.replace(/^the next visit of /, "")} is ${without ? "without" : "with"} ${crewName}.`,
    };
  const crews = await input.lookup.listCrews();
  const lines = fits.map((visit) => {
    const when = visit.start ? formatCompanyTime(visit.start, input.timeZone, "en-US") : "not scheduled yet";
    const other = visit.crewId ? crews.find((candidate) => candidate.id === visit.crewId) : null;
    const withCrew = other ? ` with **${asMarkdownText(other.name)}**` : ", no crew yet";
    return `- **${asMarkdownText(visit.jobTitle)}** (job #${visit.jobNumber}), ${when}${withCrew}`;
  });
  return {
    kind: "answer",
    reply: `${without ? `Not with ${crewName}` : `With ${crewName}`}:\n${lines.join("\n")}`,
  };
}
