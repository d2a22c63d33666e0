import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { planOverviewSchema, type PlanId, type PlanOverview, planEndpoints } from "@fieldops/shared/plans";
import { apiRequest, getQueryFn } from "../../lib/api";
import { QUERY_KEYS } from "../../lib/query-keys";

const fetchJson = getQueryFn<unknown>({ on401: "throw" });

export function usePlanOverview() {
  return useQuery<PlanOverview>({
    queryKey: QUERY_KEYS.companyPlan,
    queryFn: async (context) => planOverviewSchema.parse(await fetchJson(context)),
  });
}

/** Chooses the plan; the company (its plan, its trial) and everything a plan gates are fetched again. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (planId: PlanId) =>
      planOverviewSchema.parse(await (await apiRequest("PUT", planEndpoints.overview.path, { planId })).json()),
    onSuccess: (overview) => {
      queryClient.setQueryData(QUERY_KEYS.companyPlan, overview);
      // What a plan allows shows on many screens (integrations, limits, the trial banner): all of it is read again.
      void queryClient.invalidateQueries();
    },
  });
}
