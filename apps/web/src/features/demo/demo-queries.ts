import { useMutation, useQueryClient } from "@tanstack/react-query";
import { companyEndpoints } from "@fieldops/shared/company";
import { demoEndpoints } from "@fieldops/shared/demo";
import { planEndpoints, type PlanId } from "@fieldops/shared/plans";
import { tenantEndpoints } from "@fieldops/shared/tenants";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoints";

const DEMO_STATUS_KEY = endpointKey(demoEndpoints.status);
/** The first part of every tenant's config key ("/api/tenants"), whichever tenant: all of them. */
const ALL_TENANT_CONFIGS = endpointKey(tenantEndpoints.config, { params: { tenantId: "any" } }).slice(0, 1);

/** GET /api/demo/status: whether the signed-in company is a demo, and its switched tier. */
export function useDemoStatus(enabled = true) {
  return useEndpointQuery(demoEndpoints.status, {}, { enabled });
}

/**
 * POST /api/demo/tier. The demo status and the company's data (its plan, and the tenant config its sidebar is drawn
 * from) are read again, so every screen shows the new tier's features.
 */
export function useSwitchDemoTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tier: PlanId) => callEndpoint(demoEndpoints.switchTier, { body: { tier } }),
    onSuccess: async (status) => {
      queryClient.setQueryData(DEMO_STATUS_KEY, status);
      await Promise.all(
        [
          DEMO_STATUS_KEY,
          endpointKey(companyEndpoints.get),
          endpointKey(planEndpoints.overview),
          ALL_TENANT_CONFIGS,
        ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      );
    },
  });
}
