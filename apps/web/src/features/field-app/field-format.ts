import { dayInTimeZone, formatCompanyDay } from "@fieldops/shared/company-time";
import type { FieldVisit } from "@fieldops/shared/field-app";

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** "9:30 AM" in the company's time zone. */
export function formatClock(iso: string, timeZone: string): string {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat(undefined, { hour: "numeric", minute: "2-digit", timeZone });
    timeFormats.set(timeZone, format);
  }
  return format.format(new Date(iso));
}

/** When the crew is expected: the promised window around the start, else the scheduled start. */
export function arrivalText(visit: FieldVisit, timeZone: string): string {
  if (!visit.scheduledStart) return "No time set";
  const start = new Date(visit.scheduledStart).getTime();
  if (visit.arrivalWindowMinutes === null) return `Arrive ${formatClock(visit.scheduledStart, timeZone)}`;
  const spread = visit.arrivalWindowMinutes * 60_000;
  const from = new Date(start - spread).toISOString();
  const to = new Date(start + spread).toISOString();
  return `Arrive ${formatClock(from, timeZone)} – ${formatClock(to, timeZone)}`;
}

/** "1 h 5 min", "25 min". */
export function formatDuration(milliseconds: number): string {
  const minutes = Math.max(0, Math.round(milliseconds / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** The day a visit falls on, in the company's calendar. */
export const visitDay = (visit: FieldVisit, timeZone: string) =>
  visit.scheduledStart ? dayInTimeZone(new Date(visit.scheduledStart), timeZone) : null;

/** "Today", "Tomorrow" or the day in words. */
export function dayTitle(day: string, today: string, tomorrow: string): string {
  if (day === today) return "Today";
  if (day === tomorrow) return "Tomorrow";
  return formatCompanyDay(day);
}

/** A link the phone opens in its maps app: the point when the address was located, else the address searched. */
export function mapsLink(property: NonNullable<FieldVisit["property"]>): string {
  const query =
    property.latitude !== null && property.longitude !== null
      ? `${property.latitude},${property.longitude}`
      : property.address;
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
