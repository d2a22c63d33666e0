import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { exportAuditLog, listAuditLog } from "@fieldops/domain/audit/list-audit-log";
import { changePassword } from "@fieldops/domain/security/change-password";
import { endUserSessions, listUserSessions } from "@fieldops/domain/security/user-sessions";
import { auditEndpoints } from "@fieldops/shared/audit";
import { securityEndpoints } from "@fieldops/shared/security";
import type { AppContext } from "../context.ts";
import { registerEndpoint, tenantEndpoint } from "../http/endpoint-route.ts";

/** Password checks per client address and hour, so a stolen session cannot find the password by trying. */
export const PASSWORD_CHANGES_PER_HOUR = 10;

export const securityRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  registerEndpoint(
    app,
    securityEndpoints.changePassword,
    async ({ body }, request) => {
      const user = await context.requireUser(request);
      const ended = await changePassword(context.db, { ...body, userId: user.id, sessionId: user.sessionId });
      await context.sessionCache.revoke(ended);
      return { revoked: ended.length };
    },
    { config: { rateLimit: { max: PASSWORD_CHANGES_PER_HOUR, timeWindow: 3600_000, hook: "preHandler" } } },
  );

  registerEndpoint(app, securityEndpoints.sessions, async (_input, request) => {
    const user = await context.requireUser(request);
    return { items: await listUserSessions(context.db, { userId: user.id, currentSessionId: user.sessionId }) };
  });

  registerEndpoint(app, securityEndpoints.endSession, async ({ params }, request) => {
    const user = await context.requireUser(request);
    const ended = await endUserSessions(context.db, { userId: user.id, only: params.id });
    await context.sessionCache.revoke(ended);
    return { revoked: ended.length };
  });

  registerEndpoint(app, securityEndpoints.endOtherSessions, async (_input, request) => {
    const user = await context.requireUser(request);
    const ended = await endUserSessions(context.db, { userId: user.id, keep: user.sessionId });
    await context.sessionCache.revoke(ended);
    return { revoked: ended.length };
  });

  tenantEndpoint(app, context, auditEndpoints.list, ({ tx }, { query }) => listAuditLog(tx, query));

  tenantEndpoint(app, context, auditEndpoints.export, (scope, { query }) => exportAuditLog(scope, query), {
    send: (reply, csv) =>
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="audit-log.csv"')
        .send(csv),
  });
};
