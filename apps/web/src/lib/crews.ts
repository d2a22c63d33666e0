import { useQuery } from "@tanstack/react-query";
import {
  crewListResponseSchema,
  teamResponseSchema,
  type CrewListResponse,
  type TeamResponse,
} from "@fieldops/shared/crews";
import { getQueryFn } from "./api";
import { QUERY_KEYS } from "./query-keys";

const fetchJson = getQueryFn<unknown>({ on401: "throw" });

/** The company's crews, for the crews' screens and every form that picks one. */
export function useCrews() {
  return useQuery<CrewListResponse>({
    queryKey: QUERY_KEYS.crews,
    queryFn: async (context) => crewListResponseSchema.parse(await fetchJson(context)),
  });
}

/** The company's people with their crews, for the crews' and the team's screens. */
export function useTeam() {
  return useQuery<TeamResponse>({
    queryKey: QUERY_KEYS.team,
    queryFn: async (context) => teamResponseSchema.parse(await fetchJson(context)),
  });
}
