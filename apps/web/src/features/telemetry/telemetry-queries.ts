import { telemetryEndpoints } from "@fieldops/shared/telemetry";
import { useEndpointQuery } from "../../lib/endpoints";

export function useVitals(days: number, by: "route" | "tenant") {
  return useEndpointQuery(telemetryEndpoints.vitals, { query: { days, by } });
}

export function useAlerts(days: number) {
  return useEndpointQuery(telemetryEndpoints.alerts, { query: { days } });
}

export function useTenantActivity(days: number) {
  return useEndpointQuery(telemetryEndpoints.tenantActivity, { query: { days } });
}
