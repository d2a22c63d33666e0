import { useMutation, useQueryClient } from "@tanstack/react-query";
import { buildEndpoints, type AcceptBuildResponse } from "@fieldops/shared/builds";
import type { AppEvent } from "@fieldops/shared/events";
import { callEndpoint, endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { onLiveEvent, refetchOnLiveEvents } from "../../lib/live-event-registry";

/** Accepts a quote; the key makes a repeated click (or a retry) answer with the same build. */
export function acceptBuildQuote(input: {
  consentToken: string;
  instanceId: string;
  idempotencyKey: string;
}): Promise<AcceptBuildResponse> {
  return callEndpoint(buildEndpoints.accept, {
    headers: { "idempotency-key": input.idempotencyKey },
    body: { consentToken: input.consentToken, instanceId: input.instanceId },
  });
}

/** The company's builds (a build's own read is under this key too). */
const companyBuilds = endpointKey(buildEndpoints.list);

export const useCompanyBuilds = (enabled = true) => useEndpointQuery(buildEndpoints.list, {}, { enabled });

/** Every company's builds, for platform admins: they have no company socket, so the monitor reads again every 2 s. */
export function usePlatformBuilds() {
  return useEndpointQuery(buildEndpoints.adminList, {}, { refetchInterval: 2000 });
}

export type BuildAction = "promote" | "retry" | "rollback";

export function useBuildAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: BuildAction }) =>
      callEndpoint(buildEndpoints[action], { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyBuilds }),
  });
}

export const useBuildPricing = () => useEndpointQuery(buildEndpoints.pricing, {});

export function useSaveBuildPricing() {
  const queryClient = useQueryClient();
  return useEndpointMutation(buildEndpoints.savePricing, {
    onSuccess: (saved) => queryClient.setQueryData(endpointKey(buildEndpoints.pricing), saved),
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
  ...refetchOnLiveEvents(["build.updated"], { queryKey: companyBuilds }),
  onLiveEvent("build.updated", (event, { queryClient }) => {
    if (!changesTheApp(event)) return;
    void queryClient.invalidateQueries({
      predicate: (query) => /^\/api\/(?:company|tenants)(?:\/|$)/.test(String(query.queryKey[0])),
    });
  }),
];
