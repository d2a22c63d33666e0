import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";

/** Another dispatcher's move, a job closed or a crew's hours changed: every board on screen is fetched again. */
export const scheduleLiveEvents = refetchOnLiveEvents(["visits.changed", "jobs.changed", "crews.changed"], {
  queryKey: QUERY_KEYS.schedule,
});
