import { SpanKind, SpanStatusCode, context, propagation, trace, type Span } from "@opentelemetry/api";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { redactUrl } from "@fieldops/config/logger";
import { TRACER_NAME } from "@fieldops/config/tracing";

/**
 * One server span per request, named by its method and route pattern (`POST /api/jobs/:id/notes`), continuing the
 * caller's trace when it sends a `traceparent`. It is the active span from preHandler on (body parsing would lose the
 * context), so the tasks the request queues carry it (`@fieldops/tasks/request-trace`) and their spans join its trace.
 * Only the path goes in, through `redactUrl`: no query string, no header.
 */
export function installRequestTracing(app: FastifyInstance): void {
  const tracer = trace.getTracer(TRACER_NAME);
  const spans = new WeakMap<FastifyRequest, Span>();
  const end = (request: FastifyRequest, statusCode?: number) => {
    const span = spans.get(request);
    if (!span) return;
    spans.delete(request);
    if (statusCode !== undefined) {
      span.setAttribute("http.response.status_code", statusCode);
      if (statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    }
    span.end();
  };
  app.addHook("onRequest", (request, _reply, done) => {
    const route = request.routeOptions.url;
    const parent = propagation.extract(context.active(), request.headers);
    const span = tracer.startSpan(
      route ? `${request.method} ${route}` : request.method,
      {
        kind: SpanKind.SERVER,
        attributes: {
          "http.request.method": request.method,
          ...(route ? { "http.route": route } : {}),
          "url.path": redactUrl(request.url.split("?")[0]!),
          "fieldops.request_id": request.id,
        },
      },
      parent,
    );
    spans.set(request, span);
    done();
  });
  app.addHook("preHandler", (request, _reply, done) => {
    const span = spans.get(request);
    if (!span) return done();
    context.with(trace.setSpan(context.active(), span), done);
  });
  app.addHook("onResponse", (request, reply, done) => {
    end(request, reply.statusCode);
    done();
  });
  app.addHook("onRequestAbort", (request, done) => {
    end(request);
    done();
  });
}
