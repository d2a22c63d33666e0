import { telemetryEndpoints } from "@fieldops/shared/telemetry";
import type { TelemetryTrackRequest } from "@fieldops/shared/telemetry";
import { postInBackground } from "../../lib/api";

/** Sends a routing or impersonation event (POST /api/telemetry/track); its failure is ignored. */
export function trackEvent(event: TelemetryTrackRequest): void {
  postInBackground(telemetryEndpoints.track.path, { timestamp: Date.now(), ...event });
}
