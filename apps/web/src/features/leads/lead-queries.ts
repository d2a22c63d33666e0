import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { customerEndpoints } from "@fieldops/shared/customers";
import type { EndpointInput } from "@fieldops/shared/endpoint";
import { estimateEndpoints } from "@fieldops/shared/estimates";
import { leadEndpoints, type CreateLeadRequest, type LeadStatus } from "@fieldops/shared/leads";
import { callEndpoint, endpointKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

/** Every lead list. */
const allLeads = endpointKey(leadEndpoints.list);

export function useLeads(filters: { status?: LeadStatus; customerId?: string }) {
  return useInfiniteQuery({
    queryKey: endpointKey(leadEndpoints.list, { query: filters }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      callEndpoint(leadEndpoints.list, { query: { ...filters, ...(pageParam ? { cursor: pageParam } : {}) } }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

function useLeadMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: allLeads });
      await client.invalidateQueries({ queryKey: endpointKey(estimateEndpoints.list) });
      await client.invalidateQueries({ queryKey: endpointKey(customerEndpoints.list) });
    },
  });
}

export function useCreateLead() {
  return useLeadMutation((body: CreateLeadRequest) => callEndpoint(leadEndpoints.create, { body }));
}

export function useUpdateLead(id: string) {
  return useLeadMutation((body: EndpointInput<typeof leadEndpoints.update>["body"]) =>
    callEndpoint(leadEndpoints.update, { params: { id }, body }),
  );
}

/** Makes the lead's draft estimate (and the customer, for a prospect). */
export function useConvertLead() {
  return useLeadMutation((id: string) => callEndpoint(leadEndpoints.createEstimate, { params: { id } }));
}

/** A lead moves on when its estimate is answered, so both events refresh the list. */
export const leadsLiveEvents = refetchOnLiveEvents(["leads.changed", "estimates.changed"], { queryKey: allLeads });
