import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyCookie from "@fastify/cookie";
import fastifyRateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fastifyWebsocket from "@fastify/websocket";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { createLogger, type Logger } from "@fieldops/config/logger";
import type { AppContext } from "./context.ts";
import { installCrossSiteGuard } from "./http/cross-site-guard.ts";
import { answerClientError, answerFrameworkError, installErrorHandler } from "./http/error-handler.ts";
import { installImpersonationAudit } from "./http/impersonation-audit.ts";
import { installJsonBodyParser } from "./http/json-body.ts";
import { installRequestMetrics } from "./http/request-metrics.ts";
import { DOCS_CSP, installSecurityHeaders, securityHeaderOptions } from "./http/security-headers.ts";
import type { EventHub } from "./realtime/event-hub.ts";
import { socketTicketRoutes } from "./realtime/socket-ticket-routes.ts";
import { websocketRoutes } from "./realtime/websocket-routes.ts";
import { adminRoutes } from "./routes/admin-routes.ts";
import { assistantRoutes } from "./routes/assistant-routes.ts";
import { authRoutes } from "./routes/auth-routes.ts";
import { companyRoutes } from "./routes/company-routes.ts";
import { customerRoutes } from "./routes/customer-routes.ts";
import { customObjectRoutes } from "./routes/custom-object-routes.ts";
import { dispatchRoutes } from "./routes/dispatch-routes.ts";
import { dashboardRoutes } from "./routes/dashboard-routes.ts";
import { reportRoutes } from "./routes/report-routes.ts";
import { crewRoutes } from "./routes/crew-routes.ts";
import { healthRoutes } from "./routes/health-routes.ts";
import { impersonationRoutes } from "./routes/impersonation-routes.ts";
import { integrationRoutes } from "./routes/integration-routes.ts";
import { jobsRoutes } from "./routes/jobs-routes.ts";
import { invoiceRoutes } from "./routes/invoice-routes.ts";
import { moduleRoutes } from "./routes/module-routes.ts";
import { companySettingsRoutes } from "./routes/company-settings-routes.ts";
import { teamRoutes } from "./routes/team-routes.ts";
import { securityRoutes } from "./routes/security-routes.ts";
import { supportRoutes } from "./routes/support-routes.ts";
import { planRoutes } from "./routes/plan-routes.ts";
import { estimateRoutes } from "./routes/estimate-routes.ts";
import { leadRoutes } from "./routes/lead-routes.ts";
import { portalLinkRoutes } from "./routes/portal-link-routes.ts";
import { invoiceReviewRoutes } from "./routes/invoice-review-routes.ts";
import { reviewRoutes } from "./routes/review-routes.ts";
import { scheduleRoutes } from "./routes/schedule-routes.ts";
import { telemetryRoutes } from "./routes/telemetry-routes.ts";
import { tenantRoutes } from "./routes/tenant-routes.ts";
import { demoRoutes } from "./routes/demo-routes.ts";
import { customDomainRoutes } from "./routes/custom-domain-routes.ts";
import { serveIndexHtml } from "./http/index-html.ts";
import { wantsWebPage, webAssetOptions } from "./http/web-assets.ts";
import { buildRoutes } from "./routes/build-routes.ts";
import { API_PATHS } from "@fieldops/shared/api-paths";

export interface BuildAppOptions {
  context: AppContext;
  hub: EventHub;
  /** Defaults to the API's logger on stdout at LOG_LEVEL. */
  logger?: Logger;
  /** The built web app to serve with the SPA fallback; skipped when the folder does not exist. */
  webDistDir?: string;
}

export async function buildApp({ context, hub, logger, webDistDir }: BuildAppOptions): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = logger ?? createLogger("api", context.env.LOG_LEVEL);
  const app = Fastify({
    loggerInstance,
    trustProxy: context.env.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installJsonBodyParser(app);
  if (context.env.FIELDOPS_REQUEST_METRICS) installRequestMetrics(app);

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
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: API_PATHS.docs, staticCSP: DOCS_CSP });

  await app.register(healthRoutes, { context });
  await app.register(authRoutes, { context });
  await app.register(companyRoutes, { context });
  await app.register(telemetryRoutes, { context });
  await app.register(tenantRoutes, { context });
  await app.register(impersonationRoutes, { context });
  await app.register(demoRoutes, { context });
  await app.register(customDomainRoutes, { context });
  await app.register(buildRoutes, { context });
  await app.register(customerRoutes, { context });
  await app.register(customObjectRoutes, { context });
  await app.register(jobsRoutes, { context });
  await app.register(crewRoutes, { context });
  await app.register(scheduleRoutes, { context });
  await app.register(dispatchRoutes, { context });
  await app.register(dashboardRoutes, { context });
  await app.register(reportRoutes, { context });
  await app.register(assistantRoutes, { context });
  await app.register(integrationRoutes, { context });
  await app.register(moduleRoutes, { context });
  await app.register(invoiceRoutes, { context });
  await app.register(companySettingsRoutes, { context });
  await app.register(teamRoutes, { context });
  await app.register(securityRoutes, { context });
  await app.register(supportRoutes, { context });
  await app.register(planRoutes, { context });
  await app.register(adminRoutes, { context });
  await app.register(leadRoutes, { context });
  await app.register(estimateRoutes, { context });
  await app.register(portalLinkRoutes, { context });
  await app.register(reviewRoutes, { context });
  await app.register(invoiceReviewRoutes, { context });
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
