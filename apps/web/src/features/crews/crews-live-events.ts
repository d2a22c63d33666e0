import { crewEndpoints } from "@fieldops/shared/crews";
import { endpointKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

/** Crews, their week's load (which moves with their visits) and the team's crew memberships. */
export const crewsLiveEvents = [
  ...refetchOnLiveEvents(["crews.changed", "visits.changed"], { queryKey: endpointKey(crewEndpoints.list) }),
  ...refetchOnLiveEvents(["crews.changed"], { queryKey: endpointKey(crewEndpoints.team) }),
];
