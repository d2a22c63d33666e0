import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import { approvalListResponseSchema, type ApprovalRequest } from "@fieldops/shared/modules";
import { apiRequest, getQueryFn } from "../../lib/api";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";

const fetchJson = getQueryFn<unknown>({ on401: "throw" });

/** The module runs waiting for an owner's or administrator's decision (GET /api/approvals). */
export function usePendingApprovals(enabled: boolean) {
  return useQuery<{ items: ApprovalRequest[] }>({
    queryKey: QUERY_KEYS.approvals,
    queryFn: async (context) => approvalListResponseSchema.parse(await fetchJson(context)),
    enabled,
  });
}

type Decision =
  { id: string; decision: "approve"; paramsHash: string } | { id: string; decision: "deny"; reason: string };

/** Approves (naming the parameters shown) or denies (with a reason) a request; the list is read again either way. */
export function useDecideApproval() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Decision) =>
      input.decision === "approve"
        ? apiRequest("POST", apiPath(API_PATHS.approvalApprove, { id: input.id }), { paramsHash: input.paramsHash })
        : apiRequest("POST", apiPath(API_PATHS.approvalDeny, { id: input.id }), { reason: input.reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.approvals }),
  });
}

/** A request made or decided anywhere in the company refreshes the list. */
export const approvalsLiveEvents = refetchOnLiveEvents(["approval.updated"], { queryKey: QUERY_KEYS.approvals });
