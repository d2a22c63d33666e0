import type { CustomerIntent } from "@fieldops/shared/customer-assistant";
import { editDistance, typoAllowance } from "../assistant/offline-planner/fuzzy-match.ts";
import { readWhens, type PartOfDay } from "../assistant/offline-planner/parse-when.ts";
import { addDays, dayInTimeZone } from "@fieldops/shared/company-time";

/** What a customer's message asks, as the offline reader understands it. */
export interface CustomerMessageReading {
  intent: CustomerIntent;
  /** A reschedule: the day asked for (the company's calendar), and the part of it or the hour when said. */
  day: string | null;
  partOfDay: PartOfDay | null;
  time: { hour: number; minute: number } | null;
  /** A quote: the service asked for, in the customer's words. */
  service: string | null;
  /** A pick: which offered time (1-based). */
  option: number | null;
}

/** A message for the office: nothing the assistant answers. */
export const HANDOFF_READING: CustomerMessageReading = {
  intent: "handoff",
  day: null,
  partOfDay: null,
  time: null,
  service: null,
  option: null,
};

export interface ReadingContext {
  now: Date;
  timeZone: string;
  /** The times last offered in this conversation, as the customer read them, when an offer is open. */
  offered?: readonly string[];
}

/** Only the start of a long message is read: a question is not at its 5,000th character. */
const READ_CHARS = 800;

const INVISIBLE = /[\u200B-\u200F\u2060-\u2064\uFEFF\u00AD]/g;

/**
 * The Spanish a customer of a US trade often writes, as English words the cues below read (a short list of what
 * offices see most, not a translation).
 */
const SPANISH: [RegExp, string][] = [
  [/\bno necesitamos (?:el )?servicio (?:esta|la proxima|la próxima) semana\b/g, "skip this week"],
  [/\b(?:cu[aá]ndo) (?:viene|vienen|van a venir)\b/g, "when are you coming"],
  [/\ba qu[eé] hora (?:viene|vienen)\b/g, "what time are you coming"],
  [/\bcu[aá]nto debo\b/g, "how much do i owe"],
  [/\bnecesito cambiar\b/g, "i need to change"],
  [/\bcambiar\b/g, "change"],
  [/\bla cita\b/g, "the appointment"],
  [/\bcita\b/g, "appointment"],
  [/\bpara el\b/g, "to"],
  [/\bma[nñ]ana\b/g, "tomorrow"],
  [/\bhoy\b/g, "today"],
  [/\blunes\b/g, "monday"],
  [/\bmartes\b/g, "tuesday"],
  [/\bmi[eé]rcoles\b/g, "wednesday"],
  [/\bjueves\b/g, "thursday"],
  [/\bviernes\b/g, "friday"],
  [/\bs[aá]bado\b/g, "saturday"],
  [/\bdomingo\b/g, "sunday"],
  [/\b(?:porfa|por favor)\b/g, "please"],
  [/\bs[ií],/g, "yes,"],
];

/** SMS shorthand and common misspellings, written out, before anything is read. */
const SHORTHAND: [RegExp, string][] = [
  [/\b(?:resked|reskedule|reshedule|resch)\b/g, "reschedule"],
  [/\b(?:thru)\b/g, "through"],
  [/\bu\b/g, "you"],
  [/\br\b/g, "are"],
  [/\bur\b/g, "your"],
  [/\by\b/g, "why"],
  [/\b(?:wen|whn|wehn)\b/g, "when"],
  [/\b(?:pls|plz|plez|pleaze)\b/g, "please"],
  [/\b(?:appt|apt|appnt|appmt)s?\b/g, "appointment"],
  [/\b(?:resched|re-schedule|re schedule)\b/g, "reschedule"],
  [/\b(?:thx|thnx|thanx|ty|tks)\b/g, "thanks"],
  [/\b(?:b4)\b/g, "before"],
  [/\b(?:2)\b(?=\s+(?:pay|come|get|see|do|move|skip|cancel|know)\b)/g, "to"],
  [/\b(?:cuz|cos|bc)\b/g, "because"],
  [/\b(?:im)\b/g, "i'm"],
  [/\b(?:dont)\b/g, "don't"],
  [/\b(?:wont)\b/g, "won't"],
  [/\b(?:cant)\b/g, "can't"],
  [/\b(?:whats)\b/g, "what's"],
  [/\b(?:whens)\b/g, "when's"],
  [/\b(?:were)\b(?=\s+(?:going|away|out|moving|on|traveling|travelling|not)\b)/g, "we're"],
  [/\b(?:ok|okay|k)\b/g, "ok"],
  [/\b(?:nxt)\b/g, "next"],
  [/\b(?:wk)\b/g, "week"],
  [/\b(?:tmrw|tmr|tomoro|tomorow|tommorow|tommorrow|2moro|2morrow)\b/g, "tomorrow"],
  [/\b(?:hw)\b/g, "how"],
  [/\b(?:abt)\b/g, "about"],
  [/\b(?:bal)\b/g, "balance"],
  [/\b(?:est)\b/g, "estimate"],
  [/\b(?:cc)\b/g, "credit card"],
];

/** Words the reader looks for: a longer word within a typo of one of them is read as it (one rule, word by word). */
const VOCABULARY = [
  "reschedule",
  "rescheduling",
  "appointment",
  "appointments",
  "coming",
  "schedule",
  "scheduled",
  "cancel",
  "cancelled",
  "canceled",
  "cancellation",
  "service",
  "balance",
  "invoice",
  "invoices",
  "estimate",
  "quote",
  "payment",
  "tomorrow",
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
  "saturday",
  "sunday",
  "morning",
  "afternoon",
  "evening",
  "instead",
  "different",
  "another",
  "please",
  "online",
  "arrive",
  "arriving",
  "technician",
  "vacation",
  "contract",
  "postpone",
  "available",
  "availability",
  "outstanding",
  "schedule",
  "next",
  "week",
  "visit",
  "skip",
  "move",
  "owe",
  "link",
];
const VOCABULARY_SET = new Set(VOCABULARY);

function correctWord(word: string): string {
  if (word.length < 5 || VOCABULARY_SET.has(word) || !/^[a-z]+$/.test(word)) return word;
  // A word of the vocabulary with an ending ("visits", "moved", "coming") is not a typo.
  if (VOCABULARY.some((known) => known.length >= 4 && word.startsWith(known))) return word;
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const candidate of VOCABULARY) {
    if (Math.abs(candidate.length - word.length) > 2) continue;
    const distance = editDistance(word, candidate);
    if (distance <= typoAllowance(Math.max(word.length, candidate.length)) && distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best ?? word;
}

/** An e-mail's greeting and signature lines are not the request. */
function withoutGreetingAndSignature(text: string): string {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  const kept: string[] = [];
  for (const line of lines) {
    if (/^(?:thanks|thank you|thx|regards|best|cheers|sincerely|sent from my)\b[^.?!]{0,30}[,!.]?$/i.test(line)) break;
    if (/^--\s*$/.test(line)) break;
    if (
      kept.length === 0 &&
      /^(?:hi|hello|hey|dear|good (?:morning|afternoon|evening))\b[^.?!]{0,40}[,!:]?$/i.test(line)
    )
      continue;
    kept.push(line);
  }
  return kept.join(" ");
}

/** The message as the reader reads it: visible, lower-case words, shorthand written out, typos of its words mended. */
export function normalizeCustomerMessage(raw: string): string {
  const visible = raw
    .normalize("NFKC")
    .replace(INVISIBLE, "")
    .slice(0, READ_CHARS * 2);
  let text = withoutGreetingAndSignature(visible).toLowerCase().replace(/[’‘]/g, "'").slice(0, READ_CHARS);
  for (const [pattern, replacement] of [...SPANISH, ...SHORTHAND]) text = text.replace(pattern, replacement);
  text = text.replace(/[a-z]+/g, (word) => correctWord(word));
  return text.replace(/\s+/g, " ").trim();
}

const has = (text: string, pattern: RegExp) => pattern.test(text);

const DAY_WORDS = String.raw`(?:today|tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|saturday|sunday|weekend|next week|this week|(?:the )?\d{1,2}(?:st|nd|rd|th))`;
const VISIT_WORDS = String.raw`(?:visit|appointment|service|cleaning|mow(?:ing)?|treatment|spray(?:ing)?|inspection|tune[- ]?up|check(?:up)?|lesson|session|pickup|clean|cut|job|call|week's|time)`;

/** A complaint, a dispute or a request for a person: the office answers those. */
const FOR_A_PERSON: RegExp[] = [
  /\b(?:already|just) paid\b/,
  /\bi paid\b/,
  /\bpaid (?:you|it|this|that|the bill|in full)\b/,
  /\b(?:charged|billed) (?:me )?(?:twice|double|two times|wrong|too much)\b/,
  /\bdouble[- ]?(?:charged|billed)\b/,
  /\boverchar/,
  /\brefund/,
  /\bwrong (?:amount|price|charge|invoice|bill)\b/,
  /\b(?:damaged?|broke|broken|ruined|destroyed|killed|dead (?:grass|plants?)|scratched|stain(?:ed)?|leak(?:ing|ed)? again)\b/,
  /\bcomplain/,
  /\b(?:not|never) (?:happy|satisfied|pleased)\b/,
  /\b(?:unhappy|disappointed|terrible|awful|horrible|unacceptable|ridiculous|furious|angry|upset)\b/,
  /\b(?:call|phone|ring) me\b/,
  /\bgive me a (?:call|ring)\b/,
  /\b(?:speak|talk) (?:to|with) (?:a |the |someone|somebody|a real|a human|a person|your|the owner|manager)/,
  /\b(?:manager|supervisor|human|real person)\b/,
  /\b(?:missed|skipped) (?:a |my |the |some |several )?(?:spot|area|part|section|room|window|corner)/,
  /\b(?:no[- ]show|never showed|didn't (?:show|come|finish)|did not (?:show|come|finish)|never came|forgot (?:my|our|the))\b/,
  /\bwrong (?:number|person|house|address)\b/,
  /\bwho is this\b/,
  /\bwhy (?:was|were|did|am|is|are)\b[^.?!]{0,30}\b(?:charged?|billed?|price|cost|fee)/,
  /\b(?:cracked|crack|gas smell|smell(?:s|ing)? (?:gas|smoke|burning)|carbon monoxide|emergency|urgent|flood(?:ing|ed)?|no heat|no hot water|sparks?|sparking)\b/,
  // Someone else's records, or everyone's: never this customer's to ask about.
  /\b(?:neighbou?rs?|next door|someone else'?s?|other customers?|all (?:of )?(?:your|the) customers|everyone(?:'s)?|on my street|in my building)\b/,
  /\bmy (?:wife|husband|mom|mother|dad|father|son|daughter|sister|brother|landlord|tenant|partner)'s (?:account|balance|address|invoice|visit|appointment|schedule|bill)\b/,
  /\b(?:her|his|their) (?:account|balance|address|invoice|visit|appointment|schedule|bill|number|phone)\b/,
  /\b(?:account|invoice|job|customer) (?:#|no\.? |number )?\d{2,}\b/,
  // Links a customer writes: the assistant repeats none and follows none.
  /\bhttps?:\/\/|\bwww\.|\b[a-z0-9-]+\.(?:ly|io|co|xyz|example)\/\S/,
  // What only the office does.
  /\b(?:waive|discount|set my balance|change (?:the|my) (?:price|phone|number|email|e-mail|address|rate)|mark (?:it|my|the|this)\b[^.?!]{0,25}\bpaid|credit my account|delete my account)\b/,
];

/** A visit not needed this once, read before the cues that end a service. */
const SKIP_FIRST: RegExp[] = [
  /\b(?:don't|do not|won't|will not) need (?:the|this|our|my) (?:next|upcoming|this week's|next week's|coming)\b/,
  /\b(?:don't|do not|won't|will not) need (?:\w+ )?(?:this|next) (?:week|time|visit|one)\b/,
];

const CANCEL_SERVICE: RegExp[] = [
  /\b(?:stop|end|cancel)\w* (?:the |my |our )?(?:weekly|monthly|biweekly|bi-weekly|regular|recurring|seasonal)\b/,
  /\b(?:stop|end|cancel|discontinue)\w*\b[^.?!]{0,25}\b(?:cleanings|treatments|mowings|services|visits|appointments)\b[^.?!]{0,20}\b(?:after|from now|going forward|for good|permanently|anymore|any more)\b/,
  /\bcancel\w*\b[^.?!]{0,40}\b(?:service|services|contract|plan|account|subscription|everything|membership|agreement|all (?:future )?(?:visits|appointments|services)|the rest|for good|altogether|permanently|program|maintenance plan)\b/,
  /\b(?:stop|end|discontinue|terminate|quit)\w*\b[^.?!]{0,25}\b(?:service|services|contract|plan|coming|subscription|membership|program|visits)\b/,
  /\b(?:no longer|don't|do not) (?:need|want|require)\b[^.?!]{0,30}\b(?:service|services|you|your company|lawn care|cleaning|visits)\b/,
  /\b(?:sold|selling) (?:the|our|my) (?:house|home|property)\b/,
  /\bwe(?:'re| are) moving\b/,
  /\bmoving (?:out|away)\b/,
  /\b(?:going|switching|switched) (?:with|to) (?:another|a different) (?:company|provider|service)\b/,
  /\bcancel (?:my|our|the) (?:account|service|contract)\b/,
  /\bcancel (?:service|everything|it all)\b/,
  /\bdon't come (?:back|anymore|any more)\b/,
  /\b(?:stop|quit) (?:the )?(?:service|visits)\b/,
];

const RESCHEDULE_STRONG: RegExp[] = [
  /\breschedul/,
  /\bpostpone/,
  /\b(?:move[ds]?|moving|change[ds]?|changing|switch(?:ed)?|shift(?:ed)?|push(?:ed)?|bump(?:ed)?|swap(?:ped)?)\b[^.?!]{0,30}\b(?:visit|appointment|day|date|time|it|service|to|cleaning|mow(?:ing)?|treatment|back|out|up|earlier|later|inspection)\b/,
  /\b(?:different|another|other|new|later|earlier) (?:day|date|time|week|slot|morning|afternoon)\b/,
  new RegExp(String.raw`\binstead\b`),
  /\b(?:can|could|would) (?:you|we|they|the crew|your guys|someone)\b[^.?!]{0,20}\b(?:come|do it|make it|switch|swap)\b[^.?!]{0,30}\b(?:instead|rather)\b/,
  /\b(?:any|got any|have any|what) (?:openings|availability|slots|times? available)\b/,
  /\b(?:earlier|later) (?:in the week|that week|this week|next week|in the day)\b/,
  /\b(?:none of (?:those|these|them|the times)|neither (?:of those|works?|one))\b/,
  /^neither\b/,
  /\bafter (?:the )?(?:holidays?|new year|christmas|thanksgiving)\b/,
  /\b(?:whats|what's|what is|anything) (?:open|available)\b/,
  /\b(?:doesn't|does not|won't|will not|can't|cannot) work (?:for (?:me|us))?\b[^.?!]{0,40}\b(?:can|could|how about|what about|is)\b/,
];

const SKIP: RegExp[] = [
  /\bskip\b/,
  /\b(?:won't|will not|wont|not going to|aren't going to|won't be) (?:be )?(?:home|there|around|in town|available)\b/,
  /\b(?:we'll|we will|we're|we are|i'll|i will|i'm|i am)(?: be)? (?:away|out of town|on vacation|on holiday|traveling|travelling|gone|out of the country)\b/,
  /\b(?:away|out of town|on vacation|on holiday)\b[^.?!]{0,20}\b(?:next|this|until|till|through|that)\b/,
  /\b(?:don't|do not|no need to) (?:come|send)\b[^.?!]{0,30}\b(?:this|next|on|tomorrow|today|that|week|time)\b/,
  /\bno need (?:to come|for (?:the|a) (?:visit|service|cleaning))\b/,
  /\b(?:hold off|pass on|sit out)\b/,
  new RegExp(String.raw`\bcancel\w*\b[^.?!]{0,30}\b${DAY_WORDS}`),
  new RegExp(
    String.raw`\bcancel\w* (?:my |the |our |this |next |this week's |next week's )?(?:next )?${VISIT_WORDS}\b`,
  ),
  new RegExp(String.raw`\b${DAY_WORDS}(?:'s)? (?:${VISIT_WORDS} )?(?:is )?(?:cancel\w*|off)\b`),
];

const QUOTE: RegExp[] = [
  /\bhow much (?:is|are) (?!(?:my|the|our|it|that|this|left|due|owed|i|we)\b)/,
  /\b(?:price|prices|pricing|cost|rate)\s*\??\s*$/,
  /\b(?:quote|quotes|estimate|estimates|bid|proposal)\b/,
  /\bhow much (?:would|will|does|do|to|for|is it to|would it|will it|for you)\b(?! i owe)/,
  /\b(?:price|prices|pricing|cost|rate|rates)\b[^.?!]{0,15}\b(?:for|of|on|to)\b/,
  /\bwhat (?:would|do|does) (?:it|you) (?:cost|charge)\b/,
  /\b(?:interested in|looking (?:for|into|to get)|thinking (?:about|of)|want to (?:add|get)|like to (?:add|get)|need (?:someone|somebody) to)\b/,
  /\bdo you (?:guys |all |also )?(?:do|offer|provide|handle|service|install|repair|clean)\b/,
  /\b(?:can|could) you (?:also )?(?:give me a price|price|quote)\b/,
];

const PAY_LINK: RegExp[] = [
  /\blink\b/,
  /\bpay (?:online|by card|with (?:a |my )?(?:card|credit|debit)|by credit|by debit|over the phone|electronically)\b/,
  /\b(?:credit|debit) card\b/,
  /\b(?:how|where) (?:do|can|should|could) (?:i|we) pay\b/,
  /\b(?:can|could|may) (?:i|we) pay\b/,
  /\b(?:want|like|need|ready|trying|try) to pay\b/,
  /\b(?:venmo|zelle|apple pay|google pay|paypal|ach)\b/,
  /\bpay (?:the|my|our|this|that) (?:bill|invoice|balance)\b/,
  /\b(?:send|text|email|e-mail) (?:me )?(?:the |my |a )?(?:bill|invoice)\b/,
  /\bpayment (?:portal|page|options|methods?)\b/,
];

const BALANCE: RegExp[] = [
  /\b(?:go|gone|went) through\b/,
  /\b(?:what's|what is|how much is) left\b/,
  /\bowe\b/,
  /\bowing\b/,
  /\bbalance\b/,
  /\bamount (?:due|owed|owing)\b/,
  /\bhow much (?:is|was) (?:my|the|our|it|that)\b/,
  /\bhow much (?:do|did) (?:i|we) (?:owe|have to pay|need to pay)\b/,
  /\boutstanding\b/,
  /\b(?:what's|what is) (?:due|my total|the total|the bill|my bill)\b/,
  /\b(?:any|anything) (?:due|owed|outstanding|unpaid)\b/,
  /\b(?:paid up|all paid|up to date on (?:my )?(?:bill|payments))\b/,
  /\bunpaid\b/,
  /\b(?:did|have) you (?:get|got|receive|received) (?:my|the|our) (?:payment|check|cheque)\b/,
];

const NEXT_VISIT: RegExp[] = [
  /\b(?:what day|what time|when)\b[^.?!]{0,30}\bnext\b/,
  /\bis (?:the|my|your|our)\b[^.?!]{0,25}\bcoming\b/,
  /\b(?:do i|do we) have (?:anything|something|an?\b)[^.?!]{0,25}\b(?:scheduled|booked|coming up)\b/,
  /\bwhen is it\b/,
  /^what time\b/,
  /\b(?:you're|you are|you guys are|y'all are|the crew is|crew's) (?:still )?coming\b/,
  /\b(?:is|are) (?:someone|somebody|anyone|you|you guys|y'all|the crew|your crew|the guys|your guys)\b[^.?!]{0,20}\b(?:coming|still coming|on (?:the|your|their) way)\b/,
  /\bwhen\b[^.?!]{0,40}\b(?:coming|come|here|out|back|over|arrive|arriving|scheduled|booked|next|show up|be by|stop by)\b/,
  /\b(?:when's|when is|what's|what is) (?:my|our|the) (?:next|upcoming)\b/,
  /\bnext (?:visit|appointment|service|mow(?:ing)?|cleaning|treatment|spray|inspection|time you|time your|scheduled)\b/,
  /\bwhat (?:time|day|date)\b[^.?!]{0,30}\b(?:coming|come|arrive|arriving|appointment|visit|scheduled|be here|show up|you guys|the crew|the tech)\b/,
  /\b(?:eta|on (?:the|your|their) way|still coming|running late|still on for|still scheduled|am i (?:still )?(?:on|scheduled|booked)|are (?:you|we) still on)\b/,
  /\b(?:is|are) (?:the|my|your) (?:crew|tech|technician|guys|team|cleaners|nurse)\b[^.?!]{0,20}\b(?:coming|on (?:the|their) way|still)\b/,
  /\b(?:do i|do we) have (?:an? )?(?:appointment|visit|service)\b/,
  /\b(?:appointment|visit) (?:time|date|day|details|confirmation)\b/,
  /\bconfirm (?:my|our|the) (?:appointment|visit|time)\b/,
];

const WEAK_RESCHEDULE = new RegExp(
  String.raw`\b(?:can|could|would|is it possible (?:for you )?to|possible to)\b[^.?!]{0,25}\b(?:come|do (?:it|the|my)?|make it|be here|stop by|fit (?:me|us) in)\b`,
);

const NEGATION =
  /\b(?:none|neither|no good|doesn't work|don't work|do not work|won't work|can't do|cannot do|not those|nope|no\b)/;

const ORDINALS: [RegExp, number | "last"][] = [
  [/\b(?:first|1st|option (?:1|one)|#1|number (?:1|one)|the 1)\b/, 1],
  [/\b(?:second|2nd|option (?:2|two)|#2|number (?:2|two)|the 2)\b(?!\s*(?:am|pm|:))/, 2],
  [/\b(?:third|3rd|option (?:3|three)|#3|number (?:3|three)|the 3)\b(?!\s*(?:am|pm|:))/, 3],
  [/\b(?:last|latest|final)\b/, "last"],
];

const WEEKDAY_NAMES = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** The calendar days a reply names by date ("the 14th", "dec 11", "tomorrow"), as "dec 14". */
function datesNamed(text: string, clock: { now: Date; timeZone: string } | undefined): string[] {
  const dates: string[] = [];
  for (const match of text.matchAll(/\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? (\d{1,2})\b/g))
    dates.push(`${match[1]} ${Number(match[2])}`);
  const ordinalDays = [...text.matchAll(/\b(\d{1,2})(?:st|nd|rd|th)\b/g)].map((match) => Number(match[1]));
  if (clock) {
    const today = dayInTimeZone(clock.now, clock.timeZone);
    const said = (day: string) => `${MONTHS[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`;
    if (/\btoday\b/.test(text)) dates.push(said(today));
    if (/\btomorrow\b/.test(text)) dates.push(said(addDays(today, 1)));
  }
  return [...dates, ...ordinalDays.map((day) => `* ${day}`)];
}

/**
 * Which offered time a reply picks: by its number, or (in a reply that asks nothing else) by its place, day, date,
 * hour or the crew or person named with it; null when it picks none, or two equally.
 */
export function readPick(
  text: string,
  offered: readonly string[],
  clock?: { now: Date; timeZone: string },
): number | null {
  if (offered.length === 0) return null;
  const bare =
    /^\s*(?:#|option |number )?([1-9])\s*[.!)]?\s*(?:please|pls|thanks|thank you|works|is good|is fine)?[.!]?\s*$/.exec(
      text,
    );
  if (bare) {
    const n = Number(bare[1]);
    return n >= 1 && n <= offered.length ? n : null;
  }
  if (NEGATION.test(text) && !/\b(?:no problem|no worries)\b/.test(text)) return null;
  // "what's my balance first?", "the 3:30 but on thursday instead": a reply that asks for something else picks nothing.
  if (/\b(?:balance|owe|pay|link|quote|estimate|price|cancel|instead|rather|but|skip)\b/.test(text)) return null;
  const labels = offered.map((label) => label.toLowerCase());
  const byDay = WEEKDAY_NAMES.map((day) => ({ day, short: day.slice(0, 3) })).filter(({ day }) =>
    new RegExp(String.raw`\b${day}\b`).test(text),
  );
  const dates = datesNamed(text, clock);
  const byHour = [...text.matchAll(/\b(\d{1,2})(?::(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?(?!\d|st|nd|rd|th)\b/g)]
    .map((match) => ({ hour: Number(match[1]), minute: match[2] ?? "00", meridiem: match[3]?.[0] ?? null }))
    .filter((time) => time.hour >= 1 && time.hour <= 12);
  const partOfDay = /\bmornings?\b/.test(text) ? "am" : /\b(?:afternoon|evening)s?\b/.test(text) ? "pm" : null;
  const matches = labels
    .map((label, i) => {
      let score = 0;
      if (byDay.some(({ short }) => new RegExp(String.raw`\b${short}`).test(label))) score += 2;
      for (const date of dates) {
        const [month, day] = date.split(" ");
        const pattern = month === "*" ? String.raw`\b[a-z]{3} ${day}\b` : String.raw`\b${month} ${day}\b`;
        if (new RegExp(pattern).test(label)) score += 2;
      }
      for (const time of byHour) {
        const clockWords = `${time.hour}:${time.minute}`;
        if (label.includes(clockWords) && (!time.meridiem || label.includes(`${clockWords} ${time.meridiem}`)))
          score += 3;
      }
      if (partOfDay && new RegExp(String.raw`:\d\d ${partOfDay}`).test(label)) score += 1;
      const who = /\(([^)]+)\)/.exec(label)?.[1];
      if (who && new RegExp(String.raw`\b${who.replace(/[^a-z0-9 ]/g, "")}\b`).test(text)) score += 2;
      return { option: i + 1, score };
    })
    .filter((match) => match.score > 0)
    .sort((a, b) => b.score - a.score);
  if (matches.length === 0) {
    for (const [pattern, n] of ORDINALS) {
      if (!pattern.test(text)) continue;
      const option = n === "last" ? offered.length : n;
      if (option <= offered.length) return option;
    }
    if (/\b(?:earliest|soonest|first available|asap)\b/.test(text)) return 1;
    if (/\b(?:either|any|whichever|whatever|both)\b[^.?!]{0,20}\b(?:works|fine|good|ok|is good)\b/.test(text)) return 1;
    if (/^(?:yes|yep|yeah|sure|ok|that works|sounds good|perfect|great)\b/.test(text) && offered.length === 1) return 1;
    return null;
  }
  if (matches.length > 1 && matches[0]!.score === matches[1]!.score) return null;
  return matches[0]!.option;
}

/** The service a quote asks for: the words after "for", "on" or "to get", or the thing named before "quote". */
export function readService(text: string): string | null {
  const cleaned = text.replace(/[!?.,;:]+/g, " . ");
  const patterns = [
    /\b(?:quote|estimate|price|pricing|bid|cost|prices|proposal)s? (?:for|on|to|of) (?:a |an |the |some |my |our |getting |having )?([a-z][a-z0-9' -]{2,40}?)(?= \.|$| please| asap| when| next| this| at| too| as well| sometime| if| and| of (?:a|an|my|our|the)\b| cost\b| be\b| run\b)/,
    /\b(?:interested in|looking (?:for|into|to get)|thinking (?:about|of)|want to (?:add|get)|like to (?:add|get)|need (?:someone|somebody) to|do you (?:guys |all |also )?(?:do|offer|provide|handle|service|install|repair|clean)) (?:a |an |the |some |my |our |getting |having )?([a-z][a-z0-9' -]{2,40}?)(?= \.|$| please| asap| when| next| this| at| too| as well| sometime| if| and| of (?:a|an|my|our|the)\b| cost\b| be\b| run\b)/,
    /\b(?:how much|what) (?:would|will|does|do) (?:it|you) (?:cost|charge) (?:to|for) (?:a |an |the |some |my |our |get |have )?([a-z][a-z0-9' -]{2,40}?)(?= \.|$| please| asap| when| next| this| at| too| as well| if| and| of (?:a|an|my|our|the)\b| cost\b| be\b| run\b)/,
    /\bhow much (?:for|to|is|are) (?:a |an |the |some |my |our |get |have )?([a-z][a-z0-9' -]{2,40}?)(?= \.|$| please| asap| when| next| this| at| too| as well| if| and| of (?:a|an|my|our|the)\b| cost\b| be\b| run\b)/,
    /\bhow much (?:would|will|does|do|is|are) (?:a |an |the |my |our )?([a-z][a-z0-9' -]{2,40}?) (?:cost|be|run)\b/,
    /^([a-z][a-z0-9' -]{2,40}?) (?:price|cost|pricing|quote|estimate)\b/,
    /\b(?:a |an )?([a-z][a-z' -]{2,30}?) (?:quote|estimate)\b/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(cleaned);
    const words = match?.[1]
      ?.trim()
      .replace(/^(?:(?:a|an|the|some|my|our|get|getting|have|having)\s+)+/, "")
      .replace(/\s+(?:done|installed|service(?:d)?|please)$/, "");
    if (
      words &&
      !/^(?:i|you|it|that|this|me|need|want|get|like|a|an|the)$/.test(words) &&
      !/\b(?:you|me|i)\b/.test(words)
    )
      return words;
  }
  return null;
}

/**
 * Reads a customer's message: what they ask (one intent), and the day, service or offered time it names. A parser of
 * cues, in an order that settles words belonging to two intents by what the person wants: a complaint or dispute is the
 * office's ("I paid yesterday, why do I still owe"), a service ended before a visit skipped, a visit moved before one
 * skipped ("cancel thursday, can you come friday instead").
 */
export function readCustomerMessage(raw: string, context: ReadingContext): CustomerMessageReading {
  const text = normalizeCustomerMessage(raw);
  const none = HANDOFF_READING;
  if (text === "") return none;
  if (context.offered && context.offered.length > 0) {
    const option = readPick(text, context.offered, context);
    if (option !== null) return { ...none, intent: "pick", option };
  }
  if (FOR_A_PERSON.some((pattern) => has(text, pattern))) return none;
  if (SKIP_FIRST.some((pattern) => has(text, pattern))) return { ...none, intent: "skip" };
  if (CANCEL_SERVICE.some((pattern) => has(text, pattern)) && !has(text, /\binstead\b/)) {
    return { ...none, intent: "cancel_service" };
  }
  const when = readWhens(text, context.now, context.timeZone);
  // The day a reschedule asks for is the last one named ("move thursday's visit to friday").
  // "later in the week" names a week, not a day to book.
  // "a few days" is no day either; "instead of friday" names the day the visit leaves, not where it goes.
  const namesNoDay = (span: (typeof when.spans)[number]) => {
    const words = when.text.slice(span.index, span.end);
    if (span.vague || /\b(?:few|couple|several)\b/.test(words)) return true;
    if (/\b(?:instead of|rather than|in place of|from|not)\s*$/.test(when.text.slice(0, span.index))) return true;
    if (
      !/(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d|today|tomorrow|tonight|morning|afternoon|evening|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/.test(
        words,
      )
    )
      return true;
    return /\bweek\b/.test(words) && !/day|\d/.test(words);
  };
  const target =
    [...when.spans].reverse().find((span) => !span.possessive && span.day !== null && !namesNoDay(span)) ?? null;
  const timeOnly = when.spans.find((span) => span.time !== null) ?? null;
  const reschedule = (): CustomerMessageReading => ({
    ...none,
    intent: "reschedule",
    day: target ? target.day : null,
    partOfDay: target?.partOfDay ?? partOfDayIn(text),
    time: target?.time ?? timeOnly?.time ?? null,
  });
  const mentionsVisitOrDay = has(text, new RegExp(String.raw`\b${VISIT_WORDS}\b`)) || when.spans.length > 0;
  const strongCues = RESCHEDULE_STRONG.filter((pattern) => has(text, pattern));
  const onlyInstead = strongCues.length === 1 && strongCues[0]!.source === String.raw`\binstead\b`;
  if (strongCues.length > 0 && (mentionsVisitOrDay || !onlyInstead)) {
    if (!has(text, /\b(?:pay|link|card|invoice|bill)\b/) || has(text, /\breschedul|\bpostpone/)) return reschedule();
  }
  if (SKIP.some((pattern) => has(text, pattern))) return { ...none, intent: "skip" };
  const balanceAsked = BALANCE.some((pattern) => has(text, pattern));
  if (QUOTE.some((pattern) => has(text, pattern)) && !balanceAsked) {
    return { ...none, intent: "quote", service: readService(text) };
  }
  if (PAY_LINK.some((pattern) => has(text, pattern))) return { ...none, intent: "pay_link" };
  if (balanceAsked) return { ...none, intent: "balance" };
  if (NEXT_VISIT.some((pattern) => has(text, pattern))) {
    // "can you come thursday?" names a day to come on: a move, not a question about the visit booked.
    if (target && has(text, WEAK_RESCHEDULE)) return reschedule();
    return { ...none, intent: "next_visit" };
  }
  if (target && has(text, WEAK_RESCHEDULE)) return reschedule();
  return none;
}

function partOfDayIn(text: string): PartOfDay | null {
  if (/\bmornings?\b/.test(text)) return "morning";
  if (/\bafternoons?\b/.test(text)) return "afternoon";
  if (/\bevenings?\b/.test(text)) return "evening";
  return null;
}
