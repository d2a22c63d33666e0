import { useState } from "react";
import { auditEndpoints, type AuditQuery } from "@fieldops/shared/audit";
import { PLAN_UPGRADE_MESSAGE } from "@fieldops/shared/modules";
import { formatCompanyTime } from "@fieldops/shared/company-time";
import { DataTable } from "../../components/data-table";
import { Alert, AlertDescription, AlertTitle } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { ApiError } from "../../lib/api";
import { downloadFromApi } from "../../lib/download";
import { endpointUrl } from "../../lib/endpoints";
import { apiErrorMessage } from "../../lib/api-error";
import { ErrorBlock, LoadingBlock } from "../../components/load-state";
import { useAuditLog } from "./security-queries";

interface Filters {
  actorUserId: string;
  action: string;
  from: string;
  to: string;
}

/** The filters that say something (an empty one is left out), and the page's start. */
const queryOf = (filters: Filters, after?: string): AuditQuery => {
  const query: AuditQuery = {};
  for (const key of ["actorUserId", "action", "from", "to"] as const)
    if (filters[key] !== "") query[key] = filters[key];
  if (after) query.after = after;
  return query;
};

const downloadCsv = (filters: Filters) =>
  downloadFromApi(endpointUrl(auditEndpoints.export, { query: queryOf(filters) }), "audit-log.csv");

/** Who changed what and when in the company, filtered by person, action and dates, exportable as CSV. */
export function AuditLogCard({ timeZone }: { timeZone: string }) {
  const [filters, setFilters] = useState<Filters>({ actorUserId: "", action: "", from: "", to: "" });
  const [pages, setPages] = useState<string[]>([]);
  const after = pages.at(-1);
  const log = useAuditLog(queryOf(filters, after));
  const [exportError, setExportError] = useState<string | null>(null);
  const set = (change: Partial<Filters>) => {
    setFilters({ ...filters, ...change });
    setPages([]);
  };
  const planRefused = log.error instanceof ApiError && log.error.status === 403;
  return (
    <Card role="region" aria-labelledby="audit-title">
      <CardHeader>
        <CardTitle id="audit-title">Audit log</CardTitle>
        <CardDescription>
          Who changed what in your company, and when: settings, team, roles, plan, integrations, payments, refunds,
          voids, approvals, exports and schedule moves.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {planRefused ? (
          <Alert>
            <AlertTitle>Plan Upgrade Required</AlertTitle>
            <AlertDescription>
              {PLAN_UPGRADE_MESSAGE}. {apiErrorMessage(log.error)}.
            </AlertDescription>
          </Alert>
        ) : (
          <>
            <div className="flex flex-wrap items-end gap-3">
              <div className="grid gap-1.5">
                <Label htmlFor="audit-user">User</Label>
                <NativeSelect
                  id="audit-user"
                  value={filters.actorUserId}
                  onChange={(e) => set({ actorUserId: e.target.value })}
                >
                  <option value="">Everyone</option>
                  {log.data?.users.map((user) => (
                    <option key={user.id} value={user.id}>
                      {user.name}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="audit-action">Action</Label>
                <NativeSelect
                  id="audit-action"
                  value={filters.action}
                  onChange={(e) => set({ action: e.target.value })}
                >
                  <option value="">Every action</option>
                  {log.data?.actions.map((action) => (
                    <option key={action} value={action}>
                      {action}
                    </option>
                  ))}
                </NativeSelect>
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="audit-from">From</Label>
                <Input
                  id="audit-from"
                  type="date"
                  value={filters.from}
                  onChange={(e) => set({ from: e.target.value })}
                />
              </div>
              <div className="grid gap-1.5">
                <Label htmlFor="audit-to">To</Label>
                <Input id="audit-to" type="date" value={filters.to} onChange={(e) => set({ to: e.target.value })} />
              </div>
              <Button
                variant="outline"
                onClick={() => {
                  setExportError(null);
                  downloadCsv(filters).catch((error: unknown) => setExportError(apiErrorMessage(error)));
                }}
              >
                Export CSV
              </Button>
            </div>
            {exportError ? (
              <p role="alert" className="text-sm text-destructive">
                {exportError}
              </p>
            ) : null}
            {log.isPending ? (
              <LoadingBlock label="Loading the audit log" />
            ) : log.isError ? (
              <ErrorBlock
                title="The audit log could not be loaded"
                retry={() => void log.refetch()}
                busy={log.isFetching}
              />
            ) : log.data.items.length === 0 ? (
              <p className="text-sm text-muted-foreground">Nothing recorded for these filters.</p>
            ) : (
              <div className="overflow-x-auto">
                <DataTable
                  caption="Audit log entries, newest first"
                  verticalAlign="top"
                  rows={log.data.items}
                  rowKey={(entry) => entry.id}
                  columns={[
                    {
                      id: "when",
                      header: "When",
                      className: "whitespace-nowrap",
                      cell: (entry) => formatCompanyTime(entry.createdAt, timeZone),
                    },
                    { id: "who", header: "Who", cell: (entry) => entry.actorName },
                    { id: "action", header: "Action", className: "font-mono text-xs", cell: (entry) => entry.action },
                    { id: "what", header: "What", cell: (entry) => entry.summary },
                  ]}
                />
              </div>
            )}
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={pages.length === 0}
                onClick={() => setPages(pages.slice(0, -1))}
              >
                Newer
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!log.data?.nextAfter}
                onClick={() => log.data?.nextAfter && setPages([...pages, log.data.nextAfter])}
              >
                Older
              </Button>
            </div>
          </>
        )}
      </CardContent>
    </Card>
  );
}
