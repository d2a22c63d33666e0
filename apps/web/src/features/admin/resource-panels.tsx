import type { ComponentType } from "react";
import { TelemetryAdminPanels } from "../telemetry/telemetry-admin-panels";

/**
 * Panels mounted at the end of /admin/resources, in order. The performance and web vitals charts (telemetry) are
 * added here: each is a component that fetches its own data.
 */
export const RESOURCE_PANELS: readonly { id: string; Panel: ComponentType }[] = [
  { id: "telemetry", Panel: TelemetryAdminPanels },
];
