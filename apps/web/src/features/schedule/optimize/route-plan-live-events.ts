import { dispatchEndpoints } from "@fieldops/shared/dispatch";
import { endpointKey } from "../../../lib/endpoints";
import { onLiveEvent } from "../../../lib/live-event-registry";

/** A plan that moved on (running, ready, failed, applied) is read again by a dialog showing it. */
export const routePlanLiveEvents = onLiveEvent("route_plan.updated", (event, { queryClient }) => {
  void queryClient.invalidateQueries({
    queryKey: endpointKey(dispatchEndpoints.getPlan, { params: { id: event.payload.planId } }),
  });
});
