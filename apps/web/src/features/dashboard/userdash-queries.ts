import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { userdashResponseSchema, type UserdashResponse } from "@fieldops/shared/userdash";
import { getQueryFn } from "../../lib/api";
import { onLiveEvent } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";
import { postVisitTransition } from "../../lib/jobs";

const fetchUserdash = getQueryFn<unknown>({ on401: "throw" });

/** Today for the signed-in user (GET /api/userdash): crews' visits, late and unscheduled work. */
export function useUserdash() {
  return useQuery<UserdashResponse>({
    queryKey: QUERY_KEYS.userdash,
    queryFn: async (context) => userdashResponseSchema.parse(await fetchUserdash(context)),
  });
}

/** Starts or completes a visit; whatever the answer, the day is read again (a refused visit may have changed). */
export function useUserdashTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postVisitTransition,
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.userdash }),
  });
}

/** Visits created, moved or moved along their lifecycle, by anyone in the company: the day is read again. */
export const userdashLiveEvents = onLiveEvent("visits.changed", (_event, { queryClient }) => {
  void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.userdash });
});
