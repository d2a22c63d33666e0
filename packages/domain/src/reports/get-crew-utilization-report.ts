import type { TenantTransaction } from "@fieldops/db";
import { addDays } from "@fieldops/shared/company-time";
import type { ReportColumn, ReportRow } from "@fieldops/shared/reports";
import type { ReportRange } from "./report-range.ts";

const COLUMNS: ReportColumn[] = [
  { key: "crew", label: "Crew", kind: "text" },
  { key: "availableMinutes", label: "Working time", kind: "minutes" },
  { key: "bookedMinutes", label: "Booked", kind: "minutes" },
  { key: "completedMinutes", label: "Completed", kind: "minutes" },
  { key: "visits", label: "Visits", kind: "count" },
  { key: "utilization", label: "Utilization", kind: "percent" },
];

/**
 * Each crew's booked time (visits scheduled in the range and not canceled) against its working time (its hours on
 * each day of the range, less its breaks), and the time of the visits it completed.
 */
export async function getCrewUtilizationReport(tx: TenantTransaction, range: ReportRange) {
  const crews = await tx.crew.findMany({
    select: { id: true, name: true, workingHours: true, breaks: { select: { durationMinutes: true } } },
    orderBy: [{ name: "asc" }, { id: "asc" }],
  });
  const booked = await tx.$queryRaw<{ crewId: string; visits: number; booked: number; completed: number }[]>`
      SELECT "crewId", count(*)::int AS visits,
        sum(coalesce(extract(epoch FROM ("scheduledEnd" - "scheduledStart")) / 60, "durationMinutes"))::int AS booked,
        coalesce(sum(coalesce(extract(epoch FROM ("scheduledEnd" - "scheduledStart")) / 60, "durationMinutes")) FILTER (WHERE status = 'completed'), 0)::int AS completed
      FROM visits
      WHERE "scheduledStart" >= ${range.start}::timestamp AND "scheduledStart" < ${range.end}::timestamp
        AND status <> 'canceled' AND "crewId" IS NOT NULL
      GROUP BY "crewId"`;
  const weekdays: number[] = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1))
    weekdays.push(new Date(`${day}T00:00:00Z`).getUTCDay());
  const rows: ReportRow[] = crews.map((crew) => {
    const breakMinutes = crew.breaks.reduce((sum, item) => sum + item.durationMinutes, 0);
    const available = weekdays.reduce((sum, weekday) => {
      const hours = crew.workingHours.find((entry) => entry.weekday === weekday);
      return hours ? sum + Math.max(0, hours.endMinute - hours.startMinute - breakMinutes) : sum;
    }, 0);
    const row = booked.find((entry) => entry.crewId === crew.id);
    const bookedMinutes = row?.booked ?? 0;
    return {
      crew: crew.name,
      availableMinutes: available,
      bookedMinutes,
      completedMinutes: row?.completed ?? 0,
      visits: row?.visits ?? 0,
      utilization: available === 0 ? null : bookedMinutes / available,
    };
  });
  const sum = (key: string) => rows.reduce((total, row) => total + Number(row[key] ?? 0), 0);
  const available = sum("availableMinutes");
  const totals = {
    availableMinutes: available,
    bookedMinutes: sum("bookedMinutes"),
    completedMinutes: sum("completedMinutes"),
    visits: sum("visits"),
    utilization: available === 0 ? null : sum("bookedMinutes") / available,
  };
  return { columns: COLUMNS, rows, totals };
}
