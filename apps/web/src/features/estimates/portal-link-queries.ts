import { useMutation, useQueryClient } from "@tanstack/react-query";
import { portalLinkEndpoints } from "@fieldops/shared/review";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoints";

export function usePortalLinkStatus(customerId: string) {
  return useEndpointQuery(portalLinkEndpoints.get, { params: { id: customerId } });
}

/** Makes (or sends, by e-mail and text) a new link, revoking the one before; answers with the new URL. */
export function useNewPortalLink(customerId: string) {
  const client = useQueryClient();
  const params = { id: customerId };
  return useMutation({
    mutationFn: async (send: { email: boolean; sms: boolean } | null) =>
      (send
        ? await callEndpoint(portalLinkEndpoints.send, { params, body: send })
        : await callEndpoint(portalLinkEndpoints.create, { params })
      ).url,
    onSuccess: () => client.invalidateQueries({ queryKey: endpointKey(portalLinkEndpoints.get, { params }) }),
  });
}

export function useRevokePortalLink(customerId: string) {
  const client = useQueryClient();
  const params = { id: customerId };
  return useMutation({
    mutationFn: () => callEndpoint(portalLinkEndpoints.revoke, { params }),
    onSuccess: () => client.invalidateQueries({ queryKey: endpointKey(portalLinkEndpoints.get, { params }) }),
  });
}
