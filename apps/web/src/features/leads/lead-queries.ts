import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import { estimateDetailSchema } from "@fieldops/shared/estimates";
import { leadListResponseSchema, leadSchema, type CreateLeadRequest, type LeadStatus } from "@fieldops/shared/leads";
import type { z } from "zod";
import type { updateLeadRequestSchema } from "@fieldops/shared/leads";
import { customerEndpoints } from "@fieldops/shared/customers";
import { apiRequest } from "../../lib/api";
import { endpointKey } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";

export function useLeads(filters: { status?: LeadStatus; customerId?: string }) {
  return useInfiniteQuery({
    queryKey: [...QUERY_KEYS.leads, filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams();
      if (filters.status) params.set("status", filters.status);
      if (filters.customerId) params.set("customerId", filters.customerId);
      if (pageParam) params.set("cursor", pageParam);
      const query = params.toString();
      return leadListResponseSchema.parse(
        await (await apiRequest("GET", query ? `${API_PATHS.leads}?${query}` : API_PATHS.leads)).json(),
      );
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

function useLeadMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: QUERY_KEYS.leads });
      await client.invalidateQueries({ queryKey: QUERY_KEYS.estimates });
      await client.invalidateQueries({ queryKey: endpointKey(customerEndpoints.list) });
    },
  });
}

export function useCreateLead() {
  return useLeadMutation(async (body: CreateLeadRequest) =>
    leadSchema.parse(await (await apiRequest("POST", API_PATHS.leads, body)).json()),
  );
}

export function useUpdateLead(id: string) {
  return useLeadMutation(async (body: z.input<typeof updateLeadRequestSchema>) =>
    leadSchema.parse(await (await apiRequest("PATCH", apiPath(API_PATHS.lead, { id }), body)).json()),
  );
}

/** Makes the lead's draft estimate (and the customer, for a prospect). */
export function useConvertLead() {
  return useLeadMutation(async (id: string) =>
    estimateDetailSchema.parse(await (await apiRequest("POST", apiPath(API_PATHS.leadEstimate, { id }))).json()),
  );
}

/** A lead moves on when its estimate is answered, so both events refresh the list. */
export const leadsLiveEvents = refetchOnLiveEvents(["leads.changed", "estimates.changed"], {
  queryKey: QUERY_KEYS.leads,
});
