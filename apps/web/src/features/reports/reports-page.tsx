import { useState } from "react";
import { Download } from "lucide-react";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import { firstPlanWithFeature, planFeatureMessage, planHasFeature } from "@fieldops/shared/plans";
import {
  REPORTS_FEATURE_LABEL,
  REPORT_DESCRIPTIONS,
  REPORT_TITLES,
  reportIntervalSchema,
  type Report,
  type ReportId,
  type ReportInterval,
} from "@fieldops/shared/reports";
import { DataTable, type DataTableColumn } from "../../components/data-table";
import { TableCell, TableRow } from "../../components/ui/table";
import { PlanUpgradeRequired } from "../../components/plan-upgrade-required";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { Skeleton } from "../../components/ui/skeleton";
import { useCompany } from "../../lib/company";
import { usePageTitle } from "../../shell/page-title";
import { NoCompanyNotice } from "../../components/no-company-notice";
import { ReportChart } from "./report-chart";
import { formatCell } from "./report-format";
import {
  RANGE_PRESETS,
  RANGE_PRESET_LABELS,
  downloadReportCsv,
  presetRange,
  useReport,
  type RangePreset,
  type ReportRangeChoice,
} from "./report-queries";
import { useSignedInUser } from "../../lib/session";

/** The reports on the page, in the order a business reads them. */
const REPORTS: readonly ReportId[] = [
  "revenue",
  "invoice-aging",
  "estimates",
  "jobs-by-status",
  "crew-utilization",
  "top-customers",
];

const INTERVAL_LABELS: Record<ReportInterval, string> = { day: "By day", week: "By week", month: "By month" };

function ReportTable({ report }: { report: Report }) {
  return (
    <div className="overflow-x-auto">
      <DataTable
        caption={`${report.title}, ${report.from} to ${report.to}`}
        rows={report.rows}
        rowKey={(_, index) => index}
        columns={report.columns.map((column): DataTableColumn<Report["rows"][number]> => {
          const text = column.kind === "text" || column.kind === "day";
          return {
            id: column.key,
            header: column.label,
            align: text ? "left" : "right",
            className: text ? undefined : "tabular-nums",
            cell: (row) => formatCell(column.kind, row[column.key], report.interval),
          };
        })}
        footer={
          report.totals ? (
            <TableRow>
              {report.columns.map((column, index) => (
                <TableCell key={column.key} className={index === 0 ? undefined : "text-right tabular-nums"}>
                  {index === 0
                    ? "Total"
                    : column.key in report.totals!
                      ? formatCell(column.kind, report.totals![column.key], report.interval)
                      : ""}
                </TableCell>
              ))}
            </TableRow>
          ) : null
        }
      />
    </div>
  );
}

function ReportCard({ id, range }: { id: ReportId; range: ReportRangeChoice }) {
  const report = useReport(id, range, true);
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  const download = () => {
    setDownloading(true);
    setDownloadError(null);
    downloadReportCsv(id, range)
      .catch((error: unknown) => setDownloadError(error instanceof Error ? error.message : "The download failed"))
      .finally(() => setDownloading(false));
  };
  return (
    <Card aria-labelledby={`report-${id}`}>
      <CardHeader className="flex flex-row items-start justify-between gap-3 space-y-0">
        <div className="grid gap-1">
          <CardTitle id={`report-${id}`}>{REPORT_TITLES[id]}</CardTitle>
          <CardDescription>{REPORT_DESCRIPTIONS[id]}</CardDescription>
        </div>
        <Button variant="outline" size="sm" onClick={download} disabled={downloading || !report.isSuccess}>
          <Download aria-hidden="true" />
          {downloading ? "Exporting…" : "Export CSV"}
          <span className="sr-only"> of {REPORT_TITLES[id]}</span>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        {downloadError ? <p className="text-sm text-destructive">{downloadError}</p> : null}
        {report.isPending ? (
          <Skeleton data-slot="skeleton" className="h-40 w-full" />
        ) : report.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {report.error.message}
          </p>
        ) : (
          <>
            <ReportChart report={report.data} />
            <ReportTable report={report.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function RangeControls({
  today,
  value,
  onChange,
}: {
  today: string;
  value: { preset: RangePreset; range: ReportRangeChoice };
  onChange: (next: { preset: RangePreset; range: ReportRangeChoice }) => void;
}) {
  const { preset, range } = value;
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label="Report range">
      <div className="grid gap-1.5">
        <Label htmlFor="report-preset">Range</Label>
        <NativeSelect
          id="report-preset"
          value={preset}
          onChange={(event) => {
            const next = event.target.value as RangePreset;
            onChange({
              preset: next,
              range: next === "custom" ? range : { ...presetRange(next, today), interval: range.interval },
            });
          }}
        >
          {RANGE_PRESETS.map((option) => (
            <option key={option} value={option}>
              {RANGE_PRESET_LABELS[option]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {preset === "custom" ? (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor="report-from">From</Label>
            <Input
              id="report-from"
              type="date"
              value={range.from}
              max={range.to}
              onChange={(event) =>
                event.target.value && onChange({ preset, range: { ...range, from: event.target.value } })
              }
            />
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="report-to">To</Label>
            <Input
              id="report-to"
              type="date"
              value={range.to}
              min={range.from}
              onChange={(event) =>
                event.target.value && onChange({ preset, range: { ...range, to: event.target.value } })
              }
            />
          </div>
        </>
      ) : null}
      <div className="grid gap-1.5">
        <Label htmlFor="report-interval">Group by</Label>
        <NativeSelect
          id="report-interval"
          value={range.interval ?? "auto"}
          onChange={(event) =>
            onChange({
              preset,
              range: {
                ...range,
                interval: event.target.value === "auto" ? null : reportIntervalSchema.parse(event.target.value),
              },
            })
          }
        >
          <option value="auto">Automatically</option>
          {reportIntervalSchema.options.map((interval) => (
            <option key={interval} value={interval}>
              {INTERVAL_LABELS[interval]}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

function Reports({ timeZone }: { timeZone: string }) {
  const today = dayInTimeZone(new Date(), timeZone);
  const [choice, setChoice] = useState<{ preset: RangePreset; range: ReportRangeChoice }>(() => ({
    preset: "this-month",
    range: { ...presetRange("this-month", today), interval: null },
  }));
  return (
    <div className="grid gap-6">
      <RangeControls today={today} value={choice} onChange={setChoice} />
      <p className="text-sm text-muted-foreground">Days are your company's calendar days ({timeZone}).</p>
      <div className="grid gap-6 xl:grid-cols-2">
        {REPORTS.map((id) => (
          <ReportCard key={id} id={id} range={choice.range} />
        ))}
      </div>
    </div>
  );
}

export function ReportsPage() {
  usePageTitle("Reports");
  const user = useSignedInUser();
  const company = useCompany(user.companyId);
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Reports</h1>
        <p className="text-muted-foreground">Revenue, jobs, crews and what customers owe, over the days you choose.</p>
      </div>
      {user.companyId === null ? (
        <NoCompanyNotice>You do not belong to a company, so there are no reports to show.</NoCompanyNotice>
      ) : company.isPending ? (
        <Skeleton data-slot="skeleton" className="h-40 w-full" />
      ) : company.isError || !company.data ? (
        <p role="alert" className="text-destructive">
          The company could not be loaded.
        </p>
      ) : !planHasFeature(company.data.planId, "reports") ? (
        <PlanUpgradeRequired
          message={planFeatureMessage("reports", REPORTS_FEATURE_LABEL)}
          requiredPlan={firstPlanWithFeature("reports").id}
        />
      ) : (
        <Reports timeZone={company.data.timeZone} />
      )}
    </div>
  );
}
