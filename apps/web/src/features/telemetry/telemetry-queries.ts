import { useQuery } from "@tanstack/react-query";
import {
  alertsOverviewSchema,
  tenantActivitySchema,
  vitalsSeriesSchema,
  type AlertsOverview,
  type TenantActivity,
  type VitalsSeries,
  telemetryEndpoints,
} from "@fieldops/shared/telemetry";
import { getQueryFn } from "../../lib/api";
import { QUERY_KEYS } from "../../lib/query-keys";

const fetchJson = getQueryFn<unknown>({ on401: "throw" });

export function useVitals(days: number, by: "route" | "tenant") {
  return useQuery<VitalsSeries>({
    queryKey: QUERY_KEYS.adminTelemetry(telemetryEndpoints.vitals.path, `days=${days}&by=${by}`),
    queryFn: async (context) => vitalsSeriesSchema.parse(await fetchJson(context)),
  });
}

export function useAlerts(days: number) {
  return useQuery<AlertsOverview>({
    queryKey: QUERY_KEYS.adminTelemetry(telemetryEndpoints.alerts.path, `days=${days}`),
    queryFn: async (context) => alertsOverviewSchema.parse(await fetchJson(context)),
  });
}

export function useTenantActivity(days: number) {
  return useQuery<TenantActivity>({
    queryKey: QUERY_KEYS.adminTelemetry(telemetryEndpoints.tenantActivity.path, `days=${days}`),
    queryFn: async (context) => tenantActivitySchema.parse(await fetchJson(context)),
  });
}
