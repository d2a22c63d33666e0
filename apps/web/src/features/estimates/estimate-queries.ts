import { useInfiniteQuery, useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import type { EndpointInput } from "@fieldops/shared/endpoint";
import {
  estimateEndpoints,
  type ConvertEstimateRequest,
  type CreateEstimateRequest,
  type EstimateDetail,
  type EstimateStatus,
} from "@fieldops/shared/estimates";
import { jobEndpoints } from "@fieldops/shared/jobs";
import { leadEndpoints } from "@fieldops/shared/leads";
import { salesDocumentFileName } from "@fieldops/shared/documents";
import { downloadFromApi } from "../../lib/download";
import { callEndpoint, endpointKey, endpointUrl, useEndpointQuery } from "../../lib/endpoints";
import { onLiveEvent, refetchOnLiveEvents } from "../../lib/live-event-registry";

export interface EstimateFilters {
  status?: EstimateStatus;
  customerId?: string;
  search?: string;
}

/** Every estimate read (lists and estimates). */
const allEstimates = endpointKey(estimateEndpoints.list);

/** Estimates, newest first, a page at a time. */
export function useEstimates(filters: EstimateFilters) {
  return useInfiniteQuery({
    queryKey: endpointKey(estimateEndpoints.list, { query: filters }),
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      callEndpoint(estimateEndpoints.list, { query: { ...filters, ...(pageParam ? { cursor: pageParam } : {}) } }),
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useEstimate(id: string, enabled = true) {
  return useEndpointQuery(estimateEndpoints.get, { params: { id } }, { enabled });
}

/** Every estimate mutation answers with the estimate (or carries it): the cache takes it, lists refetch. */
function useEstimateMutation<Input, Output>(
  mutationFn: (input: Input) => Promise<Output>,
  estimateOf: (output: Output) => EstimateDetail,
  alsoChanged: readonly QueryKey[] = [],
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (output) => {
      const estimate = estimateOf(output);
      client.setQueryData(endpointKey(estimateEndpoints.get, { params: { id: estimate.id } }), estimate);
      for (const queryKey of [allEstimates, endpointKey(leadEndpoints.list), ...alsoChanged])
        await client.invalidateQueries({ queryKey });
    },
  });
}

export function useCreateEstimate() {
  return useEstimateMutation(
    (body: CreateEstimateRequest) => callEndpoint(estimateEndpoints.create, { body }),
    (e) => e,
  );
}

export type UpdateEstimateRequest = EndpointInput<typeof estimateEndpoints.update>["body"];

export function useUpdateEstimate(id: string) {
  return useEstimateMutation(
    (body: UpdateEstimateRequest) => callEndpoint(estimateEndpoints.update, { params: { id }, body }),
    (e) => e,
  );
}

export function useSendEstimate(id: string) {
  return useEstimateMutation(
    (body: { email: boolean; sms: boolean }) => callEndpoint(estimateEndpoints.send, { params: { id }, body }),
    (result) => result.estimate,
  );
}

export function useDeclineEstimate(id: string) {
  return useEstimateMutation(
    () => callEndpoint(estimateEndpoints.decline, { params: { id } }),
    (e) => e,
  );
}

export function useConvertEstimate(id: string) {
  return useEstimateMutation(
    (body: ConvertEstimateRequest) => callEndpoint(estimateEndpoints.convert, { params: { id }, body }),
    (result) => result.estimate,
    [endpointKey(jobEndpoints.list)],
  );
}

/** A new review link to copy; links given out before keep working. */
export async function createEstimateLink(id: string): Promise<string> {
  return (await callEndpoint(estimateEndpoints.createLink, { params: { id } })).url;
}

/** Open estimate screens and lists follow changes made elsewhere (another user, the customer's answer, the outbox). */
export const estimatesLiveEvents = [
  ...refetchOnLiveEvents(["estimates.changed"], { queryKey: allEstimates }),
  // An estimate's messages show their delivery as it moves on: the estimates the messages were sent for refetch.
  onLiveEvent("outbox.changed", (event, { queryClient }) => {
    for (const id of event.payload.estimateIds)
      void queryClient.invalidateQueries({ queryKey: endpointKey(estimateEndpoints.get, { params: { id } }) });
  }),
];

/** Downloads the estimate's PDF (what was last saved), as the customer would receive it. */
export function downloadEstimatePdf(estimate: { id: string; number: number }): Promise<void> {
  return downloadFromApi(
    endpointUrl(estimateEndpoints.pdf, { params: { id: estimate.id } }),
    salesDocumentFileName("estimate", estimate.number),
  );
}
