import { jobEndpoints } from "@fieldops/shared/jobs";
import { endpointKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

/** The jobs list and each job's detail (with its visits) follow changes made elsewhere. */
export const jobsLiveEvents = refetchOnLiveEvents(["jobs.changed", "visits.changed"], {
  queryKey: endpointKey(jobEndpoints.list),
});
