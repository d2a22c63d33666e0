import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import { publicLinkResponseSchema } from "@fieldops/shared/estimates";
import { portalLinkStatusSchema } from "@fieldops/shared/review";
import { apiRequest } from "../../lib/api";
import { QUERY_KEYS } from "../../lib/query-keys";

export function usePortalLinkStatus(customerId: string) {
  return useQuery({
    queryKey: QUERY_KEYS.portalLink(customerId),
    queryFn: async () =>
      portalLinkStatusSchema.parse(
        await (await apiRequest("GET", apiPath(API_PATHS.customerPortalLink, { id: customerId }))).json(),
      ),
  });
}

/** Makes (or sends, by e-mail and text) a new link, revoking the one before; answers with the new URL. */
export function useNewPortalLink(customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (send: { email: boolean; sms: boolean } | null) => {
      const path = send ? API_PATHS.customerPortalLinkSend : API_PATHS.customerPortalLink;
      return publicLinkResponseSchema.parse(
        await (await apiRequest("POST", apiPath(path, { id: customerId }), send ?? undefined)).json(),
      ).url;
    },
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_KEYS.portalLink(customerId) }),
  });
}

export function useRevokePortalLink(customerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      await apiRequest("DELETE", apiPath(API_PATHS.customerPortalLink, { id: customerId }));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: QUERY_KEYS.portalLink(customerId) }),
  });
}
