import type { AssistantPlan } from "@fieldops/shared/assistant";
import { readWhens, type WhenSpan } from "./parse-when.ts";
import type { PlannerInput } from "./planner-input.ts";
import {
  MOVE_SAID,
  RESCHEDULE,
  crewMention,
  planRescheduleVisit,
  planScheduleVisit,
  withoutSpans,
} from "./plan-schedule.ts";
import { readMessage, type ReadMessage } from "./read-message.ts";
import { customerMentioned, withoutPossessive } from "./resolve-customer.ts";
import { sameWork } from "./work-words.ts";

/**
 * Words of a request that say who does what, how or when, never what the work is ("can my guys do it", "send someone
 * out to"): what is left once they, the customer, the days and the crew are taken out names the work.
 */
const NOT_WORK = new Set(
  (
    "a about again all also am an and any anyone are as asap at be been booked book booking by can cant come coming " +
    "could crew did do does done doing for from get give go going got guy guys had has have he her here him his " +
    "hey hi how i if in instead into is it its just know let like make me my need needs no not now of off ok okay " +
    "on one or our out over please pls put reschedule schedule see send should slot so some someone somebody sure " +
    "take takes team tech techs technician than thanks that the their them then there they this those time to " +
    "today tomorrow u up us visit want wants was we well were what when will with would ya yeah yes you your " +
    "appointment appt job thx ty move moved push pushed bump bumped shift go goes instead asked says said want"
  ).split(" "),
);

/** "can it be 3 instead of 11", "make it 2": a time of day said alone, after the words that set it. */
const TIME_ALONE =
  /\b(?:be|to|make it|make that|for|around|at)\s+(\d{1,2}(?::\d{2})?\s*(?:am|pm|a|p)?|noon)\b(?!\s*(?:[a-z]+\s+)?(?:st|rd|ave|street|road|lane|ln|dr|drive)\b)/i;
/** Words that ask for a visit: "send someone out", "can my guys do it", "book", "needs a tech". */
const BOOKS =
  /\b(?:book|schedule|sched|send|come|swing|stop|pop|fit|squeeze|set\s+up|line\s+up|appointment|appt|visit|tech|crew|team|guys?)\b|\b(?:do|fix|treat|handle|take care of)\s+(?:it|that|this|them)\b|\bget\s+(?:someone|somebody|a\s+\w+|us|them|him|her)\b/i;
/** Words that place a visit on a day: "put", "stick", "slot", "have it on". */
const PUTS = /\b(?:put|stick|slot|pop|pencil|have)\s+(?:[\w'’-]+\s+){0,5}?(?:on|for|to|in)\b/i;
/** Words that say a booked visit changes: "has to go to friday", "can it be 3 instead". */
const MOVES = /\binstead\b|\b(?:has|have|needs?)\s+to\s+go\b|\bcan\s+(?:it|that|this|we)\s+be\b/i;

/**
 * A request read by its parts, when the rules could not read its sentence: the customer or the job it names anywhere
 * (in any case, not only at the start), the days and times, the crew, and whether a visit moves or is booked. The same
 * request, said plainly ("schedule Acme Plumbing water heater on 2026-11-30 at 8 with Crew A"), then goes through the
 * rules, so every check, question and proposal is theirs.
 */
const CREW_SAID =
  /\b(?:crew|team)\s+[a-z0-9]+\b|\b(?!(?:the|a|an|with|to|for|and|of|my|our|that|this)\s)[a-z0-9]+\s+(?:crew|team)\b/gi;

/**
 * "… clashes with what Crew B committed to. Move that visit to friday and hand it to Crew A": of several crews, where
 * the visit goes is said last; the others are left out.
 */
function lastCrewOnly(text: string): string {
  const said = [...text.matchAll(CREW_SAID)];
  const last = said.at(-1);
  if (!last || new Set(said.map((found) => found[0].toLowerCase())).size < 2) return text;
  return `${text.slice(0, last.index).replace(CREW_SAID, " ")}${text.slice(last.index)}`;
}

export async function planByParts(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const { text, spans } = readWhens(message.raw, input.now, input.timeZone);
  const dated = spans.filter((span) => span.day !== null || span.time !== null);
  if (dated.length === 0) return null;
  const crew = crewMention(lastCrewOnly(withoutSpans(text, spans)));
  const timeAlone = dated.every((span) => span.time === null) ? TIME_ALONE.exec(crew.rest) : null;
  const rest = timeAlone ? crew.rest.replace(/\binstead\s+of\s+\S+/i, " ").replace(timeAlone[0], " ") : crew.rest;
  const subject = await subjectOf(rest, input);
  if (subject === null) return null;
  const withCrew = crew.name ? ` with ${crew.name}` : "";
  const whens = dated.filter((span) => span.preposition !== "of").map((span) => spanText(text, span));
  const moves = RESCHEDULE.test(message.raw) || MOVE_SAID.test(message.raw) || MOVES.test(message.raw);
  const target = timeAlone ? `to ${timeAlone[1]}` : `to ${whens.pop()!.replace(/^(?:on|at|for|to)\s+/i, "")}`;
  const from = whens.join(" ");
  const moved = await planRescheduleVisit(readMessage(`move ${subject} ${from} ${target}${withCrew}`), input);
  const booked = timeAlone
    ? null
    : await planScheduleVisit(
        readMessage(`schedule ${subject} ${dated.map((span) => spanText(text, span)).join(" ")}${withCrew}`),
        input,
      );
  // A job waiting for a day is booked, whatever the words; a move needs words that move; a booking of work no job
  // has yet, words that book.
  if (booked?.kind === "confirm" && "jobId" in booked.proposal.params) return booked;
  if (moves) return moved?.kind === "confirm" ? moved : null;
  if (booked?.kind === "confirm" && BOOKS.test(message.raw)) return booked;
  // Said without a word that moves, a booked visit moves to a new time ("the ortiz check thu 2pm") or where a word
  // puts it ("put the sprinkler check on the same day as the cleanup").
  if (moved?.kind === "confirm" && (timeAlone || dated.at(-1)!.time !== null || PUTS.test(message.raw))) return moved;
  return booked?.kind === "clarify" ? booked : null;
}

function spanText(text: string, span: WhenSpan): string {
  return text.slice(span.index, span.end).replace(/[,;.]+$/, "");
}

/**
 * What the request is about, said plainly: the customer it names and the words of theirs jobs' titles it says
 * ("Acme Plumbing water heater"), else the work alone when a job's title has it ("core aeration"); null when neither.
 */
async function subjectOf(said: string, input: PlannerInput): Promise<string | null> {
  // "… with the Alpha Team — he said it's the same house": an aside after a dash names no work.
  const rest = said.split(
    /\s[—–-]+\s(?=(?:he|she|they|it['’]?s|that['’]?s)\b)|\b(?:he|she|they)\s+(?:said|says|told)\b/i,
  )[0]!;
  const words = rest
    .split(/\s+/)
    .map((word) => withoutPossessive(word.replace(/^[^\p{L}\p{N}#]+|[^\p{L}\p{N}]+$/gu, "")))
    .filter((word) => word !== "");
  const customer = await customerMentioned(words, input);
  const left = customer ? words.filter((_word, index) => index < customer.start || index >= customer.end) : words;
  const work = left.filter((word) => !NOT_WORK.has(word.toLowerCase()) && !/^\d+$/.test(word));
  const number = /(?:^|\s)(?:job\s*)?#\s*(\d{1,9})\b|\bjob\s+(\d{1,9})\b/i.exec(rest);
  if (number) return `job ${number[1] ?? number[2]}`;
  if (!customer) {
    // "the core aeration job, monday week at 11": the work alone, when an open job's title says it.
    const titled: string[] = [];
    for (const word of work.slice(0, 6))
      if ((await input.lookup.findJobs({ title: word })).some((job) => sameWork(word, job.title))) titled.push(word);
    // "a furnace tune-up for mrs henderson": words that are no job's may be a customer we don't have; the rules ask.
    return titled.length > 0 && titled.length === work.length ? titled.join(" ") : null;
  }
  const named = words.slice(customer.start, customer.end).join(" ");
  if ("candidates" in customer) return `${named} ${work.slice(0, 4).join(" ")}`.trim();
  const jobs = await input.lookup.findJobs({ customerId: customer.match.id });
  const titled = work.filter((word) => jobs.some((job) => sameWork(word, job.title)));
  const service = titled.length > 0 ? titled : work.slice(0, 4);
  return `${customer.match.name} ${service.join(" ")}`.trim();
}

/** What a question about one customer asks for, by its words, as the rules read it said plainly. */
const ASKED_OF_A_CUSTOMER: { words: RegExp; plainly: (name: string) => string }[] = [
  {
    words: /\b(?:address|addy|live|lives|located|location|where\s+(?:is|are)\s+(?:they|he|she))\b/i,
    plainly: (name) => `what is ${name}'s address`,
  },
  {
    words: /\b(?:phone|number|cell|mobile|call\s+(?:them|him|her)\s+on)\b/i,
    plainly: (name) => `what is ${name}'s phone number`,
  },
  { words: /\b(?:e-?mail)\b/i, plainly: (name) => `what is ${name}'s email` },
  {
    words: /\b(?:owe|owes|owing|balance|outstanding|paid|pay|unpaid|bill|bills)\b/i,
    plainly: (name) => `how much does ${name} owe`,
  },
  {
    words:
      /\b(?:next\s+(?:visit|appointment|time)|coming\s+(?:out|back)|when\s+(?:are|is)\s+(?:we|someone|the crew))\b/i,
    plainly: (name) => `when is ${name}'s next visit`,
  },
  { words: /\b(?:jobs|work orders)\b/i, plainly: (name) => `what jobs does ${name} have` },
];

/**
 * A question about one customer the rules could not read ("elena garcia, the addy?", "show elena garcia's jobs"): the
 * customer named anywhere and the one thing asked of them, said plainly to the rules again.
 */
export async function readByParts(
  message: ReadMessage,
  input: PlannerInput,
  again: (message: ReadMessage) => Promise<AssistantPlan | null>,
): Promise<AssistantPlan | null> {
  // A request to book or move is no question (and "bobs" may have been read as "jobs").
  if (/\b(?:schedule|book|move|reschedule|push|put|slot|bump)\b/i.test(message.raw)) return null;
  const words = message.raw
    .split(/\s+/)
    .map((word) => withoutPossessive(word.replace(/^[^\p{L}\p{N}#]+|[^\p{L}\p{N}]+$/gu, "")))
    .filter((word) => word !== "");
  const customer = await customerMentioned(words, input);
  // "tom baker number": namesakes, asked about by the name they share, so the rules ask which one.
  const name = customer
    ? "match" in customer
      ? customer.match.name
      : new Set(customer.candidates.map((candidate) => candidate.name)).size === 1
        ? customer.candidates[0]!.name
        : null
    : null;
  if (!customer || name === null) return null;
  const end = "match" in customer ? customer.end : customer.start + name.split(/\s+/).length;
  const rest = [...words.slice(0, customer.start), ...words.slice(end)].join(" ");
  const asked = ASKED_OF_A_CUSTOMER.filter((entry) => entry.words.test(rest));
  if (asked.length !== 1) return null;
  const plan = await again(readMessage(asked[0]!.plainly(name)));
  return plan && (plan.kind !== "clarify" || plan.reply.startsWith("Which customer")) ? plan : null;
}
