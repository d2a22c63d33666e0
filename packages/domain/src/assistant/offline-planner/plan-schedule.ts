import type { AssistantPlan } from "@fieldops/shared/assistant";
import {
  addDays,
  dayInTimeZone,
  formatCompanyTime,
  utcToZonedWallClock,
  zonedWallClockToUtc,
} from "@fieldops/shared/company-time";
import { pickByName, rankByName } from "./fuzzy-match.ts";
import { sameWork, sameWorkWord } from "./work-words.ts";
import { dayLabel, readWhens, type WhenSpan } from "./parse-when.ts";
import { CAPABILITIES } from "./planner-policy.ts";
import type { JobRecord, NamedRecord, PlannerInput, VisitRecord } from "./planner-input.ts";
import { propose, refusalOf } from "./propose.ts";
import { correctedWord, countOf, readMessage, textAfter, type ReadMessage } from "./read-message.ts";
import {
  asMarkdownText,
  capitalized,
  customerAtStart,
  resolveCustomerAndService,
  withoutPossessive,
} from "./resolve-customer.ts";

/** On a job's page, "this job" is the selected job. */
const THIS_JOB = /^(?:(?:this|that|the|current|selected)\s+(?:job|visit|work order|service call|appointment|one))$/i;
const SCHEDULE_VERBS = ["schedule", "book", "put", "slot", "pencil", "squeeze", "fit", "arrange", "pop"];
/** "what's on the schedule", "show my schedule": the schedule as a thing to read, not a visit to book. */
const SCHEDULE_AS_NOUN =
  /^\s*(?:what|whats|what's|show|who|how|when|is|are|do|does)\b|\b(?:the|my|our|todays|today's|tomorrows|tomorrow's|weeks|week's|\w+['’]s|\w+s['’])\s+s[ck]?h?edu?le?\w*/i;
/** "with crew c", "to Crew B", "Alpha team", "with the blue crew". */
const CREW =
  /\b(?:with|to|for|by|using|assign(?:ed)? to|and)\s+(?:the\s+)?((?:crew|team)\s+(?!(?:on|at|for|to|in|tomorrow|today|tonight|next|this|please|pls|thanks|thank|instead|asap|and|then|so|that|is|was|the)\b)[a-z0-9]+|(?!(?:with|to|for|by|and|the|on|at|a|an)\b)[a-z0-9]+(?:\s+(?!(?:with|to|for|by|and|the|on|at)\b)[a-z0-9]+)?\s+(?:crew|team))\b|\b((?:crew|team)\s+(?!(?:on|at|for|to|in|tomorrow|today|tonight|next|this|please|pls|thanks|thank|instead|asap|and|then|so|that|is|was|the)\b)[a-z0-9]+)\b/i;
/** "Alpha team", "the blue crew": a crew named before the word, when nothing else names one. */
const CREW_BEFORE =
  /\b((?!(?:the|my|our|a|an|which|what|whats|each|every|whole|entire|any|that|this|your|one|with|to|for|and|is|where|wheres|does|do|did|me|us)\b)[a-z0-9]+\s+(?:crew|team))\b/i;
/** "with a crew", "with the team": a crew meant but not named. */
const UNNAMED_CREW = /\b(?:with|to|by)\s+(?:a|the|one|any)?\s*(?:crew|team)\s*$/i;
const JOB_NUMBER =
  /\b(?:job|work order|wo)\s*(?:#|no\.?|number)?\s*(\d{1,9})\b|#\s*(\d{1,9})\b|\b(\d{1,9})\s+(?:job|visit)\b/i;

export async function resolveCrew(
  name: string,
  input: PlannerInput,
): Promise<{ crew: NamedRecord } | { plan: AssistantPlan }> {
  if (name === "") {
    const names = (await input.lookup.listCrews()).map((crew) => `**${asMarkdownText(crew.name)}**`).join(", ");
    return { plan: { kind: "clarify", reply: `Which crew should go${names ? `: ${names}` : ""}?` } };
  }
  const crews = await input.lookup.listCrews();
  // "crew alpha" is the Alpha Team: the words for a crew are not its name.
  const core = (text: string) =>
    text
      .toLowerCase()
      .replace(/\b(?:crew|team|the)\b/g, " ")
      .replace(/\s+/g, " ")
      .trim();
  const same = crews.filter((crew) => core(crew.name) !== "" && core(crew.name) === core(name));
  if (same.length === 1) return { crew: same[0]! };
  const picked = pickByName(name, crews);
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

/** The crew `name` means, or another crew the text names ("Alpha Team please": not "Team please" but "Alpha Team"). */
async function crewNamedIn(
  name: string,
  text: string,
  input: PlannerInput,
): Promise<{ crew: NamedRecord } | { plan: AssistantPlan }> {
  const resolved = await resolveCrew(name, input);
  if ("crew" in resolved || name === "") return resolved;
  for (const other of crewNames(text).filter((candidate) => candidate !== name)) {
    const alternative = await resolveCrew(other, input);
    if ("crew" in alternative) return alternative;
  }
  return resolved;
}

/** Every way a text may name a crew, most likely first ("crew b", then "alpha team"). */
export function crewNames(text: string): string[] {
  const named = [CREW.exec(text), CREW_BEFORE.exec(text)]
    .map((found) => (found ? (found[1] ?? found[2])!.trim() : null))
    .filter((name): name is string => name !== null);
  // "…and I want crew C doing it": "crew" and the word after it, wherever they are.
  const said = [...text.matchAll(/\b(?:crew|team)\s+([a-z0-9]{1,12})\b/gi)].map((found) => found[0]);
  return [...new Set([...named, ...said])];
}

/** The crew a text names ("with crew c"), and the text without those words. */
export function crewMention(text: string): { name: string | null; rest: string } {
  const found = CREW.exec(text) ?? CREW_BEFORE.exec(text);
  const unnamed = found ? null : UNNAMED_CREW.exec(text.trimEnd());
  if (unnamed) return { name: "", rest: text.trimEnd().slice(0, unnamed.index) };
  if (!found) return { name: null, rest: text };
  return {
    name: (found[1] ?? found[2])!.trim(),
    rest: `${text.slice(0, found.index)} ${text.slice(found.index + found[0].length)}`,
  };
}

/**
 * "…and give it to alpha", "with sunrise": a crew called by its own word without "crew" or "team", written out as its
 * name ("to Alpha Team") where only one crew has that word; one letter ("Crew A") is too short to tell.
 */
export async function withCrewNames(text: string, input: PlannerInput): Promise<string> {
  const crews = await input.lookup.listCrews();
  const ownWords = crews.map((crew) =>
    crew.name
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length > 2 && word !== "crew" && word !== "team"),
  );
  let out = text;
  crews.forEach((crew, index) => {
    for (const word of ownWords[index]!) {
      if (ownWords.some((other, otherIndex) => otherIndex !== index && other.includes(word))) continue;
      const called = new RegExp(
        String.raw`\b(to|with|for|by|w/)\s+(?:the\s+)?${word}\b(?!\s+(?:crew|team|st|street|rd|road|ave|avenue|dr|drive|ln|lane)\b)`,
        "gi",
      );
      out = out.replace(called, `$1 ${crew.name}`);
    }
  });
  return out;
}

/** The text with the dates' words taken out. */
export function withoutSpans(text: string, spans: readonly WhenSpan[]): string {
  let out = text;
  // A range ("tomorrow to 1pm") is two spans over the same words: each stretch of text is taken out once.
  let removedFrom = Number.POSITIVE_INFINITY;
  for (const span of [...spans].sort((a, b) => b.index - a.index)) {
    const end = Math.min(span.end, removedFrom);
    if (end <= span.index) continue;
    out = `${out.slice(0, span.index)} ${out.slice(end)}`;
    removedFrom = span.index;
  }
  return out;
}

/** "luis's place", "the Garcia house": the customer, not a place of that name. */
export const PLACE_OF = /(['’]s|s['’]|\b[a-z]+)\s+(?:place|house|home|property|residence|site|office|building)\b/gi;

const DANGLING = /\b(?:in|on|for|at|next|this|to|from|until|till|by|around|and|with|then|down)\s*$/i;
const LEADING = /^\s*(?:in|on|for|up|a visit for|a visit with|an appointment for|visit for|the visit for)\b\s*/i;

function subjectText(text: string): string {
  let subject = text
    .replace(/\b(?:please|pls|plz|thanks|thank you|thx|cheers)\b/gi, " ")
    .replace(PLACE_OF, "$1")
    .replace(/\s+(?:is|are|was|were|has|have|been|being)\s*$/i, "")
    .replace(/\s+[,;]+(?=\s|$)/g, " ")
    .replace(/\s*[?.!,]+\s*$/, "")
    .replace(/\s+/g, " ")
    .trim();
  for (let i = 0; i < 3; i++) subject = subject.replace(DANGLING, "").replace(LEADING, "").trim();
  return subject
    .replace(/\s+[,;]+(?=\s|$)/g, " ")
    .replace(/[?.!,]+$/, "")
    .trim();
}

function at(instant: Date | string, input: PlannerInput): string {
  return formatCompanyTime(new Date(instant).toISOString(), input.timeZone, "en-US");
}

/** The job a fragment names by number ("job 117", "#117"), when it names one. */
async function jobByNumber(text: string, input: PlannerInput): Promise<JobRecord | null | "none"> {
  const found = JOB_NUMBER.exec(text);
  if (!found) {
    // "put 117 on monday": a number alone is a job's, when one has it.
    const alone = /^\s*#?(\d{2,9})\s*$/.exec(text);
    if (alone) {
      const [job] = await input.lookup.findJobs({ number: Number(alone[1]) });
      return job ?? null;
    }
    // "bump the 203 cleanup": a number before the work its job's title says.
    const before = /(?:^|\s)#?(\d{2,9})\s+([a-z][\w-]*)/i.exec(text);
    if (!before) return null;
    const [job] = await input.lookup.findJobs({ number: Number(before[1]) });
    return job && sameWork(before[2]!, job.title) ? job : null;
  }
  const [job] = await input.lookup.findJobs({ number: Number(found[1] ?? found[2] ?? found[3]) });
  return job ?? "none";
}

const STOP_WORDS = new Set([
  "the",
  "a",
  "an",
  "and",
  "of",
  "for",
  "to",
  "be",
  "at",
  "in",
  "on",
  "up",
  "it",
  "is",
  "his",
  "her",
  "we",
  "could",
  "would",
  "can",
  "looked",
  "visit",
  "job",
  "service",
]);

/** The open jobs of a customer whose title the words name ("aeration" → "Core aeration"), best first. */
function jobsNamed<T>(service: string, items: readonly T[], titleOf: (item: T) => string): T[] {
  // "ac tuneup" is "AC tune-up": compared without spaces and hyphens.
  const compact = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");
  const words = compact(service);
  // A title within the words also names its job ("emailed to ask if his fall cleanup could come forward").
  const contained = items.filter((item) => {
    const title = compact(titleOf(item));
    return title.includes(words) || (words.length > 12 && words.includes(title));
  });
  if (contained.length > 0) return contained;
  // A word of the title said ("his AC to be looked at" names "AC tune-up").
  const said = new Set(
    service
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .filter((word) => word.length >= 2 && !STOP_WORDS.has(word)),
  );
  const sharing = items.filter((item) =>
    titleOf(item)
      .toLowerCase()
      .split(/[^a-z0-9]+/)
      .some(
        (word) =>
          word.length >= 2 &&
          !STOP_WORDS.has(word) &&
          (said.has(word) || [...said].some((spoken) => spoken.length >= 3 && sameWorkWord(spoken, word))),
      ),
  );
  if (sharing.length > 0) return sharing;
  return rankByName(
    service,
    items.map((item) => ({ item, name: titleOf(item) })),
    0.6,
  ).map((ranked) => ranked.item.item);
}

/** The words of a subject that may name a job's title ("the AC job" → "ac"). */
function titleWords(subject: string): string[] {
  return subject
    .toLowerCase()
    .replace(/['’]s\b/g, "")
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 2 && !STOP_WORDS.has(word) && !/^(?:my|our|this|that|one|visits?)$/.test(word));
}

/**
 * "Schedule the AC job in two weeks", "put the water heater install on tuesday" (on Acme's page): a job waiting to be
 * scheduled, named by its title: the selected customer's, else any customer's when only one fits.
 */
async function jobTitled(subject: string, input: PlannerInput): Promise<Target | { plan: AssistantPlan } | null> {
  const words = titleWords(subject);
  if (words.length === 0) return null;
  let candidates = input.context.customerId
    ? await input.lookup.findJobs({ customerId: input.context.customerId })
    : await input.lookup.findJobs({ title: words.join(" ") });
  // "Smith's AC tune-up" when two customers are Smiths: the work said after the name names the job.
  for (let skip = 1; candidates.length === 0 && !input.context.customerId && skip < Math.min(words.length, 3); skip++)
    candidates = (await input.lookup.findJobs({ title: words.slice(skip).join(" ") })).filter((job) =>
      words.slice(0, skip).some((word) =>
        job.customerName
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .includes(word),
      ),
    );
  const waiting = jobsNamed(words.join(" "), candidates, (job) => job.title).filter((job) => job.hasWaitingVisit);
  const label = (job: JobRecord) =>
    `**${asMarkdownText(job.title)}** (job #${job.number}) for **${asMarkdownText(job.customerName)}**`;
  if (waiting.length === 1) return { params: { jobId: waiting[0]!.id }, label: label(waiting[0]!) };
  if (waiting.length > 1 && waiting.length <= 4)
    return { plan: { kind: "clarify", reply: `Which job: ${waiting.map(label).join(", or ")}?` } };
  return null;
}

type Target = { params: { jobId: string } | { customerId: string; title?: string }; label: string };

/** What a new visit is for: a job (selected, by number, or the customer's job the words name), or a new job. */
async function visitTarget(subject: string, input: PlannerInput): Promise<Target | { plan: AssistantPlan }> {
  if (THIS_JOB.test(subject) && input.context.jobId)
    return { params: { jobId: input.context.jobId }, label: "the selected job" };
  const numbered = await jobByNumber(subject, input);
  if (numbered === "none") return { plan: { kind: "clarify", reply: "I couldn't find a job with that number." } };
  if (numbered) {
    const label = `job #${numbered.number} (**${asMarkdownText(numbered.title)}**) for **${asMarkdownText(numbered.customerName)}**`;
    if (numbered.hasWaitingVisit) return { params: { jobId: numbered.id }, label };
    return {
      plan: {
        kind: "clarify",
        reply: `${capitalized(label)} has no visit waiting to be scheduled. To move its next visit, say "move job ${numbered.number} to …".`,
      },
    };
  }
  const found = await resolveCustomerAndService(subject, input);
  const titled = "plan" in found ? await jobTitled(subject, input) : null;
  if (titled) return titled;
  // "book the spray for the 8th" with a customer's page open (or their message pasted): the words are the work.
  const selected =
    "plan" in found && input.context.customerId && /^I couldn't find a customer named/.test(found.plan.reply)
      ? await input.lookup.customerById(input.context.customerId)
      : null;
  const resolved = selected
    ? { customer: selected, service: subject.replace(/^(?:the|a|an|their|his|her|its)\s+/i, "").trim() || null }
    : found;
  if ("plan" in resolved) return resolved;
  const { customer, service } = resolved;
  const who = `**${asMarkdownText(customer.name)}**`;
  const jobs = await input.lookup.findJobs({ customerId: customer.id });
  if (service) {
    const waiting = jobsNamed(service, jobs, (job) => job.title).find((job) => job.hasWaitingVisit);
    if (waiting)
      return {
        params: { jobId: waiting.id },
        label: `**${asMarkdownText(waiting.title)}** (job #${waiting.number}) for ${who}`,
      };
    const title = capitalized(service).slice(0, 200);
    return { params: { customerId: customer.id, title }, label: `a new job **${asMarkdownText(title)}** for ${who}` };
  }
  const waiting = jobs.find((job) => job.hasWaitingVisit);
  if (waiting)
    return {
      params: { jobId: waiting.id },
      label: `**${asMarkdownText(waiting.title)}** (job #${waiting.number}) for ${who}`,
    };
  // "put the ortiz job on thursday at 1" when each of their jobs is booked: move one, or a new job? Asked.
  if (jobs.length > 0 && /\b(?:job|work order)\b/i.test(subject))
    return {
      plan: {
        kind: "clarify",
        reply: `${who}'s jobs are all booked: ${jobs
          .slice(0, 4)
          .map((job) => `**${asMarkdownText(job.title)}** (job #${job.number})`)
          .join(", ")}. Should I move one of them, or schedule a new job? Say which.`,
      },
    };
  return {
    params: { customerId: customer.id, title: "Service visit" },
    label: `a new job **Service visit** for ${who}`,
  };
}

/** The date a request moves something to: the one after "to" or "for", else the last it names. */
function targetSpan(spans: readonly WhenSpan[]): WhenSpan | null {
  const to = spans.filter((span) => span.preposition !== "from");
  return (
    to.find((span) => ["to", "until", "till", "til", "into", "onto", "for"].includes(span.preposition ?? "")) ??
    to.at(-1) ??
    null
  );
}

/** "Schedule the Garcias' aeration on wednesday at 10 with crew c": a visit, a time and maybe a crew, in one sentence. */
export async function planScheduleVisit(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const onCalendar = ON_CALENDAR.exec(message.raw);
  const sendCrew = SEND_CREW.exec(message.raw);
  const setUp = SET_UP_VISIT.exec(message.raw);
  const after = onCalendar
    ? `${onCalendar[1]} ${message.raw.slice(onCalendar.index + onCalendar[0].length)}`
    : sendCrew
      ? /\b(?:out|over|down)$/i.test(sendCrew[0])
        ? `${message.raw.slice(0, sendCrew.index)} ${message.raw.slice(sendCrew.index + sendCrew[0].length)} with ${sendCrew[1] ?? sendCrew[2] ?? sendCrew[3]}`
        : `${message.raw.slice(sendCrew.index + sendCrew[0].length)} with ${sendCrew[1] ?? sendCrew[2] ?? sendCrew[3]}`
      : setUp
        ? message.raw.slice(setUp.index + setUp[0].length)
        : textAfter(message.raw, SCHEDULE_VERBS);
  if (after === null || (!onCalendar && SCHEDULE_AS_NOUN.test(message.raw))) return null;
  const rest = after.replace(/^(?:in\s+)?(?:a\s+|an\s+)?(?:visit|appointment)?\s*(?:for|with|at)?\s*/i, "");
  if (/^(?:for\s+)?(?:today|tomorrow|this week)?\s*\??$/i.test(rest.trim())) return null;
  // "Mr Smith at 5 Pine Rd rang… could we book him in Tuesday": the one named before the verb, when nothing is selected.
  // "book us thursday": ourselves, at the customer named before.
  const pronoun = /^(?:him|her|them|they|it|us)\b\s*(?:(?:in|down)\b)?/i.exec(rest);
  const before = message.raw
    .slice(0, message.raw.length - after.length)
    .replace(/\b\w+\s*$/, "")
    .trim();
  if (pronoun && before !== "" && !input.context.customerId && !input.context.jobId)
    return scheduleFrom(`${before} ${rest.slice(pronoun[0].length)}`, input);
  const plan = await scheduleFrom(rest, input);
  // "schedule a visit for tomorrow morning": a visit, but for whom?
  if (plan === null && /^\s*(?:in\s+)?(?:a|an|another)\s+(?:visit|appointment|job|service call)\b/i.test(after))
    return { kind: "clarify", reply: "Who is the visit for? Tell me the customer (and the day, time and crew)." };
  return plan;
}

/** "I promised John Smith we'd be there friday morning", "told acme we'll be out monday at 9": a promise is a booking. */
const PROMISED =
  /(?:^|[.!?,]\s*|\b(?:i|we)\s+)(?:promised|told|said to|let|assured)\s+(.+?)\s+(?:that\s+)?(?:we['’]?d|we would|we['’]?ll|we will|we['’]?re|we are|someone would|someone['’]?d|they['’]?d)\s+(?:be|come|get|go|swing|stop)\s+(?:there|out|over|by|round|around)\b(.*)$/i;

export async function planPromisedVisit(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const found = PROMISED.exec(message.raw) ?? WANTS_DONE.exec(message.raw);
  if (!found) return null;
  // "…, can you put that on the schedule?": the request that follows says nothing more.
  const rest = found[2]!.replace(AND_A_REQUEST, "");
  const plan = await scheduleFrom(`${found[1]} ${rest}`, input);
  return plan?.kind === "confirm" || plan?.kind === "clarify" ? plan : null;
}

/** "Elena Garcia wants her core aeration done tuesday at 10am": a customer's wish for a day is a booking. */
const WANTS_DONE =
  /^(?:.*[.!?]\s+)?(.+?)\s+(?:wants?|needs?|would like|asked for|is asking for|asked to have)\s+((?:(?:her|his|their|the|a|an|some|its)\s+)?.+?\s+(?:done|booked|scheduled|looked at|serviced|cleaned|fixed|treated|checked|finished|winterized|installed|mowed|sprayed)\b.*)$/i;
/** A trailing request that repeats what the sentence already says: "…, can you put crew a on it?" keeps the crew. */
const AND_A_REQUEST =
  /\s*[,.;]?\s*(?:(?:can|could|would|will) (?:you|we|u)|please|pls)\s+(?:put|book|schedule|get|set|add|pop|stick)\s+(?:(?:that|it|this|them)\s+)?(?:on|in|into|onto)\s+(?:the\s+)?(?:schedule|calendar|books|board|it|that)\s*\??\s*$|\s*[,.;]?\s*(?:(?:can|could|would|will) (?:you|we|u)|please|pls)\s+(?:book|schedule|set up)\s+(?:that|it|this|them)\b[^?]*\??\s*$/i;

/**
 * "acme water heater install thursday at 4 with crew b": an office's shorthand for scheduling, with no verb. Only a
 * message that starts with a customer's name and names a day and a time reads so.
 */
export async function planTerseSchedule(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (QUESTION.test(message.raw)) return null;
  const { text, spans } = readWhens(message.raw, input.now, input.timeZone);
  const first = spans[0];
  if (!first?.at) return null;
  // "12/8 at 7:30am for the Garcia job", "tomorrow at noon, Acme water heater, alpha team": the time first.
  if (first.index < 3) {
    const subject = subjectText(crewMention(withoutSpans(text, spans)).rest.replace(/^[\s,;:–—-]+/, ""));
    if (subject === "" || /^(?:show|find|open|list|what|who|how|is|are)\b/i.test(subject)) return null;
    const resolved = await resolveCustomerAndService(subject, input);
    return "customer" in resolved || JOB_NUMBER.test(subject) ? scheduleFrom(message.raw, input) : null;
  }
  const before = subjectText(crewMention(text.slice(0, first.index)).rest);
  const words = withoutPossessive(
    before.replace(/^(?:an?\s+)?(?:appointment|visit|booking|job|slot)\s+(?:for|with|at)\s+/i, ""),
  )
    .split(/\s+/)
    .filter((word) => word !== "");
  // A customer or two of that name ("smith appt tmrw at 2": which Smith is asked).
  // What follows the date after a comma is a remark ("…tmrw afternoon, ants are back"), unless it names a crew.
  const remark = /^(.*?)\s*(?:,|\s[-–—])\s+(?!.*\b(?:crew|team)\b)[^,]*$/i.exec(text.slice(first.end));
  const request = (remark ? text.slice(0, first.end) + remark[1] : message.raw).replace(
    /^\s*(?:an?\s+)?(?:appointment|visit|booking|job|slot)\s+(?:for|with|at)\s+/i,
    "",
  );
  if ((await customerAtStart(words, input)) !== null) return scheduleFrom(request, input);
  // "job 204 sunday at noon", "nothing on the books for job 204 yet — sunday at noon": a job by its number.
  // "204 mon 2p crw a": a number alone first is a job's, when one has it.
  const numbered =
    JOB_NUMBER.test(before) || /^\s*#?\d{2,9}\s*$/.test(before) ? await jobByNumber(before, input) : null;
  if (numbered && numbered !== "none") {
    if (numbered.hasWaitingVisit) return scheduleFrom(`job ${numbered.number} ${text.slice(first.index)}`, input);
    return movedTo(`job ${numbered.number}`, text.slice(first.index), input);
  }
  // "Deep clean for Jane Smith Saturday morning w/ Crew B": the work first, then whom it is for.
  if (/\b(?:for|at)\s+\S/i.test(before) && !/^(?:show|find|open|list|what|who|how)\b/i.test(before)) {
    const resolved = await resolveCustomerAndService(before, input);
    if ("customer" in resolved) return scheduleFrom(request, input);
  }
  return null;
}

/**
 * "Can the Garcia aeration go friday next week?", "the water heater job at Acme can go tomorrow first thing", "the
 * aeration for Garcia, any chance we can do it today at 3?": a visit and a day it can happen on. A visit waiting for a
 * day is booked; one already on the schedule moves.
 */
const CAN_GO = [
  /^\s*(?:(?:so|and|ok|okay)\s+)?(?:can|could)\s+(?:we\s+have\s+)?(.+?)\s+(?:go|go in|go ahead|happen|be done|get done)\s+(.+)$/i,
  /^(.+?)\s+(?:can|could|should|will)\s+(?:go|go in|go ahead|happen|be done|get done)\s+(.+)$/i,
  /^(.+?)[,;:]?\s+(?:(?:any chance|is there any chance|is it possible|think)\s+)?(?:we|you|you guys|u|y['’]?all)\s+(?:can|could)\s+(?:do|fit|get to|squeeze)\s+(?:it|that|this|them)(?:\s+in)?\s+(.+)$/i,
  // "the mowing at 7 Pine Rd tomorrow, can it be 12:30 instead?"
  /^(.+?)[,;:]\s+(?:can|could)\s+(?:it|that|this|we|they)\s+(?:be|go|happen)\s+(?:moved\s+to\s+|changed\s+to\s+)?(.+?)(?:\s+instead)?$/i,
];

export async function planCanGo(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  const found = CAN_GO.map((pattern) => pattern.exec(message.raw.replace(/[?.!]+\s*$/, ""))).find(Boolean);
  if (!found) return null;
  const [, subject, when] = found as unknown as [string, string, string];
  // "…, can it be 12:30 instead?": a time alone keeps the visit's day.
  if (
    !readWhens(when, input.now, input.timeZone).spans.some(
      (span) => span.day !== null || span.at !== null || span.time !== null,
    )
  )
    return null;
  const plan = await scheduleFrom(`${subject} ${when}`, input);
  if (plan?.kind === "confirm" && "jobId" in plan.proposal.params) return plan;
  return (await movedTo(subject, when, input)) ?? (plan?.kind === "confirm" ? plan : null);
}

/** A move of the visit `subject` names to `when`, when it reads as one; else nothing. */
async function movedTo(subject: string, when: string, input: PlannerInput): Promise<AssistantPlan | null> {
  const plan = await planRescheduleVisit(readMessage(`move ${subject} to ${when}`), input);
  return plan?.kind === "confirm" || (plan?.kind === "clarify" && plan.reply.startsWith("Which visit")) ? plan : null;
}

/** "tomorrow's mowing at Jane Smith's — 2", "the Ortiz cleanup: friday at 9": a visit, then where it goes. */
const TERSE_MOVE = /^(.{3,}?)(?:\s+[-–—:]+\s+|\s*[,;]\s+)(?:make it\s+|make that\s+|now\s+)?(.+?)[.!]?$/i;
const BARE_TIME = /^(?:at\s+)?(?:\d{1,2}(?::\d{2})?\s*(?:am|pm)?|noon)$/i;

export async function planTerseMove(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (QUESTION.test(message.raw) || RESCHEDULE.test(message.raw)) return null;
  const parts = TERSE_MOVE.exec(message.raw);
  if (!parts) return null;
  const [, subject, when] = parts as unknown as [string, string, string];
  const target = readWhens(when, input.now, input.timeZone);
  const isWhen =
    BARE_TIME.test(when.trim()) ||
    (target.spans.length > 0 && subjectText(withoutSpans(target.text, target.spans)) === "");
  if (!isWhen) return null;
  // "John Smith's tune-up, three days from now, afternoon": a visit waiting for a day is booked.
  const booked = BARE_TIME.test(when.trim()) ? null : await scheduleFrom(`${subject} ${when}`, input);
  if (booked?.kind === "confirm" && "jobId" in booked.proposal.params) return booked;
  return movedTo(subject, BARE_TIME.test(when.trim()) ? when.replace(/^at\s+/i, "") : when, input);
}

/**
 * "jane mow tmrw -> 9am", "ortiz sprnklr to wed 10 crew c", "ortiz cleanup +1 day": a visit named, then where it goes
 * or by how much, without a verb: a visit waiting for a day is booked, one on the schedule moves.
 */
const TERSE_TO = /^(?!.*\b(?:schedule|book|create|add|new|set up)\b)(.{3,}?)\s+to\s+(.+?)[.!]?$/i;

export async function planTerseMoveTo(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (QUESTION.test(message.raw) || RESCHEDULE.test(message.raw)) return null;
  const to = TERSE_TO.exec(message.raw);
  const when = to ? readWhens(to[2]!, input.now, input.timeZone) : null;
  const saysWhere =
    when !== null && when.spans.length > 0 && subjectText(crewMention(withoutSpans(when.text, when.spans)).rest) === "";
  // "203 -> crew c": a crew alone is where it goes too.
  const crewOnly =
    to !== null &&
    !saysWhere &&
    crewMention(` to ${to[2]!}`).name &&
    subjectText(crewMention(` to ${to[2]!}`).rest) === "";
  if (!saysWhere && !crewOnly && !SHIFT.test(message.raw)) return null;
  // A visit waiting for a day is booked, as when the office asks whether it can go then.
  const booked = saysWhere ? await scheduleFrom(`${to![1]} ${to![2]}`, input) : null;
  if (booked?.kind === "confirm" && "jobId" in booked.proposal.params) return booked;
  const plan = await planRescheduleVisit(readMessage(`move ${message.raw}`), input);
  return plan?.kind === "confirm" || (plan?.kind === "clarify" && plan.reply.startsWith("Which visit")) ? plan : null;
}

/**
 * "garcia aer tmrw 1pm alpha": one word after the day and time that is a crew's own name ("Alpha" of "Alpha Team"),
 * said without "crew" or "team".
 */
async function bareCrewAfter(
  text: string,
  spans: readonly WhenSpan[],
  input: PlannerInput,
): Promise<{ name: string; rest: string } | null> {
  const last = spans.at(-1);
  const word = last ? /^\s*(?:with\s+)?([a-z][a-z0-9]*)\s*[.!]?\s*$/i.exec(text.slice(last.end)) : null;
  if (!last || !word) return null;
  const crews = await input.lookup.listCrews();
  const named = crews.find((crew) =>
    crew.name
      .toLowerCase()
      .split(/\s+/)
      .some((part) => part !== "crew" && part !== "team" && part.length > 1 && part === word[1]!.toLowerCase()),
  );
  return named ? { name: named.name, rest: withoutSpans(text.slice(0, last.end), spans) } : null;
}

async function scheduleFrom(rest: string, input: PlannerInput): Promise<AssistantPlan | null> {
  const { text, spans } = readWhens(rest, input.now, input.timeZone);
  const mentioned = crewMention(withoutSpans(text, spans));
  const bare = mentioned.name === null ? await bareCrewAfter(text, spans, input) : null;
  const crew = bare ?? mentioned;
  const subject = subjectText(crew.rest);
  // "schedule for friday" with nothing selected asks to see the schedule, not to book someone.
  if (subject === "" && !input.context.customerId && !input.context.jobId) return null;
  // "schedule for monday? all crews": the whole schedule, to read.
  if (/^[?.!,\s]*(?:for\s+)?(?:all|every|each|the whole|both)\s+(?:crews?|teams?|techs?|technicians?)$/i.test(subject))
    return null;
  const refusal = refusalOf(CAPABILITIES.scheduleVisit, input);
  if (refusal) return refusal;
  const target = await visitTarget(subject, input);
  if ("plan" in target) return target.plan;
  const when = targetSpan(spans);
  if (when?.vague)
    return {
      kind: "clarify",
      reply: `Which day ${text.slice(when.index, when.end).replace(/^on\s+/i, "")}, and at what time, should I schedule ${target.label}?`,
    };
  if (!when || when.day === null)
    return { kind: "clarify", reply: `On which day and at what time should I schedule ${target.label}?` };
  if (when.at === null)
    return {
      kind: "clarify",
      reply: `At what time ${dayLabel(when.day, input.now, input.timeZone).replace(/^(?!to)/, "on ")} should I schedule ${target.label}?`,
    };
  let crewRecord: NamedRecord | null = null;
  if (crew.name !== null) {
    const resolved = await crewNamedIn(crew.name, text, input);
    if ("plan" in resolved) return resolved.plan;
    crewRecord = resolved.crew;
  }
  const window = when.partOfDay ? ` (${when.partOfDay})` : "";
  const params = { ...target.params, start: when.at.toISOString(), crewId: crewRecord?.id ?? null };
  const summary = `Schedule ${target.label} on ${at(when.at, input)}${window}${crewRecord ? ` with **${asMarkdownText(crewRecord.name)}**` : ", unassigned"}.`;
  return propose(input, "schedule-visit", params, summary);
}

/** "Can you get crew c out to Sunrise tuesday first thing": a crew sent to a customer. */
const SEND_CREW =
  /\b((?:crew|team)\s+[a-z0-9]+|[a-z0-9]+\s+(?:crew|team))\s+(?:(?:is|are)\s+(?:taking|doing|covering)|takes|does|covers|will take|can take|can do|will do)\s+(?=\S+.*\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|at|\d))|\b(?:get|send|have|put)\s+((?:crew|team)\s+[a-z0-9]+|[a-z0-9]+\s+(?:crew|team))\s+(?:out|over|down)\b(?!\s+(?:to|at)\b)|\b(?:get|send|have|put)\s+((?:crew|team)\s+[a-z0-9]+|[a-z0-9]+\s+(?:crew|team))\s+(?:out\s+|over\s+|down\s+)?(?:to|at)\s+/i;
/** "Set up a visit for…", "line up an appointment with…", "Tom Baker needs a visit…". */
const SET_UP_VISIT =
  /\b(?:get|put|pop|fit|squeeze)\s+(?:them|him|her|us)\s+(?:in\s+)?(?:on|for|down for)\s+(?=(?:today|tomorrow|tmrw|mon|tue|wed|thu|fri|sat|sun|next|this|the\s+\d|\d))|\b(?:get|come|go|swing|stop|pop|head)\s+(?:out|over|by|round|around)\s+(?:to|at)\s+(?=[a-z])|\bswing\s+by\s+(?=[a-z])|\b(?:get|fit|squeeze)\s+(?=[a-z0-9#'’ ]{2,40}\s+in\b)|\b(?:set up|line up|lock in|get|needs?|wants?|asked for|requested|would like)\s+(?:a|an|another|their|his|her)\s+(?:[\w-]+\s+){0,2}?(?:visit|appointment|time|slot|service call|tech|technician)\b|\b(?:needs?|wants?|asked for|would like)\s+(?:someone|somebody|a tech|a technician|a crew|us)\s+(?:out|over|round|around|to come|there)\b|\b(?:get|send)\s+(?:them|him|her|someone|somebody|a tech|a crew)\s+(?:out|over|round)(?:\s+(?:here|there))?\b/i;

/** "Get the Sunrise wellness check on the calendar for the 3rd": scheduling, said with the calendar as its place. */
const ON_CALENDAR =
  /\b(?:get|put|add|pop|throw|stick|(?:i|we)\s+(?:need|want)(?!\s+to\b))\s+(.+?)\s+(?:on|onto|in|into|to)\s+(?:the|our|my)\s+(?:calendar|schedule|books|board)\b/i;

const RESCHEDULE_VERBS = [
  "reschedule",
  "resched",
  "move",
  "push",
  "shift",
  "bump",
  "postpone",
  "delay",
  "change",
  "switch",
  "swap",
  "give",
  "hand",
  "assign",
  "reassign",
  "moving",
  "be",
  "slide",
  "scoot",
  "make",
  "do",
];
export const RESCHEDULE =
  /\b(?:re-?schedule|resched|move|moving|push|shift|bump|postpone|delay|change|switch|swap)\b(?!-)|\b(?:bring|pull)\b(?!\s+up\b(?!.*\b(?:forward|earlier|ahead)\b)).*\b(?:forward|earlier|up|ahead)\b|\b(?:give|hand|assign|reassign)\b.*\bto\b.*\b(?:crew|team)\b|\b(?:needs?|has|have|should|must)\s+to\s+be\b.*\b(?:later|earlier|moved|on|at|to)\b|\bcome\s+forward\b|\bmake\s+it\b.*\d|\bdo\s+(?:it|that|this|them)\b.*\binstead\b|\b(?:slide|scoot)\b|\bput\s+(?:(?:crew|team)\s+\w+|\w+\s+(?:crew|team))\s+on\b|\b(?:is|are)\s+taking\b|\b(?:crew|team)\s+\w+\s+(?:take|do|cover|handle|pick up)\b|\b\w+\s+(?:crew|team)\s+(?:take|do|cover|handle|pick up)\b/i;
/** "X's sprinkler check is wednesday now", "…should be dec 5 at 8am", "…is 3pm instead": a move said as a fact. */
const MOVE_STATEMENT =
  /(?:\b(?:is|are)|(?<!\b(?:what|whats|who|whos|that|it|there|here|where|how|when)['’]?)['’]s)\s+(?:now\s+)?(?:on\s+|at\s+)?(?=(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|today|next|dec|nov|jan|the\s+\d|\d))|\bshould\s+(?:be|go|move)\b|\bwould\s+rather\s+have\b|\b(?:slides?|goes|moves?)\s+to\b|,\s+(?=[^,]*\binstead\b)/i;
/** The words of a move said as a fact, before a weaker "…'s friday": "got bumped to", "moves to", "needs to be". */
export const MOVE_SAID =
  /\b(?:slides?|goes|go|moves?|moving|shifts?|(?:moved|pushed|bumped|shifted)(?=\s+to\b)|got\s+(?:bumped|moved|pushed|shifted)|(?:is|are|was|been|being)\s+(?:bumped|moved|pushed|shifted)|needs?\s+to\s+be|has\s+to\s+be)\s+(?:to\s+)?(?=\S)/i;
const RESCHEDULE_WORD = /\b(?:re-?schedule|resched|postpone|move|push|bump)\b(?!-)/i;

/** "and give it to crew C": a second clause that only names the crew. */
const CREW_CLAUSE = /\b(?:and|then|,)\s+(?:give|assign|hand|put|send)\s+(?:it|them|that|this)\b/gi;
const PRONOUN_SUBJECT = /^(?:it|that|this|them|him|her|that one|this one)?$/i;
/** A question about the schedule, not a request to change it ("when did we move…", "how much did we bring in"). */
const QUESTION = /^\s*(?:how|what|whats|what's|when|who|which|why|is|are|did|was|were)\b/i;
/** "push it back a day", "by two days", "a week later": a move relative to where the visit is. */
const SHIFT =
  /\b(?:back|out|forward|later|earlier|ahead)?\s*(?:by\s+)?(a|an|one|two|three|four|five|six|seven|\d{1,2})\s+(day|week|hour)s?(\s+and\s+a\s+half)?\s*(later|earlier|back|out|forward|ahead)?\b(?!\s*(?:from|after)\s+(?:now|today|tomorrow)\b)/i;

function shiftOf(text: string): number | null {
  const found = SHIFT.exec(text);
  if (!found) return null;
  const before = text.slice(Math.max(0, found.index - 4), found.index);
  const direction = `${found[0]} ${found[4] ?? ""}`.toLowerCase();
  const explicit = /\b(back|out|later|forward|earlier|ahead)\b|\bby\b/.test(direction) || /\bby\s*$/.test(before);
  if (!explicit) return null;
  // "an hour and a half": half as much again.
  const count = countOf(found[1]!)! + (found[3] ? 0.5 : 0);
  const unit = { day: 86_400_000, week: 7 * 86_400_000, hour: 3_600_000 }[found[2]!.toLowerCase() as "day"];
  const sign = /\b(forward|earlier|ahead)\b/.test(direction) ? -1 : 1;
  return sign * count * unit;
}

/** Without a date or crew, a move names a visit outright ("move the Ortiz sprinkler check") or is something else. */
const VISIT_WORDS =
  /\b(?:re-?schedule|resched|postpone)\b|\b(?:move|push|shift|bump|delay)\b.*\b(?:visit|appointment|job|check|service|cleanup|clean-?up|mowing|treatment|install|repair|inspection|tune-?up)\b/i;

/** "the fall cleanup", "thursday's cleanup": the visits of the open jobs whose title holds the words, when any does. */
async function visitsTitled(
  subject: string,
  input: PlannerInput,
): Promise<{ visits: VisitRecord[]; label: string } | null> {
  const words = subject
    .toLowerCase()
    .replace(/['’]s\b/g, "")
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 2 && !STOP_WORDS.has(word) && !/^(?:my|our|this|that|one|visits?)$/.test(word));
  if (words.length === 0) return null;
  const jobs = await input.lookup.findJobs({ title: words.join(" ") });
  if (jobs.length === 0 || jobs.length > 5) return null;
  const visits = (await Promise.all(jobs.map((job) => input.lookup.upcomingVisits({ jobId: job.id })))).flat();
  visits.sort((a, b) => (a.start ?? "9999").localeCompare(b.start ?? "9999"));
  return { visits, label: `the **${asMarkdownText(words.join(" "))}** visit` };
}

/**
 * "the smiths mowing" when two customers are Smiths: the work said after the name, when the visits of only one of them
 * have it ("Weekly lawn mowing" is Jane's).
 */
async function namesakesWork(
  subject: string,
  input: PlannerInput,
): Promise<{ visits: VisitRecord[]; label: string } | null> {
  const words = titleWords(subject);
  for (let skip = 1; skip < words.length; skip++) {
    const named = words.slice(0, skip);
    const titled = await visitsTitled(words.slice(skip).join(" "), input);
    const theirs = titled?.visits.filter((visit) =>
      visit.customerName
        .toLowerCase()
        .split(/[^a-z0-9]+/)
        .some((part) => named.some((word) => word === part || withoutPossessive(word).replace(/s$/, "") === part)),
    );
    if (theirs && theirs.length > 0 && new Set(theirs.map((visit) => visit.customerName)).size === 1)
      return { visits: theirs, label: `${titled!.label} of **${asMarkdownText(theirs[0]!.customerName)}**` };
  }
  return null;
}

/** The visits a subject names, soonest first: the selected job's, a job's by number, or a customer's (of a service). */
export async function visitsNamed(
  subject: string,
  input: PlannerInput,
): Promise<{ visits: VisitRecord[]; label: string } | { plan: AssistantPlan }> {
  const bySelectedJob = (THIS_JOB.test(subject) || subject === "") && input.context.jobId;
  if (bySelectedJob)
    return { visits: await input.lookup.upcomingVisits({ jobId: input.context.jobId! }), label: "the selected job" };
  const numbered = await jobByNumber(subject, input);
  if (numbered === "none") return { plan: { kind: "clarify", reply: "I couldn't find a job with that number." } };
  if (numbered)
    return {
      visits: await input.lookup.upcomingVisits({ jobId: numbered.id }),
      label: `job #${numbered.number} (**${asMarkdownText(numbered.title)}**)`,
    };
  const resolved = await resolveCustomerAndService(subject, input);
  if ("plan" in resolved)
    return (await visitsTitled(subject, input)) ?? (await namesakesWork(subject, input)) ?? resolved;
  const { customer, service } = resolved;
  const all = await input.lookup.upcomingVisits({ customerId: customer.id });
  const named = service ? jobsNamed(service, all, (visit) => visit.jobTitle) : all;
  const label = `${service ? `the **${asMarkdownText(service)}** visit` : "the next visit"} of **${asMarkdownText(customer.name)}**`;
  // "the smith mowing": of the customers the name fits (John or Jane Smith), the one who has that work.
  if (service && named.length === 0) {
    const serviceWords = new Set(titleWords(service));
    const nameWords = titleWords(subject).filter((word) => !serviceWords.has(word));
    const titled = await visitsTitled(service, input);
    const theirs = titled?.visits.filter((visit) =>
      nameWords.some((word) =>
        visit.customerName
          .toLowerCase()
          .split(/[^a-z0-9]+/)
          .includes(word),
      ),
    );
    if (theirs && theirs.length > 0 && new Set(theirs.map((visit) => visit.customerName)).size === 1)
      return {
        visits: theirs,
        label: `the **${asMarkdownText(service)}** visit of **${asMarkdownText(theirs[0]!.customerName)}**`,
      };
  }
  return { visits: named, label };
}

/**
 * The visits on the day a request moves them from ("from thursday"): that day's, else those on its weekday (today's
 * "thursday" may mean next week's), else all of them.
 */
function fromDay(visits: VisitRecord[], day: string | null, timeZone: string): VisitRecord[] {
  if (day === null) return visits;
  const dayOf = (visit: VisitRecord) => (visit.start ? dayInTimeZone(new Date(visit.start), timeZone) : null);
  const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();
  const sameDay = visits.filter((visit) => dayOf(visit) === day);
  if (sameDay.length > 0) return sameDay;
  const sameWeekday = visits.filter((visit) => dayOf(visit) !== null && weekday(dayOf(visit)!) === weekday(day));
  return sameWeekday.length > 0 ? sameWeekday : visits;
}

function wallClockOn(day: string, time: { hour: number; minute: number }): number {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, date, time.hour, time.minute);
}

/** The same wall-clock time of day as `from`, on `day`, where the company is. */
function sameTimeOn(day: string, from: string, timeZone: string): Date {
  const wall = new Date(utcToZonedWallClock(new Date(from), timeZone));
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return zonedWallClockToUtc(Date.UTC(year, month - 1, date, wall.getUTCHours(), wall.getUTCMinutes()), timeZone);
}

/**
 * "Push the Ortiz sprinkler check to next friday afternoon", "move job 117 to crew b", "bump Jane's visit back a day":
 * the visit named (the soonest that fits), where it goes, and the crew when one is named.
 */
/**
 * Where the move's verb is: the first that is followed by words ("rain delay - move luis…" is moved by "move"), or the
 * first there is.
 */
function moveVerb(raw: string): { before: string; after: string; statement?: boolean } | null {
  // "Can Crew C take the sprinkler check…": the crew is where it goes, the rest what moves.
  const crewTakes =
    /\b((?:crew|team)\s+\w+|\w+\s+(?:crew|team))\s+(?:(?:is|are)\s+)?(?:take|taking|do|doing|cover|covering|handle|handling|pick up)\b/i.exec(
      raw,
    ) ?? /\bput\s+((?:crew|team)\s+\w+|\w+\s+(?:crew|team))\s+on\b/i.exec(raw);
  // "move the cleanup to friday … I want crew C doing it": the move's verb says what moves; the crew is where it goes.
  if (crewTakes && !/\b(?:re-?schedule|resched|move|push|bump|shift)\b/i.test(raw.slice(0, crewTakes.index)))
    return {
      before: raw.slice(0, crewTakes.index),
      after: `${raw.slice(crewTakes.index + crewTakes[0].length)} to ${crewTakes[1]}`,
    };
  const found = [...raw.matchAll(/[a-z'-]+/gi)].filter(
    (word) =>
      RESCHEDULE_VERBS.includes(correctedWord(word[0])) &&
      (word[0].toLowerCase() !== "be" || /\b(?:to|should|must|could|can)\s+$/i.test(raw.slice(0, word.index))) &&
      (word[0].toLowerCase() !== "make" || /^\s+it\b/i.test(raw.slice(word.index + word[0].length))) &&
      // "can we do it thursday instead": doing it at another time moves it.
      (word[0].toLowerCase() !== "do" ||
        /^\s+(?:it|that|this|them)\b.*\binstead\b/i.test(raw.slice(word.index + word[0].length))),
  );
  const verb = found.find((word) => /^\s+[a-z0-9"'#]/i.test(raw.slice(word.index + word[0].length))) ?? found[0];
  if (verb) {
    const after = raw.slice(verb.index + verb[0].length);
    // "make it 11 instead": where it goes follows "it".
    return {
      before: raw.slice(0, verb.index),
      after: verb[0].toLowerCase() === "make" ? after.replace(/^\s*it\s+(?=\d)/i, " at ") : after,
    };
  }
  const bring = /\b(?:bring|pull)\b/i.exec(raw);
  if (bring) return { before: raw.slice(0, bring.index), after: raw.slice(bring.index + bring[0].length) };
  // A move said as a fact: what follows "is now", "should be" is where it goes.
  const statement = MOVE_SAID.exec(raw) ?? MOVE_STATEMENT.exec(raw);
  // "…is wednesday now": "now" says the change, not the time. The visit is named before the statement.
  return statement
    ? {
        before: raw.slice(0, statement.index),
        after: ` to ${raw.slice(statement.index + statement[0].length).replace(/\bnow\b/gi, " ")}`,
        statement: true,
      }
    : null;
}

const INSTEAD_OF_CREW = /\binstead of\s+(?:the\s+)?(?:(?:crew|team)\s+\w+|\w+\s+(?:crew|team))/gi;

/** The words that name the visit, once the dates, the crew and the words of moving are out. */
function moveSubject(text: string): string {
  const subject = subjectText(
    text
      // "Luis Ortiz, he called this morning": a remark after the name; "…? I want it on friday": the next sentence.
      .replace(
        /,\s*(?:he|she|they|it|we|i)\s+(?:called|said|asked|rang|wants?|texted|emailed|phoned|just|is|was)\b.*$/i,
        "",
      )
      .replace(/[?.!]\s+.*$/, "")
      .replace(CREW_CLAUSE, " ")
      .replace(SHIFT, " ")
      .replace(/(?:^|\s)['’]s\b/g, " ")
      .replace(/\binstead of\s+(?:the\s+)?(?:(?:crew|team)\s+\w+|\w+\s+(?:crew|team))/gi, " ")
      .replace(
        /\b(?:instead|how do i change it|how do i do (?:that|it)|needs to|has to|should|forward|to be|an hour|hours?|days?)\b/gi,
        " ",
      )
      .replace(/\b(?:can|could|would|will)\s+(?:we|you|u|ya)\b/gi, " ")
      .replace(/\b(?:the\s+)?(?:crew|team)\s+(?:on|for|at|of)\b/gi, " ")
      .replace(
        /\b(?:same (?:day|time|day and time|time and day|day and hour)|back|forward|out|over|around|up|later|earlier|instead|please|pls|asap)\b/gi,
        " ",
      )
      .replace(/\bvisit\s+(?:of|for)\b/gi, " ")
      .replace(/\b(?:to\s+)?the\s+after\b|\bafter\s*$/gi, " ")
      .replace(/^\s*it\b/i, " ")
      .replace(/\s[-–—:]+(?=\s|$)/g, " "),
  );
  // What is left may be punctuation alone ("…an hour later, how do I change it?").
  return /^[\W_]*$/.test(subject) ? "" : subject;
}

/**
 * "Push the Ortiz sprinkler check to next friday afternoon", "move job 117 to crew b", "Jane's mowing on Dec 4 - bump it
 * to Dec 5": the visit named (the soonest that fits the day it is on), where it goes, and the crew when one is named.
 */
export async function planRescheduleVisit(message: ReadMessage, input: PlannerInput): Promise<AssistantPlan | null> {
  if (
    !(RESCHEDULE.test(message.raw) || MOVE_SAID.test(message.raw) || MOVE_STATEMENT.test(message.raw)) ||
    QUESTION.test(message.raw)
  )
    return null;
  // "…instead of Crew A": the crew it leaves is not where it goes.
  const verb = moveVerb(message.raw.replace(INSTEAD_OF_CREW, " "));
  if (!verb) return null;
  const after = readWhens(verb.after, input.now, input.timeZone);
  const before = readWhens(verb.before, input.now, input.timeZone);
  const shift = shiftOf(after.text) ?? shiftOf(before.text);
  const crew = crewMention(withoutSpans(after.text, after.spans));
  // A move names where to: a date, a shift or a crew. Without one this is not a move ("change the payment settings").
  const noTarget =
    after.spans.length === 0 &&
    shift === null &&
    crew.name === null &&
    !before.spans.some((span) => span.preposition === "to" || span.preposition === "until");
  if (noTarget && !VISIT_WORDS.test(message.raw)) return null;
  const refusal = refusalOf(CAPABILITIES.rescheduleVisit, input);
  if (refusal) return refusal;
  const afterSubject = moveSubject(crew.rest);
  const beforeSubject = moveSubject(withoutSpans(before.text, before.spans));
  // "Ortiz would rather have the cleanup first thing thursday": the customer before the statement, the work after it.
  const subject = PRONOUN_SUBJECT.test(afterSubject)
    ? beforeSubject || afterSubject
    : verb.statement && beforeSubject
      ? `${beforeSubject} ${afterSubject}`
      : afterSubject;
  const named = await visitsNamed(subject, input);
  // A statement that names no visit is something else ("nobody told me what's on today").
  if ("plan" in named) return verb.statement ? null : named.plan;
  // The dates before the verb, after "from", or in "tomorrow's" say which visit; the others where it goes.
  const isSource = (span: WhenSpan, index: number) =>
    span.preposition === "from" ||
    span.possessive ||
    (after.spans.length > 1 && index === 0 && span.preposition !== "to");
  // "swap the crew on jane smith tmrw to crew a": with a crew to go to, a lone date says which visit.
  const crewOnly =
    crew.name !== null &&
    after.spans.length === 1 &&
    shift === null &&
    !after.spans[0]!.at &&
    !["to", "until", "till", "into", "onto"].includes(after.spans[0]!.preposition ?? "");
  // A date before the verb names the visit, unless it says where to ("could come forward to Monday morning").
  const beforeTargets = before.spans.filter((span) => span.preposition === "to" || span.preposition === "until");
  const beforeSources = before.spans.filter((span) => !beforeTargets.includes(span));
  const source = beforeSources[0] ?? after.spans.find(isSource) ?? (crewOnly ? after.spans[0] : undefined);
  const candidates = fromDay(named.visits, source?.day ?? null, input.timeZone);
  const scheduled = candidates.filter((candidate) => candidate.start !== null);
  let visit = scheduled[0] ?? candidates[0];
  if (!visit) return { kind: "answer", reply: `I found no upcoming visit: ${named.label} has none scheduled.` };
  // "alpha team is taking Acme tomorrow at 2", "John Smith can do thursday at 3": a visit still waiting is scheduled.
  if (visit.start === null && !RESCHEDULE_WORD.test(message.raw)) return null;
  // Visits of different jobs and nothing to tell which: ask, naming them.
  if (new Set(scheduled.map((candidate) => candidate.jobId)).size > 1 && !source)
    return {
      kind: "clarify",
      reply: `Which visit: ${scheduled
        .slice(0, 4)
        .map((candidate) => `**${asMarkdownText(candidate.jobTitle)}** on ${at(candidate.start!, input)}`)
        .join(", or ")}?`,
    };
  let crewRecord: NamedRecord | null = null;
  if (crew.name !== null) {
    const resolved = await crewNamedIn(crew.name, after.text, input);
    if ("plan" in resolved) return resolved.plan;
    crewRecord = resolved.crew;
  }
  const when =
    targetSpan(after.spans.filter((span, index) => span !== source && !isSource(span, index))) ??
    targetSpan(beforeTargets);
  // "move Jane Smith's mowing to wednesday at 10" with a mowing every week: which one goes to another day is asked (a
  // time alone, a shift, "the next one" or "this visit" move the soonest).
  // A day that is one of theirs moves that one's time ("…to friday at 2" when one is on Friday).
  const onTargetDay = when?.day
    ? scheduled.filter((candidate) => dayInTimeZone(new Date(candidate.start!), input.timeZone) === when.day)
    : [];
  if (onTargetDay.length === 1 && !source && shift === null) visit = onTargetDay[0]!;
  else if (
    scheduled.length > 1 &&
    !source &&
    shift === null &&
    when?.day &&
    !/\b(?:next|this|upcoming|first)\s+(?:one|visit|appointment|mowing|time)\b/i.test(message.raw)
  )
    return {
      kind: "clarify",
      reply: `Which visit: ${scheduled
        .slice(0, 4)
        .map((candidate) => `**${asMarkdownText(candidate.jobTitle)}** on ${at(candidate.start!, input)}`)
        .join(", or ")}?`,
    };
  const what = `**${asMarkdownText(visit.jobTitle)}** (job #${visit.jobNumber}) for **${asMarkdownText(visit.customerName)}**`;
  if (when?.vague)
    return {
      kind: "clarify",
      reply: `Which day ${after.text.slice(when.index, when.end).replace(/^on\s+/i, "")} should ${what} move to, and at what time?`,
    };
  // "…the mow on Friday 4th; shift it to the Monday after": a weekday that falls before the visit's day is the one after.
  const dayOfVisit = visit.start ? dayInTimeZone(new Date(visit.start), input.timeZone) : null;
  // The visit named by its day is the anchor ("move thursday's cleanup to friday": the Friday after that Thursday).
  const anchor = source ? (dayOfVisit ?? source.day) : null;
  if (when?.day && anchor && when.day < anchor && !/\b(?:forward|earlier|sooner|up)\b/i.test(message.raw))
    while (when.day < anchor) when.day = addDays(when.day, 7);
  // "to the following Monday", "to the Monday before it": that weekday counted from the visit's own day.
  const weekday = String.raw`(?:mon|tues|wednes|thurs|fri|satur|sun)day`;
  if (
    when?.day &&
    dayOfVisit &&
    new RegExp(String.raw`\b(?:the\s+)?following\s+${weekday}\b|\b${weekday}\s+after\s+(?:it|that|this)\b`, "i").test(
      message.raw,
    )
  )
    while (when.day <= dayOfVisit) when.day = addDays(when.day, 7);
  if (
    when?.day &&
    dayOfVisit &&
    new RegExp(String.raw`\b${weekday}\s+before\s+(?:it|that|this)\b`, "i").test(message.raw)
  ) {
    while (when.day >= dayOfVisit) when.day = addDays(when.day, -7);
    while (addDays(when.day, 7) < dayOfVisit) when.day = addDays(when.day, 7);
  }
  let start: Date | null = null;
  if (shift !== null && visit.start) start = new Date(new Date(visit.start).getTime() + shift);
  else if (when?.at) start = when.at;
  else if (when?.day && visit.start) start = sameTimeOn(when.day, visit.start, input.timeZone);
  else if (when?.time && (source?.day ?? dayOfVisit))
    start = zonedWallClockToUtc(wallClockOn(source?.day ?? dayOfVisit!, when.time), input.timeZone);
  else if (!when && crewRecord && visit.start) start = new Date(visit.start);
  // "push it to the same time on Thursday" said on a Thursday after that time: next Thursday, not a time gone by.
  if (
    start !== null &&
    start < input.now &&
    when?.day &&
    !/\b(?:today|tonight|this\s+(?:morning|afternoon|evening))\b/i.test(message.raw) &&
    /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/i.test(message.raw)
  )
    start = new Date(start.getTime() + 7 * 86_400_000);
  if (start === null)
    return {
      kind: "clarify",
      reply: when?.day
        ? `At what time ${dayLabel(when.day, input.now, input.timeZone).replace(/^(?!to)/, "on ")} should ${what} be?`
        : `When should I move ${what} to? Name a day and a time.`,
    };
  const from = visit.start ? ` from ${at(visit.start, input)}` : "";
  const window = when?.partOfDay && shift === null ? ` (${when.partOfDay})` : "";
  // A visit still waiting for its day is booked, not moved: "get her core aeration booked in with Crew C".
  if (!visit.start && !refusalOf(CAPABILITIES.scheduleVisit, input))
    return propose(
      input,
      "schedule-visit",
      { jobId: visit.jobId, start: start.toISOString(), crewId: crewRecord?.id ?? null },
      `Schedule ${what} on ${at(start, input)}${window}${crewRecord ? ` with **${asMarkdownText(crewRecord.name)}**` : ", unassigned"}.`,
    );
  const params = { visitId: visit.id, start: start.toISOString(), ...(crewRecord ? { crewId: crewRecord.id } : {}) };
  const summary = `Move the visit of ${what}${from} to ${at(start, input)}${window}${crewRecord ? ` with **${asMarkdownText(crewRecord.name)}**` : ""}.`;
  return propose(input, "reschedule-visit", params, summary);
}
