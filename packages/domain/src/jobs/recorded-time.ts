import { OFFLINE_ACTION_MAX_AGE_DAYS } from "@fieldops/shared/jobs";
import { invalidInput } from "../errors.ts";

/** A minute of a phone's clock running ahead is not a time in the future. */
const CLOCK_DRIFT_MS = 60_000;

/**
 * A time a device recorded without a connection and sent later (the field app's queue): never in the future (a phone
 * running a little ahead is brought back to now), never older than the queue keeps.
 */
export function recordedTime(iso: string, now: Date, field: string): Date {
  const at = new Date(iso);
  if (at.getTime() > now.getTime() + CLOCK_DRIFT_MS) throw invalidInput("That time is in the future", field);
  if (at.getTime() < now.getTime() - OFFLINE_ACTION_MAX_AGE_DAYS * 86_400_000) {
    throw invalidInput(`That time is more than ${OFFLINE_ACTION_MAX_AGE_DAYS} days ago`, field);
  }
  return at > now ? now : at;
}
