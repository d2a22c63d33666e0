import { ResourcesPage } from "../../features/admin/resources-page";
import { TelemetryAdminPanels } from "../../features/telemetry/telemetry-admin-panels";

const RESOURCE_PANELS = [{ id: "telemetry", Panel: TelemetryAdminPanels }] as const;

/** /admin/resources with the telemetry's performance and web vitals charts at its end. */
export function AdminResourcesRoute() {
  return <ResourcesPage panels={RESOURCE_PANELS} />;
}
