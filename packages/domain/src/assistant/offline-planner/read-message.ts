import { editDistance, typoAllowance } from "./fuzzy-match.ts";

/** The words the planner's rules look for; a message's word within a typo of one of them is read as it. */
const VOCABULARY = [
  "appointment",
  "appointments",
  "assign",
  "book",
  "bring",
  "build",
  "calendar",
  "client",
  "clients",
  "communication",
  "communications",
  "configure",
  "connect",
  "create",
  "crew",
  "crews",
  "customer",
  "customers",
  "dashboard",
  "export",
  "feature",
  "find",
  "help",
  "hipaa",
  "home",
  "income",
  "integrate",
  "invoiced",
  "integration",
  "integrations",
  "invoice",
  "invoices",
  "job",
  "jobs",
  "link",
  "month",
  "navigate",
  "notification",
  "notifications",
  "open",
  "optimise",
  "optimize",
  "outstanding",
  "overdue",
  "page",
  "patient",
  "patients",
  "payment",
  "payments",
  "please",
  "quickbooks",
  "reminder",
  "reminders",
  "remind",
  "revenue",
  "route",
  "routes",
  "schedule",
  "search",
  "settings",
  "show",
  "stripe",
  "takings",
  "team",
  "teams",
  "technicians",
  "today",
  "tomorrow",
  "twilio",
  "unpaid",
  "visit",
  "visits",
  "week",
  "yesterday",
];
/** Everyday words a typo away from a known word, kept as they are ("look up" is not "book up"). */
const COMMON_WORDS = [
  "come",
  "cook",
  "done",
  "fine",
  "give",
  "have",
  "held",
  "hook",
  "hope",
  "kind",
  "like",
  "line",
  "live",
  "look",
  "lookup",
  "mind",
  "reschedule",
  "rescheduled",
  "unschedule",
  "more",
  "move",
  "none",
  "seek",
  "some",
  "take",
  "that",
  "them",
  "then",
  "this",
  "took",
  "want",
  "weak",
  "what",
  "when",
  "wish",
  "with",
  "work",
  "would",
  "team",
  "shop",
  "ring",
  "sow",
  "spend",
  "visitor",
];
const VOCABULARY_SET = new Set([...VOCABULARY, ...COMMON_WORDS]);

/** A word as the rules read it: lower case, and a typo of a known word read as that word. */
export function correctedWord(word: string): string {
  return correct(word.toLowerCase().replace(/[^a-z]/g, ""));
}

function correct(word: string): string {
  if (VOCABULARY_SET.has(word) || word.length < 4) return word;
  let best = word;
  let bestDistance = typoAllowance(word.length) + 1;
  for (const candidate of VOCABULARY) {
    if (Math.abs(candidate.length - word.length) >= bestDistance) continue;
    const distance = editDistance(word, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Office shorthand written out, so every rule reads one spelling: "w/ crew b", "pd 1032", "phone #", "# of jobs". */
const SHORTHAND: [RegExp, string][] = [
  [/\bw\/\s*/gi, "with "],
  [/\bw\s+(?=(?:crew|team)\b)/gi, "with "],
  [
    /\b(?:u|ya)\b(?=\s+(?:get|send|book|schedule|put|move|push|pull|show|tell|give|add|make|do|check|see|find))/gi,
    "you",
  ],
  [/\b(?:pls|plz)\b/gi, "please"],
  [/\bw\/o\b/gi, "without"],
  [/\bpd\b/gi, "paid"],
  [/\b(?:phone|ph|tel|cell)\s*(?:#|no\.?)(?=\s|$)/gi, "phone number"],
  [/(?:^|\s)#\s*of\b/gi, " number of"],
  [/\bappts?\b/gi, "appointment"],
  [/\binv\.?\s*(?=#?\d)/gi, "invoice "],
];

export function writtenOut(raw: string): string {
  return SHORTHAND.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), raw).trim();
}

/** A message as the rules read it: lower case, punctuation gone, typos of known words corrected. */
export type ReadMessage = {
  raw: string;
  /** The corrected words joined by single spaces, padded with a space on each side for whole-word matching. */
  text: string;
  words: readonly string[];
};

export function readMessage(raw: string): ReadMessage {
  const words = raw
    .toLowerCase()
    .replace(/[’']/g, "")
    .split(/[^a-z0-9/]+/)
    .filter((word) => word !== "")
    .map(correct);
  return { raw, words, text: ` ${words.join(" ")} ` };
}

/** Whether the message holds any of the phrases as whole words (a phrase is words separated by single spaces). */
export function mentions(message: ReadMessage, ...phrases: string[]): boolean {
  return phrases.some((phrase) => message.text.includes(` ${phrase} `));
}

/** The raw text after the first word that reads as one of `verbs` (typos allowed), or null when none does. */
export function textAfter(raw: string, verbs: readonly string[]): string | null {
  const parts = raw.split(/(\s+)/);
  for (let i = 0; i < parts.length; i++) {
    const word = parts[i]!.toLowerCase().replace(/[^a-z]/g, "");
    if (word !== "" && verbs.includes(correct(word)))
      return parts
        .slice(i + 1)
        .join("")
        .trim();
  }
  return null;
}
