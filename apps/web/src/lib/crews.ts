import { crewEndpoints } from "@fieldops/shared/crews";
import { useEndpointQuery } from "./endpoints";

/** The company's crews, for the crews' screens and every form that picks one. */
export function useCrews() {
  return useEndpointQuery(crewEndpoints.list, {});
}

/** The company's people with their crews, for the crews' and the team's screens. */
export function useTeam() {
  return useEndpointQuery(crewEndpoints.team, {});
}
