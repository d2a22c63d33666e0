import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { hashToken, type AuthenticatedUser } from "@fieldops/domain/accounts/sessions";
import {
  endImpersonation,
  exitImpersonation,
  type EndedImpersonations,
} from "@fieldops/domain/impersonation/end-impersonation";
import { isPlatformAdmin } from "@fieldops/domain/impersonation/platform-admin";
import { startImpersonation } from "@fieldops/domain/impersonation/start-impersonation";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  endImpersonationResponseSchema,
  exitImpersonationRequestSchema,
  impersonationSchema,
  startImpersonationParamsSchema,
  startImpersonationResponseSchema,
} from "@fieldops/shared/impersonation";
import { requestToken } from "../auth/authenticate.ts";
import type { AppContext } from "../context.ts";
import { notFound, unauthorized } from "../http/http-error.ts";

const tags = ["impersonation"];
const errors = { 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };

/**
 * A platform admin's impersonation of a company: its start (with the admin's own session), its end (with the
 * impersonation's token), the tenant's exit, and the check an open tenant makes every few seconds. An ended
 * impersonation is dropped from every process's session cache at once, which also closes its sockets.
 */
export const impersonationRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const platformAdmin = (user: AuthenticatedUser) => isPlatformAdmin(user, context.env.PLATFORM_ADMIN_EMAILS);
  const answerEnded = async (ended: EndedImpersonations) => {
    await context.sessionCache.revoke(ended.sessionIds);
    return { redirectUrl: ended.redirectUrl };
  };

  app.post(
    API_PATHS.startImpersonation,
    {
      schema: {
        tags,
        summary: `Start impersonating a company (platform admins): a session of its own, for an hour at most, every request of which goes to the company's audit log`,
        params: startImpersonationParamsSchema,
        response: {
          201: startImpersonationResponseSchema,
          400: errorResponseSchema,
          ...errors,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const admin = await context.requireUser(request);
      const started = await startImpersonation(context.db, {
        admin,
        platformAdmin: platformAdmin(admin),
        companyId: request.params.companyId,
        ipAddress: request.ip,
        userAgent: request.headers["user-agent"],
      });
      return reply.status(201).send(started);
    },
  );

  app.post(
    API_PATHS.endImpersonation,
    {
      schema: {
        tags,
        summary: "End the impersonation whose bearer token this is; ending it again changes nothing",
        response: { 200: endImpersonationResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const token = requestToken(request);
      const ended = token ? await endImpersonation(context.db, hashToken(token)) : null;
      if (!ended) throw unauthorized("Not impersonating");
      return answerEnded(ended);
    },
  );

  app.post(
    API_PATHS.exitImpersonation,
    {
      schema: {
        tags,
        summary:
          "Leave a tenant: end the caller's impersonations of it, from the impersonation or the admin's own session",
        body: exitImpersonationRequestSchema,
        response: { 200: endImpersonationResponseSchema, 400: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await context.requireUser(request);
      return answerEnded(
        await exitImpersonation(context.db, {
          user,
          platformAdmin: platformAdmin(user),
          tenantId: request.body.tenantId,
        }),
      );
    },
  );

  app.get(
    API_PATHS.currentImpersonation,
    {
      schema: {
        tags,
        summary: "The impersonation whose token this is, while it lasts (401 once it has ended or expired)",
        response: { 200: impersonationSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await context.requireUser(request);
      if (!user.impersonation) throw notFound("Not impersonating");
      return user.impersonation;
    },
  );
};
