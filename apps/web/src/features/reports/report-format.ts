import type { ReportColumnKind, ReportInterval, ReportRow } from "@fieldops/shared/reports";

const money = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
const count = new Intl.NumberFormat("en-US");

/** A period's first day as people name the period: "Mar 2", "Week of Mar 2", "Mar 2026". */
export function periodLabel(day: string, interval: ReportInterval | null): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (interval === "month")
    return date.toLocaleDateString("en-US", { month: "short", year: "numeric", timeZone: "UTC" });
  const short = date.toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
  return interval === "week" ? `Week of ${short}` : short;
}

export function formatMinutesAsHours(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = Math.round(minutes % 60);
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${count.format(hours)} h` : `${count.format(hours)} h ${rest} min`;
}

/** A cell for the screen. */
export function formatCell(
  kind: ReportColumnKind,
  value: ReportRow[string] | undefined,
  interval: ReportInterval | null,
): string {
  if (value === null || value === undefined) return "—";
  if (typeof value === "string") return kind === "day" ? periodLabel(value, interval) : value;
  switch (kind) {
    case "cents":
      return money.format(value / 100);
    case "percent":
      return `${(value * 100).toFixed(1)}%`;
    case "minutes":
      return formatMinutesAsHours(value);
    default:
      return count.format(value);
  }
}
