import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";
import { apiPath } from "@fieldops/shared/api-paths";
import {
  communicationSettingsResponseSchema,
  integrationListResponseSchema,
  paymentSettingsResponseSchema,
  startIntegrationResponseSchema,
  type CommunicationSettings,
  type CommunicationSettingsResponse,
  type IntegrationListResponse,
  type IntegrationProvider,
  type PaymentSettings,
  type PaymentSettingsResponse,
  integrationEndpoints,
} from "@fieldops/shared/integrations";
import { apiRequest, getQueryFn } from "../../lib/api";
import { QUERY_KEYS } from "../../lib/query-keys";

const fetchJson = getQueryFn<unknown>({ on401: "throw" });

export function useIntegrations(enabled = true) {
  return useQuery<IntegrationListResponse>({
    queryKey: QUERY_KEYS.integrations,
    queryFn: async (context) => integrationListResponseSchema.parse(await fetchJson(context)),
    enabled,
  });
}

/** Every screen that shows an integration's status reads it again. */
function useRefreshIntegrations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [QUERY_KEYS.integrations, QUERY_KEYS.paymentSettings, QUERY_KEYS.communicationSettings].map((queryKey) =>
        queryClient.invalidateQueries({ queryKey }),
      ),
    );
}

/** Asks the server for the authorization URL and sends the browser there (the provider, or the simulated page). */
export function useStartIntegration() {
  return useMutation({
    mutationFn: async (provider: IntegrationProvider) => {
      const response = await apiRequest("POST", apiPath(integrationEndpoints.connect.path, { provider }));
      return startIntegrationResponseSchema.parse(await response.json());
    },
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });
}

export function useDisconnectIntegration() {
  const refresh = useRefreshIntegrations();
  return useMutation({
    mutationFn: async (provider: IntegrationProvider) => {
      await apiRequest("DELETE", apiPath(integrationEndpoints.disconnect.path, { provider }));
    },
    onSuccess: refresh,
  });
}

export function usePaymentSettings(enabled = true) {
  return useQuery<PaymentSettingsResponse>({
    queryKey: QUERY_KEYS.paymentSettings,
    queryFn: async (context) => paymentSettingsResponseSchema.parse(await fetchJson(context)),
    enabled,
  });
}

/** Saves a settings form; the answer replaces the cached settings. */
function useSaveSettings<Input, Output>(
  path: string,
  schema: { parse(value: unknown): Output },
  queryKey: readonly string[],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => schema.parse(await (await apiRequest("PUT", path, input)).json()),
    onSuccess: (settings) => queryClient.setQueryData(queryKey, settings),
  });
}

export const useUpdatePaymentSettings = () =>
  useSaveSettings<PaymentSettings, PaymentSettingsResponse>(
    integrationEndpoints.paymentSettings.path,
    paymentSettingsResponseSchema,
    QUERY_KEYS.paymentSettings,
  );

export function useCommunicationSettings(enabled = true) {
  return useQuery<CommunicationSettingsResponse>({
    queryKey: QUERY_KEYS.communicationSettings,
    queryFn: async (context) => communicationSettingsResponseSchema.parse(await fetchJson(context)),
    enabled,
  });
}

export const useUpdateCommunicationSettings = () =>
  useSaveSettings<CommunicationSettings, CommunicationSettingsResponse>(
    integrationEndpoints.communicationSettings.path,
    communicationSettingsResponseSchema,
    QUERY_KEYS.communicationSettings,
  );

/** The integrations screens follow a connection that its provider stopped accepting (found by the hourly refresh). */
export const integrationsLiveEvents = refetchOnLiveEvents(["integrations.changed"], {
  queryKey: QUERY_KEYS.integrations,
});
