import { z } from "zod";

/**
 * Zod's own messages read as code ("Too small: expected string to have >=1 characters"). These read as the app's
 * sentences: a rule a schema states without a message of its own becomes a predicate without its subject ("must be at
 * most 100 characters"), which `fieldSentence` completes with the field's name. A schema's own message ("Street is
 * required", the spec's "Slug must be at least 3 characters long") is a whole sentence and is kept as written.
 */
export const validationMessages: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case "invalid_type":
      return issue.input === undefined || issue.input === null ? "is required" : `must be ${article(issue.expected)}`;
    case "too_small":
      return tooSmall(issue.origin, Number(issue.minimum), issue.inclusive !== false, issue.exact === true);
    case "too_big":
      return tooBig(issue.origin, Number(issue.maximum), issue.inclusive !== false, issue.exact === true);
    case "invalid_format":
      return FORMAT_PREDICATES[issue.format] ?? "is not in the expected format";
    case "not_multiple_of":
      return `must be a multiple of ${String(issue.divisor)}`;
    case "invalid_value":
      return issue.values.length === 1
        ? `must be ${JSON.stringify(issue.values[0])}`
        : `must be one of ${issue.values.map((value) => JSON.stringify(value)).join(", ")}`;
    case "unrecognized_keys":
      return `has ${issue.keys.length === 1 ? "a field" : "fields"} this request does not take: ${issue.keys.join(", ")}`;
    default:
      return "is not valid";
  }
};

const FORMAT_PREDICATES: Partial<Record<string, string>> = {
  email: "must be an e-mail address",
  url: "must be a web address",
  uuid: "must be an id",
  guid: "must be an id",
  datetime: "must be a date and time",
  date: "must be a date (YYYY-MM-DD)",
  time: "must be a time (HH:MM)",
  regex: "is not in the expected format",
};

function article(expected: string): string {
  const noun = expected === "int" ? "whole number" : expected === "array" ? "list" : expected;
  return /^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`;
}

function tooSmall(origin: string, minimum: number, inclusive: boolean, exact: boolean): string {
  if (origin === "string") {
    if (minimum <= 1 && inclusive) return "is required";
    return exact ? `must be exactly ${count(minimum, "character")}` : `must be at least ${count(minimum, "character")}`;
  }
  if (origin === "array" || origin === "set") return `must have at least ${count(minimum, "item")}`;
  if (origin === "date") return `must be on or after ${new Date(minimum).toISOString()}`;
  return inclusive ? `must be at least ${minimum}` : `must be more than ${minimum}`;
}

function tooBig(origin: string, maximum: number, inclusive: boolean, exact: boolean): string {
  if (origin === "string")
    return exact ? `must be exactly ${count(maximum, "character")}` : `must be at most ${count(maximum, "character")}`;
  if (origin === "array" || origin === "set") return `must have at most ${count(maximum, "item")}`;
  if (origin === "date") return `must be on or before ${new Date(maximum).toISOString()}`;
  return inclusive ? `must be at most ${maximum}` : `must be less than ${maximum}`;
}

const count = (n: number, noun: string) => `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;

/** Makes the app's sentences the messages of every zod schema in this process (the API's, the browser's). */
export function installValidationMessages(): void {
  z.config({ customError: validationMessages });
}

/**
 * The sentence a person reads for one problem with one field, from its path (`["properties", "0", "street"]`) and its
 * message: "Property 1: Street is required", "Name must be at most 100 characters". A message that starts with a
 * capital is a sentence of its own and keeps its words.
 */
export function fieldSentence(path: readonly (string | number)[], message: string): string {
  const segments = path.map(String);
  const isIndex = (segment: string | undefined) => segment !== undefined && /^\d+$/.test(segment);
  // A list's key followed by a position names one element: "Property 1".
  const named: string[] = [];
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    if (isIndex(segment)) continue;
    const position = segments[index + 1];
    named.push(
      isIndex(position)
        ? `${capitalize(singular(words(segment)))} ${Number(position) + 1}`
        : capitalize(words(segment)),
    );
  }
  const sentence = sentenceAbout(named.pop() ?? "This value", message);
  return named.length > 0 ? `${named.join(", ")}: ${sentence}` : sentence;
}

/**
 * A message about one thing named as a person reads it (a form's label): "Gate code" and "must be at most 50
 * characters" make "Gate code must be at most 50 characters"; a message that is already a sentence stays as written.
 */
export function sentenceAbout(subject: string, message: string): string {
  return /^[a-z]/.test(message) ? `${subject} ${message}` : message;
}

/** `primaryColor` → "primary color", `gate_code` → "gate code". */
function words(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replaceAll("_", " ")
    .toLowerCase();
}

function singular(noun: string): string {
  if (noun.endsWith("ies")) return `${noun.slice(0, -3)}y`;
  if (noun.endsWith("sses")) return noun.slice(0, -2);
  if (noun.endsWith("s") && !noun.endsWith("ss")) return noun.slice(0, -1);
  return noun;
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
