import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import {
  crewLoadSchema,
  crewSchema,
  type CreateCrewRequest,
  type Crew,
  type CrewLoad,
  type UpdateCrewRequest,
} from "@fieldops/shared/crews";
import { apiRequest, getQueryFn } from "../../lib/api";
import { QUERY_KEYS } from "../../lib/query-keys";

const fetchJson = getQueryFn<unknown>({ on401: "throw" });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a crew at all: anything else is not found without asking the server. */
export const isCrewId = (id: string) => UUID.test(id);

const crewPath = (id: string) => apiPath(API_PATHS.crew, { id });

export function useCrew(id: string) {
  return useQuery<Crew>({
    queryKey: QUERY_KEYS.crew(id),
    queryFn: async (context) => crewSchema.parse(await fetchJson(context)),
    enabled: isCrewId(id),
    retry: false,
  });
}

/** This week's load of a crew, in the company's time zone. */
export function useCrewLoad(id: string) {
  return useQuery<CrewLoad>({
    queryKey: QUERY_KEYS.crewLoad(id),
    queryFn: async (context) => crewLoadSchema.parse(await fetchJson(context)),
    enabled: isCrewId(id),
  });
}

/** After any change to a crew: the crews, their loads and the team (whose crews changed) are read again. */
function useCrewChange<Input>(send: (input: Input) => Promise<Response>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => {
      const response = await send(input);
      return crewSchema.parse(await response.json());
    },
    onSuccess: async (crew) => {
      queryClient.setQueryData(QUERY_KEYS.crew(crew.id), crew);
      await Promise.all([
        // The list, every crew and every load (a crew's hours change its working minutes).
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.crews }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.team }),
      ]);
    },
  });
}

export const useCreateCrew = () =>
  useCrewChange((input: CreateCrewRequest) => apiRequest("POST", API_PATHS.crews, input));

export const useUpdateCrew = (id: string) =>
  useCrewChange((input: UpdateCrewRequest) => apiRequest("PATCH", crewPath(id), input));

/** The deleted crew's own queries are left alone: read again, they would only answer 404 to the page leaving it. */
export function useDeleteCrew(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("DELETE", crewPath(id));
    },
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.crews, exact: true }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.team }),
      ]);
    },
  });
}

export const useAddCrewMember = (id: string) =>
  useCrewChange((userId: string) => apiRequest("POST", apiPath(API_PATHS.crewMembers, { id }), { userId }));

export const useRemoveCrewMember = (id: string) =>
  useCrewChange((userId: string) => apiRequest("DELETE", apiPath(API_PATHS.crewMember, { id, userId })));

/** Minutes as "7h 30m". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}
