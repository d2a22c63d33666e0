/** How far a client's clock may be from ours before its timestamp is replaced by the time of arrival. */
export const MAX_CLOCK_SKEW_MS = 24 * 3600 * 1000;

/** When a client says something happened: its timestamp when its clock is near ours, else the time of arrival. */
export function occurredAt(timestamp: number | string | undefined, now: number = Date.now()): Date {
  const claimed = timestamp === undefined ? now : new Date(timestamp).getTime();
  return new Date(Math.abs(claimed - now) <= MAX_CLOCK_SKEW_MS ? claimed : now);
}

/** Who sent a piece of telemetry, as the session says (never the body): nobody for a signed-out visitor. */
export interface TelemetrySender {
  companyId: string | null;
  userId: string | null;
}
