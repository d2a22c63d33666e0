import { useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { queryString } from "@fieldops/shared/endpoint";
import { alertsOverviewSchema, tenantActivitySchema, vitalsSeriesSchema } from "@fieldops/shared/telemetry";
import { apiRequest } from "../../lib/api";
import { pathKey } from "../../lib/endpoints";

/** An admin telemetry read, cached under its path and query as an endpoint's read would be ("/api/admin", …). */
function useTelemetryRead<Schema extends z.ZodType>(
  path: string,
  query: Record<string, string | number>,
  schema: Schema,
) {
  return useQuery<z.output<Schema>>({
    queryKey: pathKey(path, query),
    queryFn: async () => schema.parse(await (await apiRequest("GET", `${path}${queryString(query)}`)).json()),
  });
}

export function useVitals(days: number, by: "route" | "tenant") {
  return useTelemetryRead(API_PATHS.adminTelemetryVitals, { days, by }, vitalsSeriesSchema);
}

export function useAlerts(days: number) {
  return useTelemetryRead(API_PATHS.adminTelemetryAlerts, { days }, alertsOverviewSchema);
}

export function useTenantActivity(days: number) {
  return useTelemetryRead(API_PATHS.adminTelemetryTenantActivity, { days }, tenantActivitySchema);
}
