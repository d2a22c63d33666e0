import type { Env } from "./env.ts";

/** The tracer every span of the product is made by (the API's requests, the worker's tasks). */
export const TRACER_NAME = "fieldops";

export interface Tracing {
  /** Sends the spans not yet sent. */
  flush(): Promise<void>;
  /** Sends what is left and unregisters the SDK. */
  shutdown(): Promise<void>;
}

/**
 * Starts OpenTelemetry tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set: spans go over OTLP/HTTP to
 * `<endpoint>/v1/traces`, the service named `serviceName` unless OTEL_SERVICE_NAME says otherwise. Unset, the SDK is
 * not even loaded, and the spans the API and worker make are the API's no-ops.
 */
export async function startTracing(
  serviceName: "fieldops-api" | "fieldops-worker",
  env: Pick<Env, "OTEL_EXPORTER_OTLP_ENDPOINT" | "OTEL_EXPORTER_OTLP_PROTOCOL" | "OTEL_SERVICE_NAME">,
): Promise<Tracing | null> {
  if (!env.OTEL_EXPORTER_OTLP_ENDPOINT) return null;
  const { startTracingSdk } = await import("./tracing-sdk.ts");
  return startTracingSdk({
    serviceName: env.OTEL_SERVICE_NAME ?? serviceName,
    endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    protocol: env.OTEL_EXPORTER_OTLP_PROTOCOL,
  });
}
