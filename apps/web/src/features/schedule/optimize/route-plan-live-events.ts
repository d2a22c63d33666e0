import { onLiveEvent } from "../../../lib/live-event-registry";
import { QUERY_KEYS } from "../../../lib/query-keys";

/** A plan that moved on (running, ready, failed, applied) is read again by a dialog showing it. */
export const routePlanLiveEvents = onLiveEvent("route_plan.updated", (event, { queryClient }) => {
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.routePlan(event.payload.planId) });
});
