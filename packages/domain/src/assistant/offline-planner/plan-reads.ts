import type { AssistantPlan, ReadToolCall } from "@fieldops/shared/assistant";
import { addDays, mondayOf, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import { parseWhen, readWhens, todayIn } from "./parse-when.ts";
import { CAPABILITIES, refusalFor, type AssistantAbility } from "./planner-policy.ts";
import type { PlannerInput } from "./planner-input.ts";
import { countOf, mentions, readMessage, type ReadMessage } from "./read-message.ts";
import {
  asMarkdownText,
  candidateList,
  cleanName,
  customerNamed,
  isPronoun,
  resolveCustomer,
  resolveCustomerAndService,
  withoutPossessive,
} from "./resolve-customer.ts";

function read(capability: AssistantAbility, input: PlannerInput, reply: string, call: ReadToolCall): AssistantPlan {
  return refusalFor(capability, input.role, input.features) ?? { kind: "read", reply, reads: [call] };
}

const MONEY_OWED = [
  "unpaid",
  "outstanding",
  "overdue",
  "past due",
  "owe",
  "owes",
  "owed",
  "owing",
  "not paid",
  "havent paid",
  "hasnt paid",
  "havent been paid",
  "not been paid",
  "hasnt been paid",
  "late payments",
  "receivables",
  "late invoices",
  "pay me",
  "late paying",
  "behind on",
  "behind with",
];

export function planUnpaidInvoices(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  // "I want my customers to be able to pay me by card through Stripe, can you set that up?": a connection.
  if (
    /\b(?:stripe|quickbooks|twilio)\b/i.test(message.raw) &&
    /\b(?:set\s+(?:that|it|this)?\s*up|connect|hook|link|integrat)/i.test(message.raw)
  )
    return null;
  const aboutInvoices = mentions(message, "invoice", "invoices", "bills", "payments");
  const whoOwes = mentions(
    message,
    "who",
    "whos",
    "who is",
    "anyone",
    "anybody",
    "which customers",
    "which clients",
    "what",
    "whats",
    "anything",
    "still",
    "accounts",
    "which accounts",
    "which ones",
    // "past due list", "show me everything that's overdue": the list of them.
    "list",
    "everything",
    "all",
    "show me",
  );
  if (
    !mentions(message, ...MONEY_OWED) ||
    !(aboutInvoices || whoOwes || mentions(message, "owe", "owes", "owed", "owing", "pay me", "receivables"))
  )
    return null;
  const pastDueOnly =
    mentions(
      message,
      "overdue",
      "past due",
      "late invoices",
      "late payments",
      "past their due date",
      "past the due date",
      "late paying",
      "behind",
    ) &&
    !mentions(
      message,
      "or not",
      "and not",
      "overdue or",
      "either way",
      "including",
      "not past due",
      "not overdue",
      "not yet due",
    );
  return read(
    CAPABILITIES.seeInvoices,
    input,
    pastDueOnly ? "Here are the past-due invoices." : "Here are the unpaid invoices.",
    { tool: "listUnpaidInvoices", pastDueOnly },
  );
}

/** The first day of a month (0 is January; months past December or before January roll the year). */
function monthStart(year: number, month: number): string {
  return new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
}

const MONTHS = [
  ["january", "jan"],
  ["february", "feb"],
  ["march", "mar"],
  ["april", "apr"],
  ["may"],
  ["june", "jun"],
  ["july", "jul"],
  ["august", "aug"],
  ["september", "sep", "sept"],
  ["october", "oct"],
  ["november", "nov"],
  ["december", "dec"],
];

/** A period the message names, as the company's calendar days: `from` up to (not including) `until`. */
export type NamedPeriod = { label: string; from: string; until: string };

export function namedPeriod(message: ReadMessage, input: PlannerInput): NamedPeriod | null {
  const today = todayIn(input.now, input.timeZone);
  const monday = mondayOf(today);
  const month = today.slice(0, 8) + "01";
  const nextMonth = addDays(month, 32).slice(0, 8) + "01";
  const previousMonth = addDays(month, -1).slice(0, 8) + "01";
  const year = today.slice(0, 4);
  const span = (label: string, from: string, until: string): NamedPeriod => ({ label, from, until });
  // "from the start of November through yesterday", "between the 1st and the 20th of this month": each end a day, or
  // the first or last day of a period.
  const ends = rangeEnds(message.raw, input);
  if (ends) return span(`${ends[0]} to ${ends[1]}`, ends[0], addDays(ends[1], 1));
  const shaped = periodByShape(message.text, today);
  if (shaped) return shaped;
  // "from Labor Day through Halloween", "between the 3rd and the 17th": the two days said, both included.
  if (/\b(?:from|between)\b[\s\S]*\b(?:through|thru|to|until|till|and)\b/i.test(message.raw)) {
    const read = readWhens(message.raw, input.now, input.timeZone, "back");
    const written = [...read.text.matchAll(/\b\d{4}-\d{2}-\d{2}\b/g)].map((found) => found[0]);
    const days =
      written.length === 2
        ? written
        : read.spans.map((found) => found.day).filter((day): day is string => day !== null);
    if (days.length === 2 && days[0]! <= days[1]!)
      return span(`${days[0]} to ${days[1]}`, days[0]!, addDays(days[1]!, 1));
  }
  // "last month's" reads as "last months"; "september's completed visits" as "septembers".
  const monthName = MONTHS.findIndex(
    (names) =>
      mentions(
        message,
        ...names.map((name) => `${name}s`),
        ...names.map((name) => `in ${name}`),
        ...names.map((name) => `for ${name}`),
        ...names.map((name) => `during ${name}`),
        ...names.map((name) => `from ${name}`),
        ...names.map((name) => `of ${name}`),
      ) ||
      // "every completed October visit": a month's full name anywhere ("may" and "march" are words too).
      (names[0] !== "may" && names[0] !== "march" && mentions(message, names[0]!)),
  );
  if (monthName >= 0) {
    // The latest such month that has begun: "in October" in November is this year's, in January last year's.
    const thisYear = Number(year);
    const monthYear = monthName + 1 <= Number(today.slice(5, 7)) ? thisYear : thisYear - 1;
    const from = monthStart(monthYear, monthName);
    const until = monthStart(monthYear, monthName + 1);
    return span(
      `${MONTHS[monthName]![0]!.charAt(0).toUpperCase()}${MONTHS[monthName]![0]!.slice(1)} ${monthYear}`,
      from,
      until,
    );
  }
  if (mentions(message, "last year", "previous year", "past year", "last years"))
    return span("last year", `${Number(year) - 1}-01-01`, `${year}-01-01`);
  if (mentions(message, "this quarter", "quarter", "qtd", "last quarter", "previous quarter")) {
    const quarterMonth = Math.floor((Number(today.slice(5, 7)) - 1) / 3) * 3;
    if (mentions(message, "last quarter", "previous quarter"))
      return span("last quarter", monthStart(Number(year), quarterMonth - 3), monthStart(Number(year), quarterMonth));
    return span("this quarter", monthStart(Number(year), quarterMonth), monthStart(Number(year), quarterMonth + 3));
  }
  if (mentions(message, "week before last", "the week before last"))
    return span("the week before last", addDays(monday, -14), addDays(monday, -7));
  if (mentions(message, "last week", "previous week", "past week", "last weeks"))
    return span("last week", addDays(monday, -7), monday);
  if (mentions(message, "last month", "previous month", "past month", "last months"))
    return span("last month", previousMonth, month);
  if (mentions(message, "next week", "coming week", "following week"))
    return span("next week", addDays(monday, 7), addDays(monday, 14));
  if (mentions(message, "next month", "coming month", "following month"))
    return span("next month", nextMonth, addDays(nextMonth, 32).slice(0, 8) + "01");
  if (mentions(message, "this week", "week", "weekly", "wtd", "so far this week"))
    return span("this week", monday, addDays(monday, 7));
  if (mentions(message, "this month", "month", "monthly", "mtd")) return span("this month", month, nextMonth);
  if (mentions(message, "this year", "year", "ytd"))
    return span("this year", `${year}-01-01`, `${Number(year) + 1}-01-01`);
  if (mentions(message, "today", "so far today")) return span("today", today, addDays(today, 1));
  if (mentions(message, "yesterday")) return span("yesterday", addDays(today, -1), today);
  return null;
}

/** A range said by its two ends: "from X through Y", "between X and Y", "X up to Y". */
const RANGE =
  /\b(?:from|between|since)\s+((?:[\w'’-]+\s+){0,5}?[\w'’-]+)\s+(?:through|thru|to|until|till|up\s+(?:to|until|till|through)|and)\s+((?:[\w'’-]+\s+){0,5}?[\w'’-]+)(?=\s*(?:[.?!,;)]|$|\s+(?:that|which|please|for|so|and|but)\b))/i;
/** "the start of November", "the first of the month", "the end of last month": a period's first or last day. */
const EDGE_OF = /^(?:the\s+)?(?:(start|beginning|first(?:\s+day)?)|(end|last\s+day))\s+of\s+(.+)$/i;
const BARE_ORDINAL = /^(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)$/i;

/** One end of a range: the day it names, else the first (`start`) or last day of the period it names. */
function rangeEnd(side: string, edge: "start" | "end", input: PlannerInput): string | null {
  const edged = EDGE_OF.exec(side.trim());
  if (edged) return periodEdge(edged[3]!, edged[1] ? "start" : "end", input);
  const day = readWhens(side, input.now, input.timeZone, "back").spans.find((found) => found.day !== null)?.day;
  return day ?? periodEdge(side, edge, input);
}

/** The first or last day of the period `words` name ("the month" is this one). */
function periodEdge(words: string, edge: "start" | "end", input: PlannerInput): string | null {
  const named = namedPeriod(readMessage(`in ${words.replace(/^(?:the\s+)?month$/i, "this month")}`), input);
  return named ? (edge === "start" ? named.from : addDays(named.until, -1)) : null;
}

/** The two days, both included, of a range said by its ends; null when the message says none. */
export function rangeEnds(raw: string, input: PlannerInput): [string, string] | null {
  const found = RANGE.exec(raw);
  if (!found) return null;
  const [left, right] = [found[1]!, found[2]!];
  // "from the 1st through the 30th": two days of one month, the month said elsewhere or this one.
  const first = BARE_ORDINAL.exec(left.trim());
  const last = BARE_ORDINAL.exec(right.trim());
  if (first && last) {
    const rest = raw.slice(0, found.index) + raw.slice(found.index + found[0].length);
    const month = (namedPeriod(readMessage(rest), input)?.from ?? todayIn(input.now, input.timeZone)).slice(0, 8);
    const days = [first[1]!, last[1]!].map((day) => `${month}${day.padStart(2, "0")}`) as [string, string];
    return days[0] <= days[1] && !Number.isNaN(Date.parse(days[1])) ? days : null;
  }
  // An end that names nothing is not a range of days ("from Acme to Crew B").
  const from = rangeEnd(left, "start", input);
  const to = rangeEnd(right, "end", input);
  return from && to && from <= to ? [from, to] : null;
}

const ORDINALS: Record<string, number> = {
  first: 1,
  "1st": 1,
  second: 2,
  "2nd": 2,
  third: 3,
  "3rd": 3,
  fourth: 4,
  "4th": 4,
};
const MONTH_WORD = MONTHS.flat().join("|");

/**
 * Periods said by their shape rather than a fixed phrase: a quarter ("Q3", "the third quarter of 2025"), a half ("the
 * first half of the year", "H2 last year"), a month with its year ("october 2025"), a span up to today ("since
 * october", "the last 30 days"); "so far this year" is the year, as its later days hold nothing yet. A quarter, half or month without a year is the latest that has begun.
 */
function periodByShape(text: string, today: string): NamedPeriod | null {
  const thisYear = Number(today.slice(0, 4));
  const thisMonth = Number(today.slice(5, 7)) - 1;
  const tomorrow = addDays(today, 1);
  const saidYear = /\b(20\d{2})\b/.exec(text)?.[1];
  const lastYear = /\b(?:last|previous|past)\s+year(?:s)?\b/.test(text);
  // The year a part of the year belongs to: the one said, else the latest in which that part has begun.
  const yearOf = (firstMonth: number) =>
    saidYear ? Number(saidYear) : lastYear ? thisYear - 1 : firstMonth <= thisMonth ? thisYear : thisYear - 1;
  const quarter = /\bq([1-4])\b|\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:quarter|qtr)\b/.exec(text);
  if (quarter) {
    const number = quarter[1] ? Number(quarter[1]) : ORDINALS[quarter[2]!]!;
    const year = yearOf((number - 1) * 3);
    return {
      label: `Q${number} ${year}`,
      from: monthStart(year, (number - 1) * 3),
      until: monthStart(year, number * 3),
    };
  }
  // "the same month last year", "this month last year": this month's name, a year back.
  if (/\b(?:(?:the\s+)?same\s+month|this\s+month)\s+(?:last|a|the\s+previous)\s+year\b/.test(text))
    return {
      label: `${new Date(Date.UTC(thisYear - 1, thisMonth, 1)).toLocaleString("en-US", { month: "long", timeZone: "UTC" })} ${thisYear - 1}`,
      from: monthStart(thisYear - 1, thisMonth),
      until: monthStart(thisYear - 1, thisMonth + 1),
    };
  const half = /\b(first|second|1st|2nd)\s+half\b|\bh([12])\b/.exec(text);
  if (half) {
    const number = half[2] ? Number(half[2]) : ORDINALS[half[1]!]!;
    const year = yearOf((number - 1) * 6);
    const label = `the ${number === 1 ? "first" : "second"} half of ${year}`;
    return { label, from: monthStart(year, (number - 1) * 6), until: monthStart(year, number * 6) };
  }
  // "since the 1st", "month to date": this month so far; "year to date": this year so far.
  if (/\bsince\s+the\s+(?:1st|first)\b|\bmonth[\s-]+to[\s-]+date\b|\bmtd\b/.test(text))
    return { label: "this month so far", from: monthStart(thisYear, thisMonth), until: tomorrow };
  if (
    /\byear[\s-]+to[\s-]+date\b|\bytd\b|\bsince\s+(?:the\s+start\s+of\s+(?:the\s+)?year|january\s+(?:1st|first))\b/.test(
      text,
    )
  )
    return { label: "this year so far", from: monthStart(thisYear, 0), until: tomorrow };
  const since = new RegExp(`\\bsince\\s+(?:the\\s+(?:start|beginning)\\s+of\\s+)?(${MONTH_WORD})\\b`).exec(text);
  if (since) {
    const month = MONTHS.findIndex((names) => names.includes(since[1]!));
    const year = saidYear ? Number(saidYear) : month <= thisMonth ? thisYear : thisYear - 1;
    return { label: `since ${MONTHS[month]![0]} ${year}`, from: monthStart(year, month), until: tomorrow };
  }
  const rolling =
    /\b(?:last|past|previous)\s+(\d{1,3}|a|one|two|three|four|five|six|seven|eight|nine|ten|twelve)\s+(days?|weeks?|months?)\b/.exec(
      text,
    );
  if (rolling) {
    const count = countOf(rolling[1]!)!;
    const unit = rolling[2]!.replace(/s$/, "");
    const from =
      unit === "month"
        ? new Date(Date.UTC(thisYear, thisMonth - count, Number(today.slice(8, 10)) + 1)).toISOString().slice(0, 10)
        : addDays(today, -(unit === "week" ? 7 * count : count) + 1);
    return { label: `the last ${count} ${unit}${count === 1 ? "" : "s"}`, from, until: tomorrow };
  }
  const monthAndYear = new RegExp(`\\b(${MONTH_WORD})\\s+(?:of\\s+)?(20\\d{2})\\b`).exec(text);
  if (monthAndYear) {
    const month = MONTHS.findIndex((names) => names.includes(monthAndYear[1]!));
    const year = Number(monthAndYear[2]);
    const name = MONTHS[month]![0]!;
    return {
      label: `${name.charAt(0).toUpperCase()}${name.slice(1)} ${year}`,
      from: monthStart(year, month),
      until: monthStart(year, month + 1),
    };
  }
  if (
    saidYear &&
    !new RegExp(`\\b(?:${MONTH_WORD})\\b`).test(text) &&
    /\b(?:in|for|during|of|from)\s+20\d{2}\b/.test(text)
  )
    return { label: saidYear, from: `${saidYear}-01-01`, until: `${Number(saidYear) + 1}-01-01` };
  return null;
}

/** The named period as instants: its first day's start and the start of the day after it. */
function periodOf(message: ReadMessage, input: PlannerInput): { label: string; from: string; to: string } | null {
  const period = namedPeriod(message, input);
  if (!period) return null;
  return {
    label: period.label,
    from: startOfDayInTimeZone(period.from, input.timeZone).toISOString(),
    to: startOfDayInTimeZone(period.until, input.timeZone).toISOString(),
  };
}

const INVOICED = ["invoiced", "billed", "invoice", "invoices", "bill", "billing"];
/** A measure of money said not to be the one meant: "not what we billed", "I don't need what was paid". */
const NOT_THIS_MEASURE =
  /\b(?:not|don['’]?t\s+(?:need|want|care\s+about)|rather\s+than|instead\s+of|other\s+than)\s+(?:(?:what|how\s+much)\s+(?:we|was|were|they|i|has\s+been|had\s+been|got)\s+)?(?:(?:actually|just|only)\s+)?(billed|invoiced|charged|sent\s+out|paid|collected|received|came\s+in)\b/i;

export function planRevenue(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  const asksMoney = mentions(
    message,
    "revenue",
    "income",
    "sales",
    "takings",
    "turnover",
    "earnings",
    "earned",
    "earn",
    "made",
    "make",
    "brought in",
    "bring in",
    "bringing in",
    "billed",
    "invoiced",
    "money",
    "collections",
    "collect",
    "collected",
    "took in",
    "take in",
    "how did we do",
    "how we did",
    "taken in",
    "get paid",
    "got paid",
    "were paid",
    "been paid",
    "received",
    "cash flow",
    "pay us",
    "paid us",
    "came in",
    "come in",
    "did anyone pay",
    "anyone paid",
    "any payments",
    "payments come in",
    "payments came in",
  );
  const howMuchInvoiced = mentions(message, "how much", "what did we", "total") && mentions(message, ...INVOICED);
  // "set up how I get paid, payment settings and all that": where the money goes, not how much came.
  if (
    !(asksMoney || howMuchInvoiced) ||
    mentions(message, "make a", "make an", "settings", "set up", "setup") ||
    // "connect our stripe account so we can start taking cards": a connection, not a question of how much.
    (mentions(message, "connect", "hook up", "link", "integrate") &&
      mentions(message, "stripe", "quickbooks", "twilio"))
  )
    return null;
  const refusal = refusalFor(CAPABILITIES.seeRevenue, input.role, input.features);
  if (refusal) return refusal;
  // "…next month, and want the big picture: what have we received so far this year?": the period the question names.
  const question = /[^.:;!?]*\?\s*$/.exec(message.raw)?.[0];
  const period =
    (question && question.trim() !== message.raw.trim() ? periodOf(readMessage(question), input) : null) ??
    periodOf(message, input);
  if (!period)
    return { kind: "clarify", reply: "For which period: today, this week, this month, last month or this year?" };
  // "not what we billed", "I don't need what was paid": the measure set aside, and so the other one meant.
  const setAside = NOT_THIS_MEASURE.exec(message.raw)?.[1]?.toLowerCase();
  const said = setAside ? readMessage(message.raw.replace(NOT_THIS_MEASURE, " ")) : message;
  const collectedToo =
    setAside !== undefined
      ? /^(?:billed|invoiced|charged|sent)/.test(setAside)
      : mentions(said, "collect", "collected", "collections", "paid", "received", "took in");
  // "not what we billed, what we collected": the one the other is set against.
  const notBilled = setAside !== undefined && /^(?:billed|invoiced|charged|sent)/.test(setAside);
  // "invoiced vs collected in october": both, side by side.
  if (
    !notBilled &&
    mentions(message, ...INVOICED) &&
    collectedToo &&
    mentions(message, "vs", "versus", "and", "compared", "against")
  )
    return {
      kind: "read",
      reply: `Here is what was invoiced and what was collected ${periodPhrase(period.label)}.`,
      reads: [
        { tool: "revenueForPeriod", ...period, measure: "invoiced" },
        { tool: "revenueForPeriod", ...period, measure: "collected" },
      ],
    };
  const invoiced = setAside !== undefined ? !collectedToo : mentions(message, ...INVOICED) && !collectedToo;
  const measure = invoiced ? "invoiced" : "collected";
  // "what did we collect last month and how does that stack up against September?", "last month's collections and
  // this month's so far": two periods, side by side.
  const compared = COMPARED.exec(message.raw) ?? lastShortAnd(message.raw);
  // A month said alone after "against" is that month ("…against September").
  // "this month's so far": the period, without its possessive.
  const after = compared ? message.raw.slice(compared.index + compared[0].length).replace(/['’]s\b/g, "") : "";
  const other = compared ? periodOf(readMessage(`in ${after}`), input) : null;
  const first = compared ? (periodOf(readMessage(message.raw.slice(0, compared.index)), input) ?? period) : period;
  if (other && other.from !== first.from)
    return {
      kind: "read",
      reply: `Here is ${invoiced ? "what was invoiced" : "the revenue"} ${periodPhrase(first.label)}, beside ${periodPhrase(other.label)}.`,
      reads: [
        { tool: "revenueForPeriod", ...first, measure },
        { tool: "revenueForPeriod", ...other, measure },
      ],
    };
  return {
    kind: "read",
    reply: invoiced
      ? `Here is what was invoiced ${periodPhrase(period.label)}.`
      : `Here is the revenue for ${period.label}.`,
    reads: [{ tool: "revenueForPeriod", ...period, measure }],
  };
}

/**
 * "…last month and this month's so far": the message's last "and" when only a few words follow it (a second period
 * said short), not one that goes on to another thought; each side must still name a period to count.
 */
function lastShortAnd(text: string): RegExpExecArray | null {
  const last = [...text.matchAll(/\s(?:and|&)\s/gi)].at(-1);
  if (
    !last ||
    text
      .slice(last.index + last[0].length)
      .trim()
      .split(/\s+/).length > 6
  )
    return null;
  return last as RegExpExecArray;
}

const COMPARED =
  /\b(?:compared?\s+(?:to|with)|vs\.?|versus|against|stack(?:s)?\s+up\s+(?:against|to|with)|compare\s+(?:it|that)\s+(?:to|with)|than)\b/i;

/** "last month" as it follows "invoiced": "last month"; a month's name: "in October 2026". */
function periodPhrase(label: string): string {
  return /^[A-Z]/.test(label) ? `in ${label}` : label;
}

const WHERE_ARE_THE_JOBS =
  /^\s*where\s+(?:do|can|would|should)\s+(?:i|we)\s+(?:find|see|look at|get to|go for)\s+(?:the\s+|my\s+|our\s+|all\s+(?:the\s+|my\s+|our\s+)?)?jobs\b(?!\s+(?:for|of|at)\b)/i;

const WHAT_I_HAVE =
  /^\s*(?:(?:so|and|ok|okay|hey)[,\s]+)?what(?:['’]s|\s+is|\s+do|\s+does|\s+have|\s+has)?\s+(?:i|we|my|our)\s+(?:(?:got|have|has|doing)\b|(?:first|next|last)\s+(?:stop|job|visit)\b|stops\b|jobs\b|route\b|day\b)/i;
const SCHEDULE_WORDS = [
  "schedule",
  "calendar",
  "agenda",
  "visits",
  "visit",
  "appointments",
  "appointment",
  "whats on",
  "what is on",
  "whos working",
  "everyone doing",
  "anything on",
  "lineup",
  "line up",
  "run sheet",
  "rundown",
  "am i on",
  "what am i",
  "my day",
  "on the books",
  "booked in",
  "on for today",
  "on today",
  "everybody doing",
  "whos doing what",
  // "where am I going next", "what's my next stop": the day, from where the crew is in it.
  "going next",
  "where am i headed",
  "where am i going",
  "where am i off to",
  "where are we headed",
  "where are we going",
  "headed next",
  "heading next",
  "next stop",
  "my next job",
  "my next visit",
  "everyone working",
  "who is working",
  "whos out",
  "on the board",
  "dispatch board",
  "route",
  "plan for",
  "look like",
  "free",
  "available",
  "availability",
  "openings",
  "gaps",
  "looks like",
  "looking like",
  "shaping up",
  "lined up",
  "booked",
  "jobs",
  "job",
  // "what stops do i have tomorrow", "do i have anything saturday": a technician's own day.
  "stops",
  "do i have anything",
  "have i got anything",
  "anything on",
];

/** "schedule a visit", "book an appointment": a booking asked for with nothing of it said. */
const BOOKING_OF_NOTHING =
  /^\s*(?:(?:please|pls|can\s+you|could\s+you|i\s+(?:want|need)\s+to)\s+)?(?:schedule|book|set\s+up|make)\s+(?:a|an|another|one)\s+(?:new\s+)?(?:visit|appointment|appt|booking|job)\s*(?:please|pls)?\s*[.!?]*$/i;

export function planDaySchedule(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  if (BOOKING_OF_NOTHING.test(message.raw) && !input.context.customerId && !input.context.jobId)
    return {
      kind: "clarify",
      reply:
        'Who is the visit for, what work, and when? For example: "schedule the Garcias\' aeration on wednesday at 10 with crew c".',
    };
  // "what's on two weeks from today" is a day; "next week" is not.
  const oneDay = readWhens(message.raw, input.now, input.timeZone).spans.find(
    (span) => span.day !== null && !span.vague,
  );
  // "all crews mon?": every crew on a day is that day's schedule.
  const everyCrewOnADay =
    oneDay !== undefined && mentions(message, "all crews", "every crew", "all teams", "each crew", "all the crews");
  // "what do i have tomorrow", "what have we got going on dec 3", "what's my first stop tuesday": a day's work asked
  // of the one who does it.
  const whatOnMyDay = oneDay !== undefined && WHAT_I_HAVE.test(message.raw);
  if (
    !(mentions(message, ...SCHEDULE_WORDS) || everyCrewOnADay || whatOnMyDay) ||
    mentions(message, "connect", "sync", "link", "integrate", "set up", "setup")
  )
    return null;
  if (!oneDay && mentions(message, "next week", "this week", "last week", "week", "month")) {
    return { kind: "clarify", reply: "I show the schedule one day at a time. Which day: today, tomorrow, or a date?" };
  }
  const today = todayIn(input.now, input.timeZone);
  let day: string | null = null;
  if (
    oneDay &&
    (!mentions(message, "today", "todays", "tonight", "tomorrow", "tomorrows", "yesterday") ||
      mentions(message, "from today", "from tomorrow", "after tomorrow"))
  )
    day = oneDay.day;
  else if (mentions(message, "today", "todays", "tonight", "this morning", "this afternoon")) day = today;
  else if (mentions(message, "tomorrow", "tomorrows")) day = addDays(today, 1);
  else if (mentions(message, "yesterday", "yesterdays")) day = addDays(today, -1);
  else day = parseWhen(message.raw, input.now, input.timeZone)?.day ?? null;
  if (
    day === null &&
    mentions(
      message,
      "going next",
      "headed next",
      "heading next",
      "next stop",
      "my next job",
      "my next visit",
      "where am i",
    )
  )
    day = today;
  if (day === null) {
    if (!mentions(message, "schedule", "calendar", "agenda")) return null;
    day = input.context.day ?? today;
  }
  const label = day === today ? "today" : day;
  return read(CAPABILITIES.seeSchedule, input, `Here is the schedule for ${label}.`, {
    tool: "daySchedule",
    date: day,
  });
}

const FIND_CUSTOMER =
  /\b(?:find|look ?up|lookup|pull up|bring up|open|show me|get)\s+(?:the\s+)?(?:patient|customer|client|account)?\s*(?:record|file|details|info|profile)\s+(?:for|of|on)\s+(.+)$|\b(?:find|look ?up|lookup|search(?: for)?|pull up|show me|get|who is|whos|details (?:for|of|on)|info (?:for|on|about)|where is)\s+(?:the\s+)?(?:customer|client)s?\s+(.+)$|\b(?:customer|client)\s+(?:named|called)\s+(.+)$|\b(?:find|look ?up|lookup|search for)\s+(.+?)(?:'s)?\s+(?:details|info|record|contact|address|phone number|number|email)\b|\b(?:find|look ?up|lookup|search for|who is|whos|who's|tell me about|pull up|bring up)\s+(?!(?:a |the |my )?(?:jobs?|invoices?|visits?|crews?|schedule|calendar|settings|dashboard|customers|clients|patients)\b)(?:the\s+)?(?:(?:patient|customer|client)\s+)?(?:record|file|profile|details|info)?\s*(?:for|of|on)?\s*(.+)$|\b(?:who\s+(?:lives|live|is|['’]s)\s+(?:at|on)|whose\s+(?:house|place|property|home|address)\s+is(?:\s+at)?|which\s+(?:customer|client)\s+(?:lives|is)\s+(?:at|on))\s+(\d.+)$/i;

/** "who is 555-0100", "find the customer with phone (555) 010-0100": a customer by a phone number. */
const PHONE = /(?:\+?1[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}\b|\b\d{3}[\s.-]\d{4}\b/;

export function planCustomerByPhone(message: ReadMessage, input: PlannerInput): AssistantPlan | null {
  const phone = PHONE.exec(message.raw)?.[0];
  if (
    !phone ||
    !mentions(
      message,
      "customer",
      "client",
      "who",
      "whose",
      "find",
      "look up",
      "lookup",
      "phone",
      "number",
      "called",
      "rang",
      "texted",
      "belongs",
    )
  )
    return null;
  return read(CAPABILITIES.seeCustomers, input, `Looking for the customer with the number ${phone}.`, {
    tool: "findCustomers",
    query: phone,
  });
}

/** "show me Bob's Bakery", "open acme": a customer named after a verb that shows something. */
const SHOW_NAMED =
  /^\s*(?:(?:can|could|would) you\s+(?:please\s+)?|please\s+)?(?:show(?:\s+me)?|open(?:\s+up)?|pull up|bring up|go to|take me to)\s+(?:the\s+)?(.+?)(?:['’]s)?(?:\s+(?:page|profile|record|file|account|card|details))?\s*[.?!]*\s*$/i;

export async function planFindCustomer(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const shown = SHOW_NAMED.exec(message.raw)?.[1];
  const named = shown && !isPronoun(shown) ? await customerNamed(shown, input) : null;
  if (named && "match" in named)
    return read(CAPABILITIES.seeCustomers, input, `Here is **${asMarkdownText(named.match.name)}**.`, {
      tool: "findCustomers",
      query: named.match.id,
    });
  // "where can I see my crews and who's on each one": where a page is, not whom to find.
  if (/^\s*where\b|\bwhere (?:do|can|would|should) (?:i|we)\b/i.test(message.raw)) return null;
  // "show me the customers page": the page.
  if (/\b(?:customers?|clients?|patients?)\s+(?:page|screen|tab|list)\s*[.!?]*$/i.test(message.raw)) return null;
  const found = FIND_CUSTOMER.exec(message.raw);
  if (!found) return null;
  const name = cleanName(found[1] ?? found[2] ?? found[3] ?? found[4] ?? found[5] ?? found[6] ?? "");
  if (name === null) return { kind: "clarify", reply: "Which customer should I look for?" };
  const refusal = refusalFor(CAPABILITIES.seeCustomers, input.role, input.features);
  if (refusal) return refusal;
  if (isPronoun(name)) {
    const resolved = await resolveCustomer(name, input);
    if ("plan" in resolved) return resolved.plan;
    return {
      kind: "read",
      reply: "Here is the selected customer.",
      reads: [{ tool: "findCustomers", query: resolved.customer.id }],
    };
  }
  return {
    kind: "read",
    reply: `Looking for customers matching "${asMarkdownText(name)}".`,
    reads: [{ tool: "findCustomers", query: name }],
  };
}

/** "anything not scheduled yet for John Smith?", "which of their jobs aren't booked": a customer's jobs. */
const NOT_BOOKED =
  /\b(?:not|n['’]?t|isn['’]?t|aren['’]?t|haven['’]?t been|hasn['’]?t been)\s+(?:been\s+)?(?:scheduled|booked|on the (?:schedule|calendar))\b|\bunscheduled\b|\bnot yet (?:scheduled|booked)\b/i;

/** Asked before scheduling reads it as a visit to book: a customer's jobs, those waiting to be scheduled marked. */
export async function planUnbookedJobs(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (!NOT_BOOKED.test(message.raw)) return null;
  // "which of their jobs aren't booked": what follows "of" may be the question itself, not a name.
  const whose = /\b(?:for|of|at)\s+(.+?)\s*\??\s*$/i
    .exec(message.raw)?.[1]
    ?.replace(NOT_BOOKED, " ")
    .replace(/\b(?:their|his|her|its|jobs?|work orders?|yet|still|are|is|that|which)\b/gi, " ")
    .trim();
  const resolved = await resolveCustomer(
    whose && !isPronoun(whose) && !/^\W*$/.test(whose) ? cleanName(whose) : null,
    input,
  );
  if (!("customer" in resolved)) return null;
  return (
    refusalFor(CAPABILITIES.seeJobs, input.role, input.features) ?? {
      kind: "read",
      reply: `Here are **${asMarkdownText(resolved.customer.name)}**'s jobs; those waiting to be scheduled say so.`,
      reads: [{ tool: "findJobs", customerId: resolved.customer.id }],
    }
  );
}

/** "does john smith have anything open w/ us": that customer's jobs. */
const HAS_WORK =
  /\b(?:does|do|has)\s+(.+?)\s+(?:have|got)\s+(?:anything|any work|any jobs?|something|work)\b(?:\s+(?:open|going|on|scheduled|booked))?/i;

/** "what's going on with the Ortiz job", "did we ever finish the aeration for elena": a customer's jobs, with their status. */
const JOB_STATUS =
  /\b(?:what(?:['’]s| is) (?:going on|happening|the status|the latest|up|new)|status|latest|update|news|where (?:are we|is it|do we stand|are things))\s+(?:with|on|of|for)\s+(.+?)\s*\??$|\bdid (?:we|you|they|the crew|crew \w+)\s+(?:ever\s+)?(?:finish|complete|do|get to|wrap up)\s+(.+?)\s*\??$|^\s*(?:is|was|has)\s+(?:the\s+)?(.+?)\s+(?:been\s+)?(?:done|finished|completed|complete|wrapped up)\b/i;

export async function planJobStatus(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const found = JOB_STATUS.exec(message.raw);
  const subject = found
    ? (found[1] ?? found[2] ?? found[3])!.replace(/\b(?:job|jobs|work|yet|already)\b/gi, " ").trim()
    : "";
  if (subject === "") return null;
  const resolved = await resolveCustomerAndService(subject, input);
  if (!("customer" in resolved)) return null;
  return read(
    CAPABILITIES.seeJobs,
    input,
    `Here are **${asMarkdownText(resolved.customer.name)}**'s jobs, each with where it stands.`,
    { tool: "findJobs", customerId: resolved.customer.id },
  );
}

const FIND_JOB =
  /\bjob\s*(?:#|no\.?|number)?\s*([a-z]*-?\d+)\b|\b(?:find|look ?up|lookup|search(?: for)?|where is|show me|show|pull up|bring up|get|what|which|list|any)\s+(?:the\s+|a\s+|my\s+|open\s+)?(?:jobs?|work orders?|service calls?)\b\s*(.*)$|\b(?:jobs?|work orders?)\s+(?:for|of|at)\s+(.+)$|^\s*(.+?)['’]?s?\s+(?:jobs|work orders|open jobs)\s*\??\s*$/i;

export async function planFindJob(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  // "where do I find the jobs I've created": where the jobs are, the page, not a search for words.
  if (WHERE_ARE_THE_JOBS.test(message.raw)) return null;
  // "where are we on #204": a number alone is a job's when the company has a job so numbered.
  const hashed = /(?:^|\s)#\s*(\d{1,9})\b/.exec(message.raw)?.[1];
  if (hashed && !mentions(message, "invoice", "inv", "paid", "payment", "check", "cash")) {
    const [job] = await input.lookup.findJobs({ number: Number(hashed) });
    if (job)
      return (
        refusalFor(CAPABILITIES.seeJobs, input.role, input.features) ?? {
          kind: "read",
          reply: `Looking for job ${hashed}.`,
          reads: [{ tool: "findJobs", query: hashed }],
        }
      );
  }
  const hasWork = HAS_WORK.exec(message.raw);
  if (hasWork) {
    const named = await customerNamed(withoutPossessive(cleanName(hasWork[1]!) ?? ""), input);
    if ("match" in named)
      return (
        refusalFor(CAPABILITIES.seeJobs, input.role, input.features) ?? {
          kind: "read",
          reply: `Here are **${asMarkdownText(named.match.name)}**'s jobs.`,
          reads: [{ tool: "findJobs", customerId: named.match.id }],
        }
      );
  }
  const found = FIND_JOB.exec(message.raw);
  if (!found) return null;
  const refusal = refusalFor(CAPABILITIES.seeJobs, input.role, input.features);
  if (refusal) return refusal;
  const number = found[1] ?? /^\s*(?:#|no\.?|number)?\s*(\d{1,9})\b/i.exec(found[2] ?? "")?.[1];
  if (number)
    return {
      kind: "read",
      reply: `Looking for job ${asMarkdownText(number)}.`,
      reads: [{ tool: "findJobs", query: number }],
    };
  if (found[4]) {
    // "jane smith jobs": a customer's jobs; "take me to my jobs" is not about a customer, and is left to navigation.
    const named = await customerNamed(withoutPossessive(found[4]), input);
    if ("match" in named)
      return {
        kind: "read",
        reply: `Here are **${asMarkdownText(named.match.name)}**'s jobs.`,
        reads: [{ tool: "findJobs", customerId: named.match.id }],
      };
    if (named.candidates.length > 1)
      return { kind: "clarify", reply: `Which customer do you mean: ${candidateList(named.candidates)}?` };
    return null;
  }
  const rest = (found[2] ?? found[3] ?? "")
    .replace(/^#\s*(?=\d)/, "")
    // "what jobs have we got on for Elena Garcia": the one they are for.
    .replace(/^.*\bfor\s+(?=\S)/i, "")
    .replace(/^(?:for|of|at|with|number|no\.?|named|called|about|does|do|did|has)\s+/i, "")
    .replace(/\s+(?:have|has|got|had)\b.*$/i, "");
  const query = cleanName(rest);
  if (query === null || /^(?:list|page|tab|screen|view|please|pls)$/i.test(query)) return null;
  if (isPronoun(query)) {
    const resolved = await resolveCustomer(query, input);
    if ("plan" in resolved) return resolved.plan;
    return {
      kind: "read",
      reply: "Here are the selected customer's jobs.",
      reads: [{ tool: "findJobs", customerId: resolved.customer.id }],
    };
  }
  // A customer's name finds their jobs; other words, jobs whose title or customer they match.
  const customer = await customerNamed(query, input);
  if ("match" in customer)
    return {
      kind: "read",
      reply: `Here are **${asMarkdownText(customer.match.name)}**'s jobs.`,
      reads: [{ tool: "findJobs", customerId: customer.match.id }],
    };
  return {
    kind: "read",
    reply: `Looking for jobs matching "${asMarkdownText(query)}".`,
    reads: [{ tool: "findJobs", query }],
  };
}
