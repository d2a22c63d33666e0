import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { telemetryTrackRequestSchema } from "@fieldops/shared/telemetry";
import { withSystem } from "@fieldops/db";
import type { AppContext } from "../context.ts";
import { API_PATHS } from "@fieldops/shared/api-paths";

/** Per client address: a browser sends a handful a minute; anything far beyond that is abuse. */
export const TELEMETRY_EVENTS_PER_MINUTE = 120;

/** How far a client's clock may be from ours before its timestamp is replaced by the time of arrival. */
const MAX_CLOCK_SKEW_MS = 24 * 3600 * 1000;

export const telemetryRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.post(
    API_PATHS.telemetryTrack,
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: { max: TELEMETRY_EVENTS_PER_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ["telemetry"],
        summary: "Record a routing or impersonation event",
        body: telemetryTrackRequestSchema,
        response: { 204: z.null(), 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // Who sent it is the session's say, not the body's: events from signed-out visitors belong to no company.
      const user = await context.authenticate(request);
      const now = Date.now();
      const claimed = body.timestamp === undefined ? now : new Date(body.timestamp).getTime();
      const occurredAt = new Date(Math.abs(claimed - now) <= MAX_CLOCK_SKEW_MS ? claimed : now);
      await withSystem(context.db, (tx) => tx.telemetryEvent.create({
        data: {
          companyId: user?.companyId ?? null,
          userId: user?.id ?? null,
          event: body.event,
          tenantId: body.tenantId ?? null,
          path: body.path ?? null,
          fromPath: body.fromPath ?? null,
          toPath: body.toPath ?? null,
          impersonating: body.impersonating ?? false,
          mode: body.mode ?? null,
          occurredAt,
        },
      }));
      return reply.status(204).send(null);
    },
  );
};
