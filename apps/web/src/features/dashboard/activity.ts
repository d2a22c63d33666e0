import { activityEndpoints, type Activity, type ActivityListResponse } from "@fieldops/shared/events";
import { endpointKey, useEndpointQuery } from "../../lib/endpoints";
import { onLiveEvent } from "../../lib/live-event-registry";

const ACTIVITY_QUERY_KEY = endpointKey(activityEndpoints.list);
/** How many entries the feed keeps while new ones stream in. */
export const ACTIVITY_FEED_LIMIT = 50;

/** The company's recent activity, newest first (GET /api/activity); asked only for users who belong to a company. */
export function useActivity(companyId: string | null) {
  return useEndpointQuery(activityEndpoints.list, {}, { enabled: companyId !== null });
}

/** Puts a new entry first, unless the feed already has it. */
export function prependActivity(items: readonly Activity[], entry: Activity): Activity[] {
  if (items.some((item) => item.id === entry.id)) return [...items];
  return [entry, ...items].slice(0, Math.max(ACTIVITY_FEED_LIMIT, items.length));
}

/**
 * Keeps the cached feed current from the live connection, wherever the user is in the app. A feed still loading is
 * fetched again, so an entry recorded meanwhile is not lost.
 */
export const activityLiveEvents = onLiveEvent("activity.recorded", (event, { queryClient }) => {
  const state = queryClient.getQueryState(ACTIVITY_QUERY_KEY);
  if (state?.data !== undefined) {
    queryClient.setQueryData<ActivityListResponse>(ACTIVITY_QUERY_KEY, (feed) =>
      feed ? { items: prependActivity(feed.items, event.payload) } : feed,
    );
  } else if (state?.fetchStatus === "fetching") {
    void queryClient.invalidateQueries({ queryKey: ACTIVITY_QUERY_KEY });
  }
});
