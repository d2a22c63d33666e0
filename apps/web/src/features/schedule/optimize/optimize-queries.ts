import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import {
  bestSlotsResponseSchema,
  routePlanQueuedSchema,
  routePlanSchema,
  type ApplyRoutePlanRequest,
  type BestSlotsResponse,
  type OptimizeDayRequest,
  type RoutePlan,
} from "@fieldops/shared/dispatch";
import { apiRequest, getQueryFn } from "../../../lib/api";
import { QUERY_KEYS } from "../../../lib/query-keys";
import { isPlanWorking } from "./route-plan-format";

const fetchJson = getQueryFn<unknown>({ on401: "throw" });
/** While a plan is computed the screen asks again at this pace, in case a live event is missed. */
const PLAN_POLL_MS = 2000;

export function useRoutePlan(planId: string | null) {
  return useQuery<RoutePlan>({
    queryKey: QUERY_KEYS.routePlan(planId ?? ""),
    queryFn: async (context) => routePlanSchema.parse(await fetchJson(context)),
    enabled: planId !== null,
    refetchInterval: (query) => (query.state.data && !isPlanWorking(query.state.data.status) ? false : PLAN_POLL_MS),
  });
}

export function useOptimizeDay() {
  return useMutation({
    mutationFn: async (input: OptimizeDayRequest & { replan?: boolean }) => {
      const { replan, ...body } = input;
      const response = await apiRequest("POST", replan ? API_PATHS.scheduleReplan : API_PATHS.scheduleOptimize, body);
      return routePlanQueuedSchema.parse(await response.json());
    },
  });
}

/** Applying moves visits: the plan is stored, and the schedule's visit lists are read again. */
export function useApplyRoutePlan(planId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: ApplyRoutePlanRequest) => {
      const response = await apiRequest("POST", apiPath(API_PATHS.routePlanApply, { id: planId }), input);
      return routePlanSchema.parse(await response.json());
    },
    onSuccess: async (plan) => {
      queryClient.setQueryData(QUERY_KEYS.routePlan(plan.id), plan);
      await queryClient.invalidateQueries({ queryKey: [API_PATHS.visits] });
    },
  });
}

export function useBestSlots(visitId: string, date: string) {
  return useQuery<BestSlotsResponse>({
    queryKey: QUERY_KEYS.visitBestSlots(visitId, date),
    queryFn: async (context) => bestSlotsResponseSchema.parse(await fetchJson(context)),
    retry: false,
  });
}
