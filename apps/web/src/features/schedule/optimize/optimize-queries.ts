import { useMutation, useQueryClient } from "@tanstack/react-query";
import { dispatchEndpoints, type ApplyRoutePlanRequest, type OptimizeDayRequest } from "@fieldops/shared/dispatch";
import { visitEndpoints } from "@fieldops/shared/jobs";
import { callEndpoint, endpointKey, pathKey, useEndpointQuery } from "../../../lib/endpoints";
import { isPlanWorking } from "./route-plan-format";

/** While a plan is computed the screen asks again at this pace, in case a live event is missed. */
const PLAN_POLL_MS = 2000;

export function useRoutePlan(planId: string | null) {
  return useEndpointQuery(
    dispatchEndpoints.getPlan,
    { params: { id: planId ?? "" } },
    {
      enabled: planId !== null,
      refetchInterval: (query) => (query.state.data && !isPlanWorking(query.state.data.status) ? false : PLAN_POLL_MS),
    },
  );
}

export function useOptimizeDay() {
  return useMutation({
    mutationFn: ({ replan, ...body }: OptimizeDayRequest & { replan?: boolean }) =>
      callEndpoint(replan ? dispatchEndpoints.replan : dispatchEndpoints.optimize, { body }),
  });
}

/** Applying moves visits: the plan is stored, and the schedule's visit lists are read again. */
export function useApplyRoutePlan(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyRoutePlanRequest) =>
      callEndpoint(dispatchEndpoints.applyPlan, { params: { id: planId }, body }),
    onSuccess: async (plan) => {
      queryClient.setQueryData(endpointKey(dispatchEndpoints.getPlan, { params: { id: plan.id } }), plan);
      await queryClient.invalidateQueries({ queryKey: pathKey(visitEndpoints.list.path) });
    },
  });
}

export function useBestSlots(visitId: string, date: string) {
  return useEndpointQuery(dispatchEndpoints.bestSlots, { params: { id: visitId }, query: { date } }, { retry: false });
}
