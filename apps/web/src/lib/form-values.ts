import { z } from "zod";
import { zonedWallClockToUtc } from "@fieldops/shared/company-time";

/**
 * How a form's fields are typed when the API takes another type. Register options (`setValueAs`) turn what a control
 * holds into the value the API's own schema checks; schema pieces take the text and hand it to the API's rule for the
 * field. Either way a form states no rule of its own.
 */

const isBlank = (value: string | number | null | undefined) =>
  value === null || value === undefined || (typeof value === "string" && value.trim() === "");

/** Register options: a field left blank is no value at all (null), not an empty text. */
export const blankIsNull = { setValueAs: (value: string | null) => (isBlank(value) ? null : value) };

/** Register options: a field left blank is left out of the request (undefined), not an empty text. */
export const blankIsUndefined = { setValueAs: (value: string | undefined) => (isBlank(value) ? undefined : value) };

/** Register options: a number typed as text; blank is missing ("is required" where the API's rule requires it). */
export const numberOrMissing = {
  setValueAs: (value: string | number | undefined) => (isBlank(value) ? undefined : Number(value)),
};

/** Register options: a number typed as text; blank is no value (null). */
export const numberOrNull = {
  setValueAs: (value: string | number | null) => (isBlank(value) ? null : Number(value)),
};

/**
 * A text or a choice left blank is missing ("is required" where the API's rule requires it). Here and below, the
 * rule's input is widened to take the missing value: it reaches the rule, which reports it.
 */
export function blankIsMissing<Output>(rule: z.ZodType<Output, string>) {
  return z
    .string()
    .transform((value) => (value.trim() === "" ? undefined : value))
    .pipe(rule as z.ZodType<Output, string | undefined>);
}

/**
 * A list of the form's rows (typed as the form holds them), held to the API's rules for the list itself: its length
 * checks, taken from `rule`, whatever its rows are.
 */
export function rowsOf<Row extends z.ZodType>(row: Row, rule: z.ZodArray) {
  return z.array(row).check(...((rule.def.checks ?? []) as z.core.$ZodCheck<z.output<Row>[]>[]));
}

/** "mowing, Irrigation ," → ["mowing", "Irrigation"]. */
function splitCommaList(line: string): string[] {
  return line
    .split(",")
    .map((item) => item.trim())
    .filter((item) => item !== "");
}

/** A list typed as one line of comma-separated words, checked by the API's rule for the list. */
export function commaList<Output>(rule: z.ZodType<Output, string[]>) {
  return z.string().transform(splitCommaList).pipe(rule);
}

/**
 * A number typed as text, checked by the API's rule for it. Blank is missing ("is required"), or `blank` where the form
 * reads a blank as a value (a line's tax rate left empty is none: null).
 */
export function numberFromText<Output>(rule: z.ZodType<Output, number | null | undefined>, blank?: number | null) {
  return z
    .string()
    .transform((value): number | null | undefined => (value.trim() === "" ? blank : Number(value)))
    .pipe(rule);
}

const DOLLARS = /^\d+(\.\d{1,2})?$/;

/** "12.50" → 1250 cents; null when not dollars and cents. */
export function parseDollars(text: string): number | null {
  return DOLLARS.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : null;
}

/**
 * An amount of cents typed in dollars ("120.00"), checked by the API's rule for the cents. Blank is missing, or `blank`
 * where the form reads a blank as an amount (a discount left empty is none: 0).
 */
export function centsFromDollars<Output>(rule: z.ZodType<Output, number | undefined>, blank?: number) {
  return z
    .string()
    .transform((value, context): number | undefined => {
      if (value.trim() === "") return blank;
      const cents = parseDollars(value);
      if (cents !== null) return cents;
      context.addIssue({ code: "custom", message: "must be dollars and cents, e.g. 120.00" });
      return z.NEVER;
    })
    .pipe(rule);
}

/**
 * A rate typed as a percentage ("8.25"), checked by the API's rule for it in basis points (825), whose bounds are
 * named back as percentages ("must be at most 100"). Blank is missing, or `blank` (a tax rate left empty is 0).
 */
export function basisPointsFromPercent<Output>(rule: z.ZodType<Output, number | undefined>, blank?: number) {
  return z.string().transform((value, context): Output => {
    // A percentage has the form of dollars and cents: hundredths.
    const basisPoints = value.trim() === "" ? blank : parseDollars(value);
    if (basisPoints === null) {
      context.addIssue({ code: "custom", message: "must be a percentage, e.g. 8.25" });
      return z.NEVER;
    }
    const checked = rule.safeParse(basisPoints);
    if (checked.success) return checked.data;
    for (const issue of checked.error.issues)
      context.addIssue({
        code: "custom",
        message:
          issue.code === "too_big"
            ? `must be at most ${Number(issue.maximum) / 100}`
            : issue.code === "too_small"
              ? `must be at least ${Number(issue.minimum) / 100}`
              : issue.message,
      });
    return z.NEVER;
  });
}

/** A `datetime-local` value read on the company's wall clock, as an ISO instant (as typed when it reads as none). */
export function companyLocalToIso(value: string, timeZone: string): string {
  const [date = "", time = "00:00"] = value.split("T");
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const instant = zonedWallClockToUtc(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, hh ?? 0, mm ?? 0), timeZone);
  return Number.isNaN(instant.getTime()) ? value : instant.toISOString();
}
