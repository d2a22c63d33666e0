import { useState } from "react";
import { quickBooksEndpoints, type QuickBooksOverview } from "@fieldops/shared/quickbooks";
import { DataTable } from "../../components/data-table";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card";
import { Label } from "../../components/ui/label";
import { NativeSelect } from "../../components/ui/native-select";
import { apiErrorMessage } from "../../lib/api-error";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";

const OVERVIEW = endpointKey(quickBooksEndpoints.overview);

function when(iso: string | null): string {
  return iso ? new Date(iso).toLocaleString() : "never";
}

/** The item and the tax code invoice lines go to QuickBooks with, chosen among the company's QuickBooks' own. */
function LineMapping({ settings }: { settings: QuickBooksOverview["settings"] }) {
  const options = useEndpointQuery(quickBooksEndpoints.options, {});
  const save = useEndpointMutation(quickBooksEndpoints.saveSettings, { invalidates: [OVERVIEW] });
  const [itemId, setItemId] = useState(settings.itemId ?? "");
  const [taxCodeId, setTaxCodeId] = useState(settings.taxCodeId ?? "");
  if (options.isPending) return <p className="text-sm text-muted-foreground">Reading your QuickBooks items…</p>;
  if (options.isError) {
    return <p className="text-sm text-destructive">{apiErrorMessage(options.error, "QuickBooks could not be read")}</p>;
  }
  const item = options.data.items.find((candidate) => candidate.id === itemId);
  const taxCode = options.data.taxCodes.find((candidate) => candidate.id === taxCodeId);
  return (
    <form
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          body: {
            itemId: item?.id ?? null,
            itemName: item?.name ?? null,
            taxCodeId: taxCode?.id ?? null,
            taxCodeName: taxCode?.name ?? null,
          },
        });
      }}
    >
      <div className="grid gap-1">
        <Label htmlFor="quickbooks-item">Item for invoice lines</Label>
        <NativeSelect id="quickbooks-item" value={itemId} onChange={(event) => setItemId(event.target.value)}>
          <option value="">Services (QuickBooks' default)</option>
          {options.data.items.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="quickbooks-tax-code">Tax code for taxable lines</Label>
        <NativeSelect id="quickbooks-tax-code" value={taxCodeId} onChange={(event) => setTaxCodeId(event.target.value)}>
          <option value="">None</option>
          {options.data.taxCodes.map((candidate) => (
            <option key={candidate.id} value={candidate.id}>
              {candidate.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" disabled={save.isPending}>
        Save mapping
      </Button>
      {save.isError ? <p className="text-sm text-destructive">{apiErrorMessage(save.error)}</p> : null}
      {save.isSuccess ? <p className="text-sm text-muted-foreground">Saved: the next pushes use it.</p> : null}
    </form>
  );
}

/** Settings → Integrations: when QuickBooks last took a change, what waits, what failed (with Retry), and the mapping. */
export function QuickBooksSyncCard({ canManage }: { canManage: boolean }) {
  const overview = useEndpointQuery(quickBooksEndpoints.overview, {});
  const retry = useEndpointMutation(quickBooksEndpoints.retry, { invalidates: [OVERVIEW] });
  if (!overview.isSuccess || !overview.data.connected) return null;
  const { data } = overview;
  return (
    <Card role="region" aria-labelledby="quickbooks-sync-title">
      <CardHeader>
        <CardTitle id="quickbooks-sync-title" className="text-lg">
          QuickBooks sync
        </CardTitle>
        <CardDescription>
          Last synced {when(data.lastSyncedAt)} · {data.pending} waiting · {data.failures.length} failed
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {data.failures.length ? (
          <DataTable
            caption="Records QuickBooks did not take"
            rows={data.failures}
            rowKey={(failure) => `${failure.entity}-${failure.id}`}
            columns={[
              { id: "record", header: "Record", cell: (failure) => failure.label, rowHeader: true },
              { id: "error", header: "QuickBooks said", cell: (failure) => failure.error ?? "" },
              {
                id: "retry",
                header: <span className="sr-only">Retry</span>,
                align: "right",
                cell: (failure) =>
                  canManage ? (
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={retry.isPending}
                      onClick={() => retry.mutate({ params: { entity: failure.entity, id: failure.id } })}
                    >
                      Retry
                    </Button>
                  ) : null,
              },
            ]}
          />
        ) : (
          <p className="text-sm text-muted-foreground">No failed syncs.</p>
        )}
        {retry.isError ? <p className="text-sm text-destructive">{apiErrorMessage(retry.error)}</p> : null}
        {canManage ? <LineMapping settings={data.settings} /> : null}
      </CardContent>
    </Card>
  );
}
