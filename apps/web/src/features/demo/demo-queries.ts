import { tenantEndpoints } from "@fieldops/shared/tenants";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { demoStatusSchema, type DemoStatus, demoEndpoints } from "@fieldops/shared/demo";
import type { PlanId } from "@fieldops/shared/plans";
import { apiRequest, getQueryFn } from "../../lib/api";
import { QUERY_KEYS } from "../../lib/query-keys";

const fetchJson = getQueryFn<unknown>({ on401: "throw" });

/** GET /api/demo/status: whether the signed-in company is a demo, and its switched tier. */
export function useDemoStatus(enabled = true) {
  return useQuery<DemoStatus>({
    queryKey: QUERY_KEYS.demoStatus,
    queryFn: async (context) => demoStatusSchema.parse(await fetchJson(context)),
    enabled,
  });
}

const TENANT_CONFIG_PREFIX = tenantEndpoints.config.path.slice(0, tenantEndpoints.config.path.indexOf(":"));

/**
 * POST /api/demo/tier. The demo status and the company's data (its plan, and the tenant config its sidebar is drawn
 * from) are read again, so every screen shows the new tier's features.
 */
export function useSwitchDemoTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (tier: PlanId) =>
      demoStatusSchema.parse(await (await apiRequest("POST", demoEndpoints.switchTier.path, { tier })).json()),
    onSuccess: async (status) => {
      queryClient.setQueryData(QUERY_KEYS.demoStatus, status);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.demoStatus }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.company }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.companyPlan }),
        queryClient.invalidateQueries({
          predicate: (query) => String(query.queryKey[0]).startsWith(TENANT_CONFIG_PREFIX),
        }),
      ]);
    },
  });
}
