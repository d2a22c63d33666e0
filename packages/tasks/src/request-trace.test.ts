import { trace } from "@opentelemetry/api";
import { describe, expect, it } from "vitest";
import { startTracing } from "@fieldops/config/tracing";
import { jobTraceContext, tracedJobData } from "./request-trace.ts";

describe("tracing off (OTEL_EXPORTER_OTLP_ENDPOINT unset)", () => {
  it("creates no SDK, and a task's job data carries the request id alone", async () => {
    expect(await startTracing("fieldops-worker", { OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf" })).toBeNull();
    const span = trace.getTracer("test").startSpan("request");
    expect(span.isRecording()).toBe(false);
    const data = trace.getTracer("test").startActiveSpan("request", (active) => {
      active.end();
      return tracedJobData({ companyId: "c1" }, "r1");
    });
    expect(data).toEqual({ companyId: "c1", _requestId: "r1" });
    expect(trace.getSpan(jobTraceContext(data))).toBeUndefined();
  });
});
