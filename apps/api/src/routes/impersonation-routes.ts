import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { hashToken } from "@fieldops/domain/accounts/sessions";
import {
  endImpersonation,
  exitImpersonation,
  type EndedImpersonations,
} from "@fieldops/domain/impersonation/end-impersonation";
import { startImpersonation } from "@fieldops/domain/impersonation/start-impersonation";
import { impersonationEndpoints } from "@fieldops/shared/impersonation-endpoints";
import { requestToken } from "../auth/authenticate.ts";
import type { AppContext } from "../context.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";
import { notFound, unauthorized } from "../http/http-error.ts";
import { isPlatformAdmin } from "../http/platform-admin.ts";

/**
 * A platform admin's impersonation of a company: its start (with the admin's own session), its end (with the
 * impersonation's token), the tenant's exit, and the check an open tenant makes every few seconds. An ended
 * impersonation is dropped from every process's session cache at once, which also closes its sockets.
 */
export const impersonationRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const answerEnded = async (ended: EndedImpersonations) => {
    await context.sessionCache.revoke(ended.sessionIds);
    return { redirectUrl: ended.redirectUrl };
  };

  registerEndpoint(app, impersonationEndpoints.start, async ({ params }, request) => {
    const admin = await context.requireUser(request);
    return startImpersonation(context.db, {
      admin,
      platformAdmin: isPlatformAdmin(context, admin),
      companyId: params.companyId,
      ipAddress: request.ip,
      userAgent: request.headers["user-agent"],
    });
  });

  registerEndpoint(app, impersonationEndpoints.end, async (_input, request) => {
    const token = requestToken(request);
    const ended = token ? await endImpersonation(context.db, hashToken(token)) : null;
    if (!ended) throw unauthorized("Not impersonating");
    return answerEnded(ended);
  });

  registerEndpoint(app, impersonationEndpoints.exit, async ({ body }, request) => {
    const user = await context.requireUser(request);
    return answerEnded(
      await exitImpersonation(context.db, {
        user,
        platformAdmin: isPlatformAdmin(context, user),
        tenantId: body.tenantId,
      }),
    );
  });

  registerEndpoint(app, impersonationEndpoints.current, async (_input, request) => {
    const user = await context.requireUser(request);
    if (!user.impersonation) throw notFound("Not impersonating");
    return user.impersonation;
  });
};
