import { z } from "zod";

/** With the `u` flag a valid surrogate pair is one code point, so `\p{Cs}` matches only unpaired surrogates. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** A predicate, completed with the field's name where it is shown ("Name contains a character …"). */
export const UNSTORABLE_TEXT_MESSAGE = "contains a character that cannot be stored (NUL or an unpaired surrogate)";

/**
 * True when PostgreSQL can store the string as it is: text and jsonb cannot hold NUL, and a UTF-16 surrogate
 * without its pair has no UTF-8 form (the driver would store U+FFFD instead, jsonb refuses it outright).
 */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !UNPAIRED_SURROGATE.test(value);
}

export interface TextOptions {
  /** The longest accepted value, counted after trimming. Every string a client sends has one. */
  max: number;
  /** Remove surrounding whitespace before the other checks (names, e-mails); not for secrets or paths. */
  trim?: boolean;
}

/**
 * The schema of every string a client sends: refuses what PostgreSQL cannot store, bounded in length. Chain `.min()`,
 * `.email()`, `.regex()` and the like for the field's own rules; the error names the field in the error handler.
 */
export function text({ max, trim = false }: TextOptions) {
  return (trim ? z.string().trim() : z.string()).max(max).refine(isStorableText, UNSTORABLE_TEXT_MESSAGE);
}
