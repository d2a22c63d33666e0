import { quickBooksEndpoints, type QuickBooksSyncEntity, type QuickBooksSyncState } from "@fieldops/shared/quickbooks";
import { apiErrorMessage } from "../lib/api-error";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../lib/endpoints";
import { useCan } from "../lib/permissions";
import { Badge } from "./ui/badge";
import { Button } from "./ui/button";

const WORDS: Record<QuickBooksSyncState["state"], string> = {
  not_connected: "",
  not_synced: "Not in QuickBooks yet",
  pending: "Syncing to QuickBooks",
  synced: "In QuickBooks",
  failed: "QuickBooks sync failed",
};

/**
 * How a customer or an invoice stands with the company's QuickBooks (in step, waiting, or failed with QuickBooks' own
 * words), with Retry for those who manage integrations. Nothing when QuickBooks is not connected or the user may not
 * see integrations. Reads again every few seconds while a push is under way.
 */
export function QuickBooksSyncStatus({ entity, id }: { entity: QuickBooksSyncEntity; id: string }) {
  const canRead = useCan("integrations.read");
  const canRetry = useCan("integrations.manage");
  const state = useEndpointQuery(
    quickBooksEndpoints.syncState,
    { params: { entity, id } },
    {
      enabled: canRead,
      refetchInterval: (query) => (query.state.data?.state === "pending" ? 3000 : false),
    },
  );
  const retry = useEndpointMutation(quickBooksEndpoints.retry, {
    invalidates: [endpointKey(quickBooksEndpoints.syncState, { params: { entity, id } })],
  });
  if (!canRead || !state.isSuccess || state.data.state === "not_connected") return null;
  const { data } = state;
  const canAct = canRetry && (data.state === "failed" || data.state === "not_synced");
  return (
    <span className="inline-flex flex-wrap items-center gap-2 text-sm" data-testid="quickbooks-sync">
      <Badge variant={data.state === "failed" ? "destructive" : data.state === "synced" ? "secondary" : "outline"}>
        {WORDS[data.state]}
      </Badge>
      {data.state === "failed" && data.error ? <span className="text-xs text-destructive">{data.error}</span> : null}
      {canAct ? (
        <Button
          size="sm"
          variant="outline"
          disabled={retry.isPending}
          onClick={() => retry.mutate({ params: { entity, id } })}
        >
          Retry
        </Button>
      ) : null}
      {retry.isError ? <span className="text-xs text-destructive">{apiErrorMessage(retry.error)}</span> : null}
    </span>
  );
}
