import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import {
  convertEstimateResponseSchema,
  estimateDetailSchema,
  estimateListResponseSchema,
  publicLinkResponseSchema,
  sendEstimateResponseSchema,
  type CreateEstimateRequest,
  type EstimateDetail,
  type EstimateStatus,
} from "@fieldops/shared/estimates";
import type { z } from "zod";
import type { updateEstimateRequestSchema } from "@fieldops/shared/estimates";
import { jobEndpoints } from "@fieldops/shared/jobs";
import { apiRequest } from "../../lib/api";
import { endpointKey } from "../../lib/endpoints";
import { QUERY_KEYS } from "../../lib/query-keys";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

export interface EstimateFilters {
  status?: EstimateStatus;
  customerId?: string;
  search?: string;
}

async function json(method: string, url: string, body?: unknown): Promise<unknown> {
  return (await apiRequest(method, url, body)).json();
}

/** Estimates, newest first, a page at a time. */
export function useEstimates(filters: EstimateFilters) {
  return useInfiniteQuery({
    queryKey: [...QUERY_KEYS.estimates, "list", filters],
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const params = new URLSearchParams();
      if (filters.status) params.set("status", filters.status);
      if (filters.customerId) params.set("customerId", filters.customerId);
      if (filters.search) params.set("search", filters.search);
      if (pageParam) params.set("cursor", pageParam);
      const query = params.toString();
      return estimateListResponseSchema.parse(
        await json("GET", query ? `${API_PATHS.estimates}?${query}` : API_PATHS.estimates),
      );
    },
    getNextPageParam: (page) => page.nextCursor,
  });
}

export function useEstimate(id: string, enabled = true) {
  return useQuery({
    enabled,
    queryKey: QUERY_KEYS.estimate(id),
    queryFn: async () => estimateDetailSchema.parse(await json("GET", apiPath(API_PATHS.estimate, { id }))),
  });
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
      client.setQueryData(QUERY_KEYS.estimate(estimate.id), estimate);
      for (const queryKey of [QUERY_KEYS.estimates, QUERY_KEYS.leads, ...alsoChanged])
        await client.invalidateQueries({ queryKey });
    },
  });
}

export function useCreateEstimate() {
  return useEstimateMutation(
    async (body: CreateEstimateRequest) => estimateDetailSchema.parse(await json("POST", API_PATHS.estimates, body)),
    (e) => e,
  );
}

export type UpdateEstimateRequest = z.input<typeof updateEstimateRequestSchema>;

export function useUpdateEstimate(id: string) {
  return useEstimateMutation(
    async (body: UpdateEstimateRequest) =>
      estimateDetailSchema.parse(await json("PATCH", apiPath(API_PATHS.estimate, { id }), body)),
    (e) => e,
  );
}

export function useSendEstimate(id: string) {
  return useEstimateMutation(
    async (body: { email: boolean; sms: boolean }) =>
      sendEstimateResponseSchema.parse(await json("POST", apiPath(API_PATHS.estimateSend, { id }), body)),
    (result) => result.estimate,
  );
}

export function useDeclineEstimate(id: string) {
  return useEstimateMutation(
    async () => estimateDetailSchema.parse(await json("POST", apiPath(API_PATHS.estimateDecline, { id }))),
    (e) => e,
  );
}

export function useConvertEstimate(id: string) {
  return useEstimateMutation(
    async () => convertEstimateResponseSchema.parse(await json("POST", apiPath(API_PATHS.estimateConvert, { id }))),
    (result) => result.estimate,
    [endpointKey(jobEndpoints.list)],
  );
}

/** A new review link to copy; links given out before keep working. */
export async function createEstimateLink(id: string): Promise<string> {
  return publicLinkResponseSchema.parse(await json("POST", apiPath(API_PATHS.estimateLink, { id }))).url;
}

/** Open estimate screens and lists follow changes made elsewhere (another user, the customer's answer, the outbox). */
export const estimatesLiveEvents = refetchOnLiveEvents(["estimates.changed"], { queryKey: QUERY_KEYS.estimates });
