import { useMutation, useQueryClient } from "@tanstack/react-query";
import { userdashEndpoints } from "@fieldops/shared/userdash";
import { endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { onLiveEvent } from "../../lib/live-event-registry";
import { postVisitTransition } from "../../lib/jobs";

const userdashKey = endpointKey(userdashEndpoints.get);

/** Today for the signed-in user (GET /api/userdash): crews' visits, late and unscheduled work. */
export function useUserdash() {
  return useEndpointQuery(userdashEndpoints.get, {});
}

/** Starts or completes a visit; whatever the answer, the day is read again (a refused visit may have changed). */
export function useUserdashTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postVisitTransition,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userdashKey }),
  });
}

/** Texts the visit's customer "On my way"; the day is read again to show it was sent. */
export function useOnMyWay() {
  return useEndpointMutation(userdashEndpoints.onMyWay, { invalidates: [userdashKey] });
}

/** Visits created, moved or moved along their lifecycle, by anyone in the company: the day is read again. */
export const userdashLiveEvents = onLiveEvent("visits.changed", (_event, { queryClient }) => {
  void queryClient.invalidateQueries({ queryKey: userdashKey });
});
