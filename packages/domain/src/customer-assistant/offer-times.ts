import type { TenantTransaction } from "@fieldops/db";
import { addDays, dayInTimeZone, utcToZonedWallClock, weekdayOf } from "@fieldops/shared/company-time";
import type { OfferedSlot } from "@fieldops/shared/customer-assistant";
import type { BestSlot } from "@fieldops/shared/dispatch";
import type { PartOfDay } from "../assistant/offline-planner/parse-when.ts";
import { DomainError } from "../errors.ts";
import { findBestSlots } from "../dispatch/find-best-slots.ts";
import { hasRouteOptimization } from "../dispatch/route-plan-access.ts";

/** How many times one answer offers, and how many days it looks through for them. */
export const TIMES_OFFERED = 3;
const DAYS_SEARCHED = 6;

/** The hours of the company's day a part of it covers. */
const PART_HOURS: Record<PartOfDay, [number, number]> = { morning: [0, 12], afternoon: [12, 17], evening: [17, 24] };

function hourIn(at: Date, timeZone: string): number {
  return new Date(utcToZonedWallClock(at, timeZone)).getUTCHours();
}

/** "Thu Dec 10, 9:00 AM (Crew A)": a time as the customer reads it and answers it. */
export function slotLabel(slot: { start: string; crewName: string | null }, timeZone: string): string {
  const at = new Date(slot.start);
  const day = at.toLocaleDateString("en-US", { timeZone, weekday: "short", month: "short", day: "numeric" });
  const time = at.toLocaleTimeString("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
  return `${day}, ${time}${slot.crewName ? ` (${slot.crewName})` : ""}`;
}

/**
 * Free times for a visit the customer asked to move: from the route optimizer's best-slot search (crews' hours, skills
 * and routes; nothing else booked then), on the day asked for (in the part of it, or near the hour, said), else on the
 * next working days. None when the plan has no route optimization or the visit has no location: the office answers.
 */
export async function offerTimes(
  tx: TenantTransaction,
  input: {
    visitId: string;
    currentStart: Date;
    day: string | null;
    partOfDay: PartOfDay | null;
    hour: number | null;
    timeZone: string;
    now: Date;
    osrmUrl?: string | undefined;
  },
): Promise<OfferedSlot[]> {
  if (!(await hasRouteOptimization(tx))) return [];
  const today = dayInTimeZone(input.now, input.timeZone);
  const first = input.day && input.day >= today ? input.day : addDays(today, 1);
  const offered: OfferedSlot[] = [];
  for (let i = 0; i < DAYS_SEARCHED && offered.length < TIMES_OFFERED; i++) {
    const date = addDays(first, i);
    if (input.day === null && weekdayOf(date) === 0) continue;
    let items: BestSlot[];
    try {
      ({ items } = await findBestSlots(tx, { visitId: input.visitId, date, now: input.now, osrmUrl: input.osrmUrl }));
    } catch (error) {
      if (error instanceof DomainError) return [];
      throw error;
    }
    const wanted = items
      .filter((slot) => new Date(slot.start).getTime() !== input.currentStart.getTime())
      .filter((slot) => {
        if (!input.partOfDay || date !== input.day) return true;
        const [from, to] = PART_HOURS[input.partOfDay];
        const hour = hourIn(new Date(slot.start), input.timeZone);
        return hour >= from && hour < to;
      })
      .sort((a, b) =>
        input.hour !== null && date === input.day
          ? Math.abs(hourIn(new Date(a.start), input.timeZone) - input.hour) -
            Math.abs(hourIn(new Date(b.start), input.timeZone) - input.hour)
          : 0,
      );
    const seen = new Set(offered.map((slot) => slot.start));
    for (const slot of wanted) {
      if (offered.length >= TIMES_OFFERED || seen.has(slot.start)) continue;
      // On a day not asked for, one time a day: the customer sees a choice of days.
      if (date !== input.day && offered.some((o) => dayInTimeZone(new Date(o.start), input.timeZone) === date))
        continue;
      seen.add(slot.start);
      offered.push({
        start: slot.start,
        end: slot.end,
        crewId: slot.crewId,
        crewName: slot.crewName,
        label: slotLabel(slot, input.timeZone),
      });
    }
  }
  return offered;
}
