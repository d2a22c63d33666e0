import { API_PATHS } from "@fieldops/shared/api-paths";
import type { TelemetryTrackRequest } from "@fieldops/shared/telemetry";
import { postInBackground } from "../../lib/api";

/** Sends a routing or impersonation event (POST /api/telemetry/track); its failure is ignored. */
export function trackEvent(event: TelemetryTrackRequest): void {
  postInBackground(API_PATHS.telemetryTrack, { timestamp: Date.now(), ...event });
}
