import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import {
  acceptBuildResponseSchema,
  buildListResponseSchema,
  buildPricingResponseSchema,
  buildSchema,
  type AcceptBuildResponse,
  type BuildPricing,
} from "@fieldops/shared/builds";
import { apiRequest } from "../../lib/api";
import type { AppEvent } from "@fieldops/shared/events";
import { onLiveEvent, refetchOnLiveEvents } from "../../lib/live-event-registry";
import { QUERY_KEYS } from "../../lib/query-keys";
import { useParsedQuery } from "../../lib/queries";

/** Accepts a quote; the key makes a repeated click (or a retry) answer with the same build. */
export async function acceptBuildQuote(input: {
  consentToken: string;
  instanceId: string;
  idempotencyKey: string;
}): Promise<AcceptBuildResponse> {
  const response = await apiRequest(
    "POST",
    API_PATHS.builds,
    { consentToken: input.consentToken, instanceId: input.instanceId },
    { "Idempotency-Key": input.idempotencyKey },
  );
  return acceptBuildResponseSchema.parse(await response.json());
}

export const useCompanyBuilds = (enabled = true) => useParsedQuery(QUERY_KEYS.builds, buildListResponseSchema, enabled);

/** Every company's builds, for platform admins: they have no company socket, so the monitor reads again every 2 s. */
export function usePlatformBuilds() {
  return useQuery({
    queryKey: QUERY_KEYS.adminBuilds,
    queryFn: async () => buildListResponseSchema.parse(await (await apiRequest("GET", API_PATHS.adminBuilds)).json()),
    refetchInterval: 2000,
  });
}

export type BuildAction = "promote" | "retry" | "rollback";
const ACTION_PATHS: Record<BuildAction, string> = {
  promote: API_PATHS.buildPromote,
  retry: API_PATHS.buildRetry,
  rollback: API_PATHS.buildRollback,
};

export function useBuildAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: BuildAction }) =>
      buildSchema.parse(await (await apiRequest("POST", apiPath(ACTION_PATHS[action], { id }))).json()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.builds }),
  });
}

export const useBuildPricing = () => useParsedQuery(QUERY_KEYS.buildPricing, buildPricingResponseSchema);

export function useSaveBuildPricing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (pricing: BuildPricing) =>
      buildPricingResponseSchema.parse(await (await apiRequest("PUT", API_PATHS.adminBuildPricing, pricing)).json()),
    onSuccess: (saved) => queryClient.setQueryData(QUERY_KEYS.buildPricing, saved),
  });
}

/** Whether the app's shape changed with this step: a feature appeared in preview or production, or left. */
const changesTheApp = ({ payload }: Extract<AppEvent, { name: "build.updated" }>) =>
  payload.status === "rolled_back" ||
  (payload.stageStatus === "passed" && (payload.stage === "preview" || payload.stage === "production"));

/**
 * A build moving on refreshes the builds page; one that changed the app also the company and the tenant's
 * configuration (their beta mode).
 */
export const buildsLiveEvents = [
  ...refetchOnLiveEvents(["build.updated"], { queryKey: QUERY_KEYS.builds }),
  onLiveEvent("build.updated", (event, { queryClient }) => {
    if (!changesTheApp(event)) return;
    void queryClient.invalidateQueries({
      predicate: (query) => /^\/api\/(?:company|tenants)(?:\/|$)/.test(String(query.queryKey[0])),
    });
  }),
];
