import { useMutation, useQueryClient } from "@tanstack/react-query";
import { crewEndpoints, type CreateCrewRequest, type Crew, type UpdateCrewRequest } from "@fieldops/shared/crews";
import type { EndpointInput } from "@fieldops/shared/endpoint";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoints";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `id` can name a crew at all: anything else is not found without asking the server. */
export const isCrewId = (id: string) => UUID.test(id);

/** Every crew read: the list, each crew and each crew's load. */
const allCrews = endpointKey(crewEndpoints.list);
const team = endpointKey(crewEndpoints.team);

export function useCrew(id: string) {
  return useEndpointQuery(crewEndpoints.get, { params: { id } }, { enabled: isCrewId(id), retry: false });
}

/** This week's load of a crew, in the company's time zone. */
export function useCrewLoad(id: string) {
  return useEndpointQuery(crewEndpoints.load, { params: { id } }, { enabled: isCrewId(id) });
}

/** After any change to a crew: the crews, their loads and the team (whose crews changed) are read again. */
function useCrewChange<Input>(send: (input: Input) => Promise<Crew>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: async (crew) => {
      queryClient.setQueryData(endpointKey(crewEndpoints.get, { params: { id: crew.id } }), crew);
      await Promise.all([
        // The list, every crew and every load (a crew's hours change its working minutes).
        queryClient.invalidateQueries({ queryKey: allCrews }),
        queryClient.invalidateQueries({ queryKey: team }),
      ]);
    },
  });
}

export const useCreateCrew = () =>
  useCrewChange((body: CreateCrewRequest) => callEndpoint(crewEndpoints.create, { body }));

export const useUpdateCrew = (id: string) =>
  useCrewChange((body: UpdateCrewRequest) => callEndpoint(crewEndpoints.update, { params: { id }, body }));

/** The deleted crew's own queries are left alone: read again, they would only answer 404 to the page leaving it. */
export function useDeleteCrew(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(crewEndpoints.delete, { params: { id } }),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: allCrews, exact: true }),
        queryClient.invalidateQueries({ queryKey: team }),
      ]);
    },
  });
}

export const useAddCrewMember = (id: string) =>
  useCrewChange((body: EndpointInput<typeof crewEndpoints.addMember>["body"]) =>
    callEndpoint(crewEndpoints.addMember, { params: { id }, body }),
  );

export const useRemoveCrewMember = (id: string) =>
  useCrewChange((userId: string) => callEndpoint(crewEndpoints.removeMember, { params: { id, userId } }));

/** Minutes as "7h 30m". */
export function formatMinutes(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest}m`;
  return rest === 0 ? `${hours}h` : `${hours}h ${rest}m`;
}

/** A member's home: the crews (whose members and starts show it) are read again. */
export function useSetMemberHome(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EndpointInput<typeof crewEndpoints.setMemberHome>["body"]) =>
      callEndpoint(crewEndpoints.setMemberHome, { params: { userId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: allCrews }),
  });
}
