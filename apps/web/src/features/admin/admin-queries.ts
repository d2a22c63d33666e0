import { useMutation, useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import {
  adminOverviewSchema,
  adminTenantListSchema,
  brainPacketListSchema,
  menuSchema,
  planFeatureFlagsSchema,
  platformResourcesSchema,
  RESOURCES_REFRESH_MS,
  tenantDetailSchema,
  type CreateTenantRequest,
  type MenuId,
  type MenuItem,
  type TenantFeaturesRequest,
} from "@fieldops/shared/admin";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import type { PlanFeature, PlanId } from "@fieldops/shared/plans";
import { apiRequest, getQueryFn } from "../../lib/api";
import { QUERY_KEYS } from "../../lib/query-keys";

const fetchJson = getQueryFn<unknown>({ on401: "throw" });

export function useAdminOverview(query: string) {
  return useQuery({
    queryKey: QUERY_KEYS.adminOverview(query),
    queryFn: async (context) => adminOverviewSchema.parse(await fetchJson(context)),
  });
}

export function useAdminTenants(query: string) {
  return useQuery({
    queryKey: QUERY_KEYS.adminTenants(query),
    queryFn: async (context) => adminTenantListSchema.parse(await fetchJson(context)),
  });
}

export function useTenantDetail(companyId: string) {
  return useQuery({
    queryKey: QUERY_KEYS.adminTenant(companyId),
    queryFn: async (context) => tenantDetailSchema.parse(await fetchJson(context)),
  });
}

export function useFeatureFlags() {
  return useQuery({
    queryKey: QUERY_KEYS.adminFeatures,
    queryFn: async (context) => planFeatureFlagsSchema.parse(await fetchJson(context)),
  });
}

/** The platform's resources, asked again every few seconds while the page is open. */
export function usePlatformResources() {
  return useQuery({
    queryKey: QUERY_KEYS.adminResources,
    queryFn: async (context) => platformResourcesSchema.parse(await fetchJson(context)),
    refetchInterval: RESOURCES_REFRESH_MS,
  });
}

export function useBrainPackets(companyId: string | null) {
  return useQuery({
    queryKey: QUERY_KEYS.adminBrainPackets(companyId ?? ""),
    queryFn: async (context) => brainPacketListSchema.parse(await fetchJson(context)),
    enabled: companyId !== null,
  });
}

/** After a change, every admin read is fetched again (a tenant's plan shows on the dashboard, its page, the features). */
function refreshAdmin(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).startsWith("/api/admin") });
}

async function sendJson(method: string, path: string, body?: unknown): Promise<unknown> {
  return (await apiRequest(method, path, body)).json();
}

export function useCreateTenant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: CreateTenantRequest) =>
      tenantDetailSchema.parse(await sendJson("POST", API_PATHS.adminTenants, request)),
    onSuccess: () => refreshAdmin(queryClient),
  });
}

type TenantAction =
  | { kind: "plan"; planId: PlanId }
  | { kind: "features"; request: TenantFeaturesRequest }
  | { kind: "suspend"; reason: string }
  | { kind: "restore" };

/** A change to one tenant (plan, features, suspension); the answer is its page's data. */
export function useTenantAction(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (action: TenantAction) => {
      const path = (template: string) => apiPath(template, { companyId });
      const answer =
        action.kind === "plan"
          ? await sendJson("PUT", path(API_PATHS.adminTenantPlan), { planId: action.planId })
          : action.kind === "features"
            ? await sendJson("PUT", path(API_PATHS.adminTenantFeatures), action.request)
            : action.kind === "suspend"
              ? await sendJson("POST", path(API_PATHS.adminTenantSuspend), { reason: action.reason })
              : await sendJson("POST", path(API_PATHS.adminTenantRestore));
      return tenantDetailSchema.parse(answer);
    },
    onSuccess: async (detail) => {
      queryClient.setQueryData(QUERY_KEYS.adminTenant(companyId), detail);
      await refreshAdmin(queryClient);
    },
  });
}

export function useSetPlanFeature() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { plan: PlanId; feature: PlanFeature; enabled: boolean }) =>
      planFeatureFlagsSchema.parse(
        await sendJson("PUT", apiPath(API_PATHS.adminPlanFeature, { plan: input.plan, feature: input.feature }), {
          enabled: input.enabled,
        }),
      ),
    onSuccess: (flags) => {
      queryClient.setQueryData(QUERY_KEYS.adminFeatures, flags);
      return refreshAdmin(queryClient);
    },
  });
}

/** Saves (or, with null, resets) a menu; the sidebar reads it again. */
export function useSaveMenu(menu: MenuId) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (items: MenuItem[] | null) =>
      menuSchema.parse(
        await sendJson(items ? "PUT" : "DELETE", apiPath(API_PATHS.adminMenu, { menu }), items ? { items } : undefined),
      ),
    onSuccess: (saved) => queryClient.setQueryData(QUERY_KEYS.menu(menu), saved),
  });
}
