import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter as OtlpJsonExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { OTLPTraceExporter as OtlpProtobufExporter } from "@opentelemetry/exporter-trace-otlp-proto";
import { defaultResource, detectResources, envDetector, resourceFromAttributes } from "@opentelemetry/resources";
import { BasicTracerProvider, BatchSpanProcessor } from "@opentelemetry/sdk-trace-base";
import type { Tracing } from "./tracing.ts";

/** Loaded by `startTracing` only when tracing is on. Registers the provider, the context manager and W3C propagation. */
export function startTracingSdk(options: {
  serviceName: string;
  endpoint: string;
  protocol: "http/protobuf" | "http/json";
}): Tracing {
  // As the SDK does with OTEL_EXPORTER_OTLP_ENDPOINT: the traces' path is added to the base URL.
  const url = `${options.endpoint.replace(/\/+$/, "")}/v1/traces`;
  const exporter = options.protocol === "http/json" ? new OtlpJsonExporter({ url }) : new OtlpProtobufExporter({ url });
  const provider = new BasicTracerProvider({
    // OTEL_RESOURCE_ATTRIBUTES (and OTEL_SERVICE_NAME) win over the defaults, as in the SDK.
    resource: defaultResource()
      .merge(resourceFromAttributes({ "service.name": options.serviceName }))
      .merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [new BatchSpanProcessor(exporter)],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  return {
    flush: () => provider.forceFlush(),
    async shutdown() {
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
}
