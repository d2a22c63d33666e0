import type { Report, ReportId, ReportQuery } from "@fieldops/shared/reports";
import { assertExportAllowed } from "../hipaa/manage-hipaa-mode.ts";
import { REPORT_TITLES } from "@fieldops/shared/reports";
import { recordExport } from "../audit/record-export.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { getReport } from "./get-report.ts";

/** A report to download as CSV: the report itself, and the download audited. */
export async function exportReport(
  scope: TenantScope,
  input: { report: ReportId; query: ReportQuery; now?: Date },
): Promise<Report> {
  await assertExportAllowed(scope);
  const report = await getReport(scope.tx, input);
  await recordExport(scope, {
    entityType: "report",
    what: `the ${REPORT_TITLES[input.report]} report for ${report.from} to ${report.to}`,
    details: { report: input.report, from: report.from, to: report.to },
  });
  return report;
}
