import { scheduleEndpoints } from "@fieldops/shared/schedule";
import { pathKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

/** Another dispatcher's move, a job closed or a crew's hours changed: every board on screen is fetched again. */
export const scheduleLiveEvents = refetchOnLiveEvents(["visits.changed", "jobs.changed", "crews.changed"], {
  queryKey: pathKey(scheduleEndpoints.get.path),
});
