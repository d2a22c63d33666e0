import { AsyncLocalStorage } from "node:async_hooks";
import { ROOT_CONTEXT, context, propagation, type Context } from "@opentelemetry/api";

/**
 * The request a piece of work answers, carried from an API request into the tasks it queues and on into the tasks
 * those queue, so that every log line of the whole chain names the same request id. A task's job data carries it
 * under REQUEST_ID_FIELD beside the payload (payload schemas strip unknown keys, so handlers never see it).
 *
 * With tracing on (OTEL_EXPORTER_OTLP_ENDPOINT), the job data also carries the W3C trace context of the span that
 * queued it under TRACE_CONTEXT_FIELD (`{ traceparent, tracestate? }`), so the worker's span of the task continues the
 * request's trace. With tracing off, no propagator is registered and nothing is added.
 */
export const REQUEST_ID_FIELD = "_requestId";
export const TRACE_CONTEXT_FIELD = "_traceContext";

const current = new AsyncLocalStorage<string>();

/** Runs `work` as part of request `requestId`: tasks enqueued meanwhile carry it. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return current.run(requestId, work);
}

export function currentRequestId(): string | undefined {
  return current.getStore();
}

/** The W3C trace context headers of the active span, if tracing is on and a span is active. */
function activeTraceContext(): Record<string, string> | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ? carrier : undefined;
}

/** The job data of a task: its payload, with the request id and the trace context when known. */
export function tracedJobData<T extends object>(payload: T, requestId = currentRequestId()): T {
  const traceContext = activeTraceContext();
  return {
    ...payload,
    ...(requestId ? { [REQUEST_ID_FIELD]: requestId } : {}),
    ...(traceContext ? { [TRACE_CONTEXT_FIELD]: traceContext } : {}),
  };
}

const field = (data: unknown, name: string): unknown =>
  typeof data === "object" && data !== null ? (data as Record<string, unknown>)[name] : undefined;

/** The request id a job's data carries, if any. */
export function jobRequestId(data: unknown): string | undefined {
  const value = field(data, REQUEST_ID_FIELD);
  return typeof value === "string" ? value : undefined;
}

/** The trace context a job's data carries (the span that queued it), or the root context when it carries none. */
export function jobTraceContext(data: unknown): Context {
  const carrier = field(data, TRACE_CONTEXT_FIELD);
  if (typeof carrier !== "object" || carrier === null) return ROOT_CONTEXT;
  return propagation.extract(ROOT_CONTEXT, carrier);
}
