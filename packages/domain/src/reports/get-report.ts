import type { TenantTransaction } from "@fieldops/db";
import {
  REPORTS_FEATURE_LABEL,
  REPORT_TITLES,
  defaultInterval,
  type Report,
  type ReportColumn,
  type ReportId,
  type ReportQuery,
  type ReportRow,
} from "@fieldops/shared/reports";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import { getCrewUtilizationReport } from "./get-crew-utilization-report.ts";
import { getEstimatesReport } from "./get-estimates-report.ts";
import { getInvoiceAgingReport } from "./get-invoice-aging-report.ts";
import { getJobsByStatusReport } from "./get-jobs-by-status-report.ts";
import { getRevenueReport } from "./get-revenue-report.ts";
import { getTopCustomersReport } from "./get-top-customers-report.ts";
import { reportRange } from "./report-range.ts";

type ReportTable = { columns: ReportColumn[]; rows: ReportRow[]; totals: ReportRow | null };

/** One of the company's reports over a range of its calendar days; refused when its plan has no reports. */
export async function getReport(
  tx: TenantTransaction,
  input: { report: ReportId; query: ReportQuery; now?: Date },
): Promise<Report> {
  const now = input.now ?? new Date();
  await requirePlanFeature(tx, "reports", REPORTS_FEATURE_LABEL);
  const company = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const range = reportRange(input.query, company.timeZone);
  const interval = input.query.interval ?? defaultInterval(range.from, range.to);
  const grouped = input.report === "revenue" || input.report === "estimates";
  const table: ReportTable = await (() => {
    switch (input.report) {
      case "revenue":
        return getRevenueReport(tx, range, interval);
      case "jobs-by-status":
        return getJobsByStatusReport(tx, range, now);
      case "crew-utilization":
        return getCrewUtilizationReport(tx, range);
      case "top-customers":
        return getTopCustomersReport(tx, range);
      case "invoice-aging":
        return getInvoiceAgingReport(tx, { timeZone: company.timeZone, now });
      case "estimates":
        return getEstimatesReport(tx, range, interval, now);
    }
  })();
  return {
    report: input.report,
    title: REPORT_TITLES[input.report],
    from: range.from,
    to: range.to,
    interval: grouped ? interval : null,
    timeZone: company.timeZone,
    ...table,
  };
}
