import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import {
  adminEndpoints,
  RESOURCES_REFRESH_MS,
  type AdminTenantQuery,
  type MenuId,
  type MenuItem,
  type TenantFeaturesRequest,
} from "@fieldops/shared/admin";
import type { PlanFeature, PlanId } from "@fieldops/shared/plans";
import { callEndpoint, endpointKey, useEndpointMutation, useEndpointQuery } from "../../lib/endpoints";

export function useAdminOverview(query: AdminTenantQuery) {
  return useEndpointQuery(adminEndpoints.overview, { query });
}

export function useAdminTenants(query: AdminTenantQuery) {
  return useEndpointQuery(adminEndpoints.listTenants, { query });
}

export function useTenantDetail(companyId: string) {
  return useEndpointQuery(adminEndpoints.getTenant, { params: { companyId } });
}

export function useFeatureFlags() {
  return useEndpointQuery(adminEndpoints.features, {});
}

/** The platform's resources, asked again every few seconds while the page is open. */
export function usePlatformResources() {
  return useEndpointQuery(adminEndpoints.resources, {}, { refetchInterval: RESOURCES_REFRESH_MS });
}

export function useAssistantTranscripts(companyId: string | null) {
  return useEndpointQuery(
    adminEndpoints.assistantTranscripts,
    { query: { companyId: companyId ?? "" } },
    { enabled: companyId !== null },
  );
}

/**
 * Every admin read (each key starts with "/api/admin"): after a change all are fetched again (a tenant's plan shows on
 * the dashboard, its page, the features).
 */
const allAdminReads = endpointKey(adminEndpoints.overview).slice(0, 1);

function refreshAdmin(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ queryKey: allAdminReads });
}

export function useCreateTenant() {
  return useEndpointMutation(adminEndpoints.createTenant, { invalidates: [allAdminReads] });
}

type TenantAction =
  | { kind: "plan"; planId: PlanId }
  | { kind: "features"; request: TenantFeaturesRequest }
  | { kind: "suspend"; reason: string }
  | { kind: "restore" };

/** A change to one tenant (plan, features, suspension); the answer is its page's data. */
export function useTenantAction(companyId: string) {
  const queryClient = useQueryClient();
  const params = { companyId };
  return useMutation({
    mutationFn: (action: TenantAction) =>
      action.kind === "plan"
        ? callEndpoint(adminEndpoints.changeTenantPlan, { params, body: { planId: action.planId } })
        : action.kind === "features"
          ? callEndpoint(adminEndpoints.setTenantFeatures, { params, body: action.request })
          : action.kind === "suspend"
            ? callEndpoint(adminEndpoints.suspendTenant, { params, body: { reason: action.reason } })
            : callEndpoint(adminEndpoints.restoreTenant, { params }),
    onSuccess: async (detail) => {
      queryClient.setQueryData(endpointKey(adminEndpoints.getTenant, { params }), detail);
      await refreshAdmin(queryClient);
    },
  });
}

export function useSetPlanFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ enabled, ...params }: { plan: PlanId; feature: PlanFeature; enabled: boolean }) =>
      callEndpoint(adminEndpoints.setPlanFeature, { params, body: { enabled } }),
    onSuccess: (flags) => {
      queryClient.setQueryData(endpointKey(adminEndpoints.features), flags);
      return refreshAdmin(queryClient);
    },
  });
}

/** Saves (or, with null, resets) a menu; the sidebar reads it again. */
export function useSaveMenu(menu: MenuId) {
  const queryClient = useQueryClient();
  const params = { menu };
  return useMutation({
    mutationFn: (items: MenuItem[] | null) =>
      items
        ? callEndpoint(adminEndpoints.saveMenu, { params, body: { items } })
        : callEndpoint(adminEndpoints.resetMenu, { params }),
    onSuccess: (saved) => queryClient.setQueryData(endpointKey(adminEndpoints.menu, { params }), saved),
  });
}
