import { readCustomerMessage } from "../read-customer-message.ts";
import type { CustomerMessageRow } from "./customer-messages.golden.ts";

/** "Now" for every golden row: Monday 2026-12-07, 10:00 in America/Denver. */
export const GOLDEN_MOMENT = { now: new Date("2026-12-07T17:00:00Z"), timeZone: "America/Denver" } as const;

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/**
 * A quote's service is right when the reader kept the words that name it: at least half of the row's, and nothing it
 * took from elsewhere in the message outnumbers them (the office reads it on the lead).
 */
function sameService(expected: string, got: string | null): boolean {
  if (!got) return false;
  const want = new Set(words(expected));
  const have = words(got);
  const shared = have.filter((word) => want.has(word)).length;
  return shared * 2 >= want.size && shared * 2 >= have.length;
}

/** Whether the reader reads the row as written, and what it read. */
export function judgeCustomerReading(row: CustomerMessageRow): { right: boolean; got: string } {
  const reading = readCustomerMessage(row.text, {
    ...GOLDEN_MOMENT,
    ...(row.context ? { offered: row.context.offered } : {}),
  });
  const problems: string[] = [];
  if (reading.intent !== row.intent) problems.push(`intent ${reading.intent}`);
  else if (row.intent === "reschedule") {
    if (row.day !== undefined && reading.day !== row.day) problems.push(`day ${reading.day}`);
    if (row.partOfDay && reading.partOfDay !== row.partOfDay && !reading.time)
      problems.push(`part ${reading.partOfDay}`);
  } else if (row.intent === "pick" && reading.option !== row.option) problems.push(`option ${reading.option}`);
  else if (row.intent === "quote" && row.service && !sameService(row.service, reading.service))
    problems.push(`service ${JSON.stringify(reading.service)}`);
  return { right: problems.length === 0, got: problems.join(", ") || reading.intent };
}
