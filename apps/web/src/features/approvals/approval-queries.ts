import { useMutation, useQueryClient } from "@tanstack/react-query";
import { moduleEndpoints } from "@fieldops/shared/modules";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

const pendingApprovals = endpointKey(moduleEndpoints.approvals);

/** The module runs waiting for an owner's or administrator's decision (GET /api/approvals). */
export function usePendingApprovals(enabled: boolean) {
  return useEndpointQuery(moduleEndpoints.approvals, {}, { enabled });
}

type Decision =
  { id: string; decision: "approve"; paramsHash: string } | { id: string; decision: "deny"; reason: string };

/** Approves (naming the parameters shown) or denies (with a reason) a request; the list is read again either way. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Decision) =>
      input.decision === "approve"
        ? callEndpoint(moduleEndpoints.approve, { params: { id: input.id }, body: { paramsHash: input.paramsHash } })
        : callEndpoint(moduleEndpoints.deny, { params: { id: input.id }, body: { reason: input.reason } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: pendingApprovals }),
  });
}

/** A request made or decided anywhere in the company refreshes the list. */
export const approvalsLiveEvents = refetchOnLiveEvents(["approval.updated"], { queryKey: pendingApprovals });
