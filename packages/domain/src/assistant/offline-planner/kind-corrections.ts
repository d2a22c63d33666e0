/**
 * A correction made while typing, read by what it names rather than by how it is worded: "Tuesday at 9 — sorry,
 * Wednesday at 9 — with Crew B", "$40 cash — oh hang on, it was $60, not $40", "with crew c... actually, crew C's van
 * is in the shop, use Alpha Team", "Remind Elena Garcia; actually make it Luis Ortiz instead", "collect in October?
 * wait, I meant invoiced". After the words that take something back, each thing of a kind the message said before (an
 * amount, a day, a crew, a number, a method, a measure of money, a month, a time, a name) is replaced by the last of
 * that kind the correction names, leaving out what it says is not meant ("not $40", "instead of Crew C"); a crew the
 * request had not named yet is added. The correction's other words only explain it and are dropped.
 */

/** The words that take back what was said: at least one of them, maybe after an "oh"; "make it" only after one. */
const RETRACTING = String.raw`(?:hmm+|sorry|oops|no|nope|wait|hang on|hold on|actually|scratch that|correction|on second thought|i meant|i mean|make that|my (?:bad|mistake))`;
const SOFTENER = String.raw`(?:oh|er+m?|um+|uh+|ah|or|ok|okay)`;
const MARKER = new RegExp(
  String.raw`(?:\s*(?:\.{2,}|…|[.,;!?])\s*|\s+[-–—]+\s*)(?:${SOFTENER}[,:!.]?\s+)*${RETRACTING}(?:[,:!.]?\s+(?:${SOFTENER}|${RETRACTING}|make it))*[,:!.]?\s+`,
  "gi",
);
/** A correction that starts over rather than naming what changes: "wait no, leave that one, move the…". */
const STARTS_OVER =
  /^(?:(?:just|then)\s+)?(?:(?:leave|forget|never ?mind|don['’]?t|do not|cancel|skip)\b|(?:move|push|schedule|book|send|record|create|remind|invoice|bill|optimi[sz]e|export|turn|connect|show|open|find|pull)\s+(?!(?:it|that|them|this|him|her|those)\b))/i;

/** "hang on, or was it Tuesday? Not sure": a doubt, which the rules ask about rather than a correction. */
const UNSURE = /\?|\bnot sure\b|\bor was it\b/i;

const DAY_NAME = String.raw`(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tues?|wed|thur?s?|fri|sat|sun)(?![a-z])`;
const MONTH_NAME = String.raw`(?:january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept?|oct|nov|dec)(?![a-z])`;
const ORDINAL = String.raw`\d{1,2}(?:st|nd|rd|th)(?![a-z])`;
const CLOCK = String.raw`(?:\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)?(?![\w:])|noon|midday)`;
const DAY = String.raw`(?:(?:first thing|early)\s+)?(?:${DAY_NAME}(?:\s+(?:the\s+)?${ORDINAL})?|${MONTH_NAME}\.?\s+${ORDINAL.replace("(?:st|nd|rd|th)", "(?:st|nd|rd|th)?")}|(?:the\s+)?${ORDINAL}|today|tomorrow|tmrw|\d{1,2}\/\d{1,2})(?:\s+(?:at\s+|@\s*)?${CLOCK}|\s+(?:morning|afternoon|evening|first thing))?`;
const CREW = String.raw`\b(?:crew|team)\s+[a-z0-9]+(?:['’]s)?|\b(?!(?:\d+|with|to|for|by|and|the|a|an|on|at|in|of|from|my|our|same|that|this)\s)[a-z0-9]+\s+(?:crew|team)\b(?:['’]s)?`;

/** `pattern` finds the kind in the request; `opening`, also at the very start of the correction ("…, sorry, 11"). */
/** Two or more words with capitals that are no crew's: "Luis Ortiz", "Jane Smith". */
const NAME = String.raw`(?!(?:Crew|Team)\b)[A-Z][a-z'’]+(?:\s+(?!(?:Crew|Team)\b)[A-Z][a-z'’]+)+\b`;
type Kind = { name: string; pattern: string; opening?: string; flags?: string };
const OPENING = String.raw`(?<=^\s*)`;
/** In this order: a kind read first is taken out of the correction before the next is looked for. */
const KINDS: Kind[] = [
  { name: "money", pattern: String.raw`\$\s?\d(?:[\d,]*\d)?(?:\.\d{1,2})?` },
  { name: "day", pattern: String.raw`\b${DAY}` },
  { name: "crew", pattern: CREW },
  { name: "number", pattern: String.raw`(?<![$\d.,:/])#?\b\d{3,9}\b(?![:/])` },
  { name: "method", pattern: String.raw`\b(?:cash|check|cheque|card)\b` },
  // "a day before — no, 2 hours before": how long before or after.
  {
    name: "duration",
    pattern: String.raw`\b(?:a|an|one|two|three|four|five|six|\d{1,3})\s+(?:minutes?|mins?|hours?|hrs?|days?|weeks?)\b(?:\s+(?:before|after|later|earlier))?`,
  },
  { name: "measure", pattern: String.raw`\b(?:collected|collect|invoiced|billed|received)\b` },
  { name: "month", pattern: String.raw`\b${MONTH_NAME}(?:['’]s)?` },
  {
    name: "time",
    pattern: String.raw`(?<=\b(?:to|at|for|by)\s+)${CLOCK}|\b\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)(?![\w.])`,
    opening: CLOCK,
  },
  {
    name: "name",
    pattern: String.raw`(?<=[a-z,:;]\s+)${NAME}`,
    opening: NAME,
    flags: "g",
  },
];

/** A thing the correction only explains: "Monday's a mess", "crew C's van is in the shop", "Crew A is full". */
const EXPLAINED = /^(?:['’]s\b|\s+(?:is|are|was|were|has|had|can['’]?t|cannot|won['’]?t|isn['’]?t)\b)/i;
/** A check's number, as said: "check 2207", "number 6610", "chk #4410". */
const CHECK_NUMBER_BEFORE = /(?:\b(?:check|cheque|chk)\s*(?:#|no\.?|number)?|\b(?:number|no\.?))\s*#?\s*$/i;

/** What the correction says is not meant: "not $40", "instead of crew c", "rather than collected". */
const NOT_MEANT =
  /\b(?:not|instead of|rather than)\s+(?:(?:a|an|the|at|on|for|to|in)\s+)?[^\s,.;!?—–]+(?:\s+[^\s,.;!?—–]+){0,2}/gi;

function all(kind: Kind, text: string, opening = false): RegExpExecArray[] {
  const pattern = opening && kind.opening ? `${OPENING}(?:${kind.opening})|${kind.pattern}` : kind.pattern;
  return [...text.matchAll(new RegExp(pattern, kind.flags ?? "gi"))];
}

/** The message with its correction applied, or null when no correction names a thing of a kind said before it. */
export function correctedByKind(text: string): string | null {
  const marker = [...text.matchAll(MARKER)].find((found) => found.index > 0);
  if (!marker) return null;
  let head = text.slice(0, marker.index);
  let said = text.slice(marker.index + marker[0].length).replace(NOT_MEANT, " ");
  if (STARTS_OVER.test(said) || UNSURE.test(said)) return null;
  let changed = false;
  for (const kind of KINDS) {
    const named = all(kind, said, true)
      .filter((found) => !EXPLAINED.test(said.slice(found.index + found[0].length)))
      .at(-1);
    if (!named) continue;
    said = said.slice(0, named.index) + " ".repeat(named[0].length) + said.slice(named.index + named[0].length);
    const value = kind.name === "crew" ? named[0].replace(/['’]s$/, "") : named[0];
    // A check's number is added to the payment, never put in place of the invoice's.
    const checkNumber = kind.name === "number" && CHECK_NUMBER_BEFORE.test(said.slice(0, named.index));
    const before = all(kind, head).filter(
      (found) => !checkNumber || CHECK_NUMBER_BEFORE.test(head.slice(0, found.index)),
    );
    const last = before.at(-1);
    if (!last) {
      // "Tuesday at 9 — sorry, Wednesday at 9 — with Crew B": a crew or a time not said before is the request's.
      const added = {
        crew: `with ${value}`,
        time: `at ${value}`,
        number: checkNumber ? `check number ${value.replace("#", "")}` : "",
      }[kind.name];
      if (added) {
        head = `${head} ${added}`;
        changed = true;
      }
      continue;
    }
    if (last[0].toLowerCase() === value.toLowerCase()) continue;
    changed = true;
    if (kind.name === "method") {
      // "a check, check number 7781… sorry, it was cash": cash has no check number.
      head = head.replace(new RegExp(kind.pattern, "gi"), value);
      if (!/^ch/i.test(value)) head = head.replace(/,?\s*\b(?:cash|card)\s+(?:#|no\.?|number)\s*\d+/gi, "");
      continue;
    }
    // "the 8th at 10, wait, make that the 9th": another day, at the time said.
    const keptTime =
      kind.name === "day" && !new RegExp(CLOCK, "i").test(value.replace(/\d{1,2}(?:st|nd|rd|th)/gi, ""))
        ? (new RegExp(String.raw`\s+(?:at\s+|@\s*)?${CLOCK}$`, "i").exec(last[0])?.[0] ?? "")
        : "";
    head = head.slice(0, last.index) + value + keptTime + head.slice(last.index + last[0].length);
  }
  return changed ? head.trim() : null;
}
