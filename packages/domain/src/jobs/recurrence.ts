import { createRequire } from "node:module";
import { utcToZonedWallClock, zonedWallClockToUtc } from "@fieldops/shared/company-time";
import { MAX_VISITS_PER_HORIZON } from "@fieldops/shared/jobs";
import { invalidInput } from "../errors.ts";

// rrule ships CommonJS for Node and an ESM build without an `exports` map that Node cannot load by name.
const { RRule } = createRequire(import.meta.url)("rrule") as typeof import("rrule");
type RRuleOptions = ReturnType<typeof RRule.parseString>;

/**
 * Checks an RFC 5545 rule (without DTSTART) and gives its options. Rules finer than daily are refused: a visit
 * an hour would fill the horizon with thousands of visits.
 */
export function parseRecurrenceRule(rule: string): RRuleOptions {
  const body = rule.replace(/^RRULE:/i, "");
  let options: RRuleOptions;
  try {
    options = RRule.parseString(body);
  } catch (error) {
    throw invalidInput(`The recurrence rule is not valid: ${(error as Error).message}`, "recurrence.rule");
  }
  if (options.freq === undefined) throw invalidInput("The recurrence rule needs a FREQ", "recurrence.rule");
  if (options.freq > RRule.DAILY) throw invalidInput("A recurrence can repeat at most daily", "recurrence.rule");
  if (options.dtstart || options.tzid) {
    throw invalidInput(
      "Give the first visit's start separately, not as DTSTART or TZID in the rule",
      "recurrence.rule",
    );
  }
  return options;
}

/** The rule as stored: its canonical text. */
export function normalizeRecurrenceRule(rule: string): string {
  return RRule.optionsToString(parseRecurrenceRule(rule)).replace(/^RRULE:/, "");
}

/**
 * The occurrences of a rule starting at `start`, after `after` and up to `until`, at most MAX_VISITS_PER_HORIZON.
 * The rule is expanded on the company's wall clock, so 9:00 every Monday stays 9:00 across daylight-saving changes.
 */
export function occurrencesBetween(rule: string, start: Date, timeZone: string, after: Date, until: Date): Date[] {
  const options = parseRecurrenceRule(rule);
  const wall = new RRule({ ...options, dtstart: new Date(utcToZonedWallClock(start, timeZone)) });
  const wallAfter = new Date(utcToZonedWallClock(after, timeZone) - 36 * 3600_000);
  const wallUntil = new Date(utcToZonedWallClock(until, timeZone) + 36 * 3600_000);
  const result: Date[] = [];
  wall.between(wallAfter, wallUntil, true, (occurrence) => {
    const at = zonedWallClockToUtc(occurrence.getTime(), timeZone);
    if (at > after && at <= until) result.push(at);
    return result.length < MAX_VISITS_PER_HORIZON;
  });
  return result;
}
