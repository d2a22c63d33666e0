import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { answer, readBody } from "./stand-in-http.ts";

/** A span as OTLP/JSON sends it: ids in hexadecimal, kind as a number (2 server, 5 consumer). */
export interface CollectedSpan {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, unknown>;
}

interface OtlpAttribute {
  key: string;
  value: Record<string, unknown>;
}

interface OtlpTraces {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: (Omit<CollectedSpan, "service" | "attributes"> & { attributes?: OtlpAttribute[] })[] }[];
  }[];
}

export interface OtlpCollectorStandIn {
  /** The base URL, as OTEL_EXPORTER_OTLP_ENDPOINT takes it. */
  url: string;
  spans: CollectedSpan[];
  /** The body of every export, to check what leaves the process. */
  bodies: string[];
  close(): Promise<void>;
}

const attributeMap = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, Object.values(value)[0]]));

/** A stand-in OTLP/HTTP collector: takes POST /v1/traces in the JSON encoding and keeps the spans. */
export async function startOtlpCollectorStandIn(): Promise<OtlpCollectorStandIn> {
  const spans: CollectedSpan[] = [];
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    if (request.method !== "POST" || request.url !== "/v1/traces") return answer(response, 404, {});
    if (!request.headers["content-type"]?.startsWith("application/json")) return answer(response, 415, {});
    void readBody(request).then((body) => {
      bodies.push(body);
      for (const resourceSpans of (JSON.parse(body) as OtlpTraces).resourceSpans ?? []) {
        const service = String(attributeMap(resourceSpans.resource?.attributes)["service.name"]);
        for (const scope of resourceSpans.scopeSpans ?? [])
          for (const span of scope.spans ?? [])
            spans.push({ ...span, service, attributes: attributeMap(span.attributes) });
      }
      answer(response, 200, {});
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    bodies,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
