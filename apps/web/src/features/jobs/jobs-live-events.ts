import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";

/** The jobs list and each job's detail (with its visits) follow changes made elsewhere. */
export const jobsLiveEvents = refetchOnLiveEvents(["jobs.changed", "visits.changed"], { queryKey: QUERY_KEYS.jobs });
