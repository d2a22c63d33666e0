import { useMutation, useQueryClient } from "@tanstack/react-query";
import { planEndpoints, type PlanId } from "@fieldops/shared/plans";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoints";

export function usePlanOverview() {
  return useEndpointQuery(planEndpoints.overview, {});
}

/** Chooses the plan; the company (its plan, its trial) and everything a plan gates are fetched again. */
export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (planId: PlanId) => callEndpoint(planEndpoints.change, { body: { planId } }),
    onSuccess: (overview) => {
      queryClient.setQueryData(endpointKey(planEndpoints.overview), overview);
      // What a plan allows shows on many screens (integrations, limits, the trial banner): all of it is read again.
      void queryClient.invalidateQueries();
    },
  });
}
