import { useMutation, useQueryClient } from "@tanstack/react-query";
import { integrationEndpoints, type IntegrationProvider } from "@fieldops/shared/integrations";
import { quickBooksEndpoints } from "@fieldops/shared/quickbooks";
import { stripeEndpoints } from "@fieldops/shared/stripe";
import { callEndpoint, endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

const INTEGRATIONS = endpointKey(integrationEndpoints.list);
const PAYMENT_SETTINGS = endpointKey(integrationEndpoints.paymentSettings);
const COMMUNICATION_SETTINGS = endpointKey(integrationEndpoints.communicationSettings);

export function useIntegrations(enabled = true) {
  return useEndpointQuery(integrationEndpoints.list, {}, { enabled });
}

/** Asks the server for the authorization URL and sends the browser there (the provider, or the simulated page). */
export function useStartIntegration() {
  return useMutation({
    mutationFn: (provider: IntegrationProvider) => callEndpoint(integrationEndpoints.connect, { params: { provider } }),
    onSuccess: ({ authorizationUrl }) => window.location.assign(authorizationUrl),
  });
}

/** Every screen that shows an integration's status reads it again. */
export function useDisconnectIntegration() {
  return useEndpointMutation(integrationEndpoints.disconnect, {
    invalidates: [INTEGRATIONS, PAYMENT_SETTINGS, COMMUNICATION_SETTINGS],
  });
}

export function usePaymentSettings(enabled = true) {
  return useEndpointQuery(integrationEndpoints.paymentSettings, {}, { enabled });
}

/** Saves the payment settings; the answer replaces the cached ones. */
export function useUpdatePaymentSettings() {
  const queryClient = useQueryClient();
  return useEndpointMutation(integrationEndpoints.updatePaymentSettings, {
    onSuccess: (settings) => queryClient.setQueryData(PAYMENT_SETTINGS, settings),
  });
}

/** Turns bank debits on the customer's page on or off; the answer replaces the cached payment settings. */
export function useUpdateBankDebits() {
  const queryClient = useQueryClient();
  return useEndpointMutation(integrationEndpoints.updateBankDebits, {
    onSuccess: (settings) => queryClient.setQueryData(PAYMENT_SETTINGS, settings),
  });
}

export function useCommunicationSettings(enabled = true) {
  return useEndpointQuery(integrationEndpoints.communicationSettings, {}, { enabled });
}

/** Saves the e-mail sender; the answer replaces the cached settings. */
export function useUpdateCommunicationSettings() {
  const queryClient = useQueryClient();
  return useEndpointMutation(integrationEndpoints.updateCommunicationSettings, {
    onSuccess: (settings) => queryClient.setQueryData(COMMUNICATION_SETTINGS, settings),
  });
}

/** The integrations screens follow a connection that its provider stopped accepting (found by the hourly refresh). */
export const integrationsLiveEvents = [
  ...refetchOnLiveEvents(["integrations.changed"], { queryKey: INTEGRATIONS }),
  // A push to QuickBooks ended (synced or failed): the sync states and the overview read again.
  ...refetchOnLiveEvents(["integrations.changed"], { queryKey: endpointKey(quickBooksEndpoints.overview) }),
  ...refetchOnLiveEvents(["integrations.changed"], { queryKey: ["/api/quickbooks", "sync"] }),
  // Stripe told us of the company's account (account.updated): the payment settings' card shows what it says now,
  // also when the owner is back from onboarding before the event was applied.
  ...refetchOnLiveEvents(["integrations.changed"], { queryKey: endpointKey(stripeEndpoints.account) }),
];
