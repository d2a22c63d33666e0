import { useQueryClient } from "@tanstack/react-query";
import { X } from "lucide-react";
import { messageEndpoints, type Thread } from "@fieldops/shared/messages";
import { Badge } from "../../components/ui/badge";
import { NativeSelect } from "../../components/ui/native-select";
import { apiErrorMessage } from "../../lib/api-error";
import { useCrews } from "../../lib/crews";
import { useEndpointMutation } from "../../lib/endpoints";
import { allThreads, isCustomerThread } from "./messages-queries";

/** After a share or an unshare: the thread (in the inbox and on the customer's page) reads its crews again. */
function useShareMutation(endpoint: typeof messageEndpoints.shareWithCrew | typeof messageEndpoints.unshareWithCrew) {
  const queryClient = useQueryClient();
  return useEndpointMutation(endpoint, {
    invalidates: [allThreads],
    onSuccess: () => queryClient.invalidateQueries({ predicate: isCustomerThread }),
  });
}

/**
 * "Shared with: Crew A ×" and a picker of the company's other crews: the crews a conversation is shared with read it in
 * the field app's Messages tab (they do not answer it). Removing a crew takes it out of their field app at once.
 */
export function ThreadCrewShares({ thread }: { thread: Thread }) {
  const crews = useCrews();
  const share = useShareMutation(messageEndpoints.shareWithCrew);
  const unshare = useShareMutation(messageEndpoints.unshareWithCrew);
  const sharedIds = new Set(thread.sharedWithCrews.map((crew) => crew.crewId));
  const others = (crews.data?.items ?? []).filter((crew) => !sharedIds.has(crew.id));
  const busy = share.isPending || unshare.isPending;
  const failure = share.error ?? unshare.error;
  return (
    <div className="grid gap-2 text-sm" aria-label="Crews this conversation is shared with" role="group">
      <div className="flex flex-wrap items-center gap-2">
        <span className="text-muted-foreground">Shared with:</span>
        {thread.sharedWithCrews.length === 0 ? <span>no crew</span> : null}
        {thread.sharedWithCrews.map((crew) => (
          <Badge key={crew.crewId} variant="outline" className="gap-1.5">
            <span aria-hidden className="size-2 rounded-full" style={{ backgroundColor: crew.color }} />
            {crew.name}
            <button
              type="button"
              className="rounded-sm hover:bg-muted disabled:opacity-50"
              aria-label={`Stop sharing with ${crew.name}`}
              disabled={busy}
              onClick={() => unshare.mutate({ params: { id: thread.id, crewId: crew.crewId } })}
            >
              <X />
            </button>
          </Badge>
        ))}
      </div>
      {others.length > 0 ? (
        <NativeSelect
          aria-label="Share with a crew"
          className="max-w-xs"
          value=""
          disabled={busy}
          onChange={(event) => {
            if (event.target.value) share.mutate({ params: { id: thread.id, crewId: event.target.value } });
          }}
        >
          <option value="">Share with a crew…</option>
          {others.map((crew) => (
            <option key={crew.id} value={crew.id}>
              {crew.name}
            </option>
          ))}
        </NativeSelect>
      ) : null}
      {failure ? (
        <p role="alert" className="text-destructive">
          {apiErrorMessage(failure, "The crews could not be changed")}
        </p>
      ) : null}
    </div>
  );
}
