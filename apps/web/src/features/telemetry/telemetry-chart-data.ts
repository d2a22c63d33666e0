/** Series drawn in turn with these colours; they read on the light and the dark theme. */
export const SERIES_COLORS = [
  "#2563eb",
  "#16a34a",
  "#d97706",
  "#dc2626",
  "#7c3aed",
  "#0891b2",
  "#db2777",
  "#65a30d",
  "#ea580c",
  "#4b5563",
] as const;

export function seriesColor(index: number): string {
  return SERIES_COLORS[index % SERIES_COLORS.length]!;
}

/**
 * Points of several series (one per key) as chart rows: one row per time, a column per key, in time order; a key
 * without a value at a time has none in that row (the line skips it).
 */
export function pivotSeries<Point extends { at: string }>(
  points: readonly Point[],
  keyOf: (point: Point) => string,
  valueOf: (point: Point) => number | null,
): { rows: Record<string, string | number>[]; keys: string[] } {
  const keys = [...new Set(points.map(keyOf))].sort();
  const rows = new Map<string, Record<string, string | number>>();
  for (const point of points) {
    const value = valueOf(point);
    const row = rows.get(point.at) ?? { at: point.at };
    if (value !== null) row[keyOf(point)] = value;
    rows.set(point.at, row);
  }
  return { rows: [...rows.values()].sort((a, b) => String(a.at).localeCompare(String(b.at))), keys };
}

/** A bucket's start as the axis shows it: the hour for hourly buckets, the day otherwise. */
export function bucketLabel(at: string, bucket: "hour" | "day"): string {
  const date = new Date(at);
  return bucket === "hour"
    ? date.toLocaleString(undefined, { month: "short", day: "numeric", hour: "2-digit", minute: "2-digit" })
    : date.toLocaleDateString(undefined, { month: "short", day: "numeric" });
}

/** A vital as people read it: milliseconds rounded, a layout shift score with three decimals. */
export function formatVital(metric: "ttfb" | "lcp" | "fid" | "cls", value: number | null): string {
  if (value === null) return "–";
  return metric === "cls" ? value.toFixed(3) : `${Math.round(value)} ms`;
}
