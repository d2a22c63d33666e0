import { addDays } from "@fieldops/shared/company-time";
import { reportEndpoints, type ReportId, type ReportInterval } from "@fieldops/shared/reports";
import { downloadFromApi } from "../../lib/download";
import { endpointUrl, useEndpointQuery } from "../../lib/endpoints";

export type ReportRangeChoice = { from: string; to: string; interval: ReportInterval | null };

function reportInput(report: ReportId, range: ReportRangeChoice) {
  return {
    params: { report },
    query: { from: range.from, to: range.to, ...(range.interval ? { interval: range.interval } : {}) },
  };
}

export function useReport(report: ReportId, range: ReportRangeChoice, enabled: boolean) {
  return useEndpointQuery(reportEndpoints.get, reportInput(report, range), {
    enabled,
    // Reports move with every job, visit and invoice: read afresh after a minute.
    staleTime: 60_000,
  });
}

export function downloadReportCsv(report: ReportId, range: ReportRangeChoice): Promise<void> {
  return downloadFromApi(
    endpointUrl(reportEndpoints.csv, reportInput(report, range)),
    `${report}-${range.from}-to-${range.to}.csv`,
  );
}

export const RANGE_PRESETS = [
  "this-month",
  "last-month",
  "last-30-days",
  "this-quarter",
  "this-year",
  "custom",
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

export const RANGE_PRESET_LABELS: Record<RangePreset, string> = {
  "this-month": "This month",
  "last-month": "Last month",
  "last-30-days": "Last 30 days",
  "this-quarter": "This quarter",
  "this-year": "This year",
  custom: "Custom range",
};

/** The days of a preset range around `today` (the company's day), up to today where the period is still running. */
export function presetRange(preset: Exclude<RangePreset, "custom">, today: string): { from: string; to: string } {
  const year = today.slice(0, 4);
  const month = Number(today.slice(5, 7));
  const firstOfMonth = `${today.slice(0, 7)}-01`;
  switch (preset) {
    case "this-month":
      return { from: firstOfMonth, to: today };
    case "last-month": {
      const lastDay = addDays(firstOfMonth, -1);
      return { from: `${lastDay.slice(0, 7)}-01`, to: lastDay };
    }
    case "last-30-days":
      return { from: addDays(today, -29), to: today };
    case "this-quarter": {
      const quarterMonth = String(Math.floor((month - 1) / 3) * 3 + 1).padStart(2, "0");
      return { from: `${year}-${quarterMonth}-01`, to: today };
    }
    case "this-year":
      return { from: `${year}-01-01`, to: today };
  }
}
