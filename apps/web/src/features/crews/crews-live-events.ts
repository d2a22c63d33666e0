import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";

/** Crews, their week's load (which moves with their visits) and the team's crew memberships. */
export const crewsLiveEvents = [
  ...refetchOnLiveEvents(["crews.changed", "visits.changed"], { queryKey: QUERY_KEYS.crews }),
  ...refetchOnLiveEvents(["crews.changed"], { queryKey: QUERY_KEYS.team }),
];
