import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type FastifyPluginAsyncZod,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { createLogger, type Logger } from "@fieldops/config/logger";
import { withRequestId } from "@fieldops/tasks/request-trace";
import type { AppContext } from "./context.ts";
import { installApiKeyUrlGuard } from "./auth/api-key-auth.ts";
import { installCrossSiteGuard } from "./http/cross-site-guard.ts";
import { answerClientError, answerFrameworkError, installErrorHandler } from "./http/error-handler.ts";
import { installImpersonationAudit } from "./http/impersonation-audit.ts";
import { installJsonBodyParser } from "./http/json-body.ts";
import { installMetrics } from "./http/metrics.ts";
import { openApiSchemaTransform } from "./http/openapi-schema.ts";
import { installRequestMetrics } from "./http/request-metrics.ts";
import { installRequestTracing } from "./http/request-tracing.ts";
import { DOCS_CSP, installSecurityHeaders, securityHeaderOptions } from "./http/security-headers.ts";
import type { EventHub } from "./realtime/event-hub.ts";
import { socketTicketRoutes } from "./realtime/socket-ticket-routes.ts";
import { websocketRoutes } from "./realtime/websocket-routes.ts";
import { serveIndexHtml } from "./http/index-html.ts";
import { wantsWebPage, webAssetOptions } from "./http/web-assets.ts";
import { API_PATHS } from "@fieldops/shared/api-paths";

export interface BuildAppOptions {
  context: AppContext;
  hub: EventHub;
  /** Defaults to the API's logger on stdout at LOG_LEVEL. */
  logger?: Logger;
  /** The built web app to serve with the SPA fallback; skipped when the folder does not exist. */
  webDistDir?: string;
}

type RoutePlugin = FastifyPluginAsyncZod<{ context: AppContext }>;

/**
 * The plugin of every `routes/<area>-routes.ts` file (`.js` once compiled), its one export named `…Routes`: a new area's routes are
 * registered by adding their file. A file without exactly one such export stops the server at its start.
 */
async function routePlugins(): Promise<RoutePlugin[]> {
  const folder = new URL("./routes/", import.meta.url);
  const files = readdirSync(folder)
    .filter((name) => /^[a-z-]+-routes\.[jt]s$/.test(name))
    .sort();
  return Promise.all(
    files.map(async (file) => {
      const exported = Object.entries((await import(new URL(file, folder).href)) as Record<string, unknown>);
      const plugins = exported.filter(([name, value]) => name.endsWith("Routes") && typeof value === "function");
      if (plugins.length !== 1) throw new Error(`routes/${file} must export one route plugin named …Routes`);
      return plugins[0]![1] as RoutePlugin;
    }),
  );
}

/**
 * Every answer names its request (`X-Request-Id`, the `reqId` of its log lines), and the tasks the request queues
 * carry the id on (`@fieldops/tasks/request-trace`). Set in preHandler: body parsing would lose the context.
 */
function installRequestId(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    done();
  });
  app.addHook("preHandler", (request, _reply, done) => withRequestId(request.id, done));
}

export async function buildApp({ context, hub, logger, webDistDir }: BuildAppOptions): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = logger ?? createLogger("api", context.env.LOG_LEVEL);
  const app = Fastify({
    loggerInstance,
    trustProxy: context.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // Unique across processes: the same id names a request's log lines and those of the tasks it queued.
    genReqId: () => randomUUID(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installJsonBodyParser(app);
  if (context.env.FIELDOPS_REQUEST_METRICS) installRequestMetrics(app);
  if (context.env.OTEL_EXPORTER_OTLP_ENDPOINT) installRequestTracing(app);
  installRequestId(app);
  installMetrics(app, context, hub);

  // Every body the API takes is JSON; Fastify's default text/plain parser would let a cross-site form reach routes.
  app.removeContentTypeParser("text/plain");
  const tileOrigins = context.env.MAP_TILE_URL ? [new URL(context.env.MAP_TILE_URL).origin] : [];
  installSecurityHeaders(
    app,
    securityHeaderOptions(
      context.env.NODE_ENV === "production",
      tileOrigins,
      Boolean(context.env.STRIPE_PUBLISHABLE_KEY),
    ),
  );
  await app.register(fastifyCookie);
  installApiKeyUrlGuard(app);
  installCrossSiteGuard(app);
  installImpersonationAudit(app, context);
  // Off by default; routes that anyone may call without signing in opt in with `config.rateLimit`.
  await app.register(fastifyRateLimit, {
    global: false,
    redis: context.redis,
    nameSpace: "rate-limit:",
    errorResponseBuilder: (_request, limit) => ({
      statusCode: 429,
      message: `Too many requests. Try again in ${Math.ceil(limit.ttl / 1000)} seconds.`,
    }),
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: "FieldOps API",
        version: "0.1.0",
        description: "Every call of the web app, from the shared zod contracts.",
      },
      components: { securitySchemes: { bearer: { type: "http", scheme: "bearer" } } },
    },
    transform: openApiSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_PATHS.docs, staticCSP: DOCS_CSP });

  for (const routes of await routePlugins()) await app.register(routes, { context });
  await app.register(socketTicketRoutes, { context });
  // The WebSocket plugin adds an onRequest and an onResponse hook to every route it can see; kept in a scope of its
  // own with /api/ws, it leaves the REST routes about a quarter faster.
  await app.register(async (scope) => {
    await scope.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
    await scope.register(websocketRoutes, { context, hub });
  });

  const indexHtml = webDistDir ? join(webDistDir, "index.html") : null;
  if (webDistDir && indexHtml && existsSync(indexHtml)) {
    await app.register(fastifyStatic, webAssetOptions(webDistDir));
  }
  app.setNotFoundHandler(async (request, reply) => {
    if (indexHtml && wantsWebPage(request) && existsSync(indexHtml))
      return serveIndexHtml(context, request, reply, indexHtml);
    return reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split("?")[0]}` });
  });
  return app;
}
