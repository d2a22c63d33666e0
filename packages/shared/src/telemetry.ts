import { z } from "zod";
import { text } from "./text";

/** POST /api/telemetry/track: routing and impersonation events. Failures are ignored by the client. */
export const telemetryEventNameSchema = z.enum([
  "tenant_access",
  "tenant_navigation",
  "admin_impersonate_started",
  "admin_impersonate_ended",
  "router_mode",
]);

const pathSchema = text({ max: 2048 });

export const telemetryTrackRequestSchema = z.object({
  event: telemetryEventNameSchema,
  tenantId: text({ max: 100 }).optional(),
  userId: text({ max: 100 }).optional(),
  path: pathSchema.optional(),
  fromPath: pathSchema.optional(),
  toPath: pathSchema.optional(),
  impersonating: z.boolean().optional(),
  mode: text({ max: 50 }).optional(),
  /** When it happened on the client: epoch milliseconds or an ISO 8601 string. */
  timestamp: z.union([z.number().int().nonnegative(), z.iso.datetime({ offset: true }).max(64)]).optional(),
});
export type TelemetryTrackRequest = z.infer<typeof telemetryTrackRequestSchema>;
