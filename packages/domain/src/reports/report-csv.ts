import { stringify } from "csv-stringify/sync";
import { reportCellText, reportColumnHeading, type Report } from "@fieldops/shared/reports";
import { spreadsheetSafe } from "../customers/customer-csv.ts";

/** The report as CSV: a heading per column (with its unit), a line per row, then the totals if it has any. */
export function reportToCsv(report: Report): string {
  const line = (row: Report["rows"][number]) =>
    report.columns.map((column) => spreadsheetSafe(reportCellText(column.kind, row[column.key] ?? null)));
  const lines = [report.columns.map(reportColumnHeading), ...report.rows.map(line)];
  if (report.totals) lines.push(line({ ...report.totals, [report.columns[0]!.key]: "Total" }));
  return stringify(lines);
}
