import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { exportAuditLog, listAuditLog } from "@fieldops/domain/audit/list-audit-log";
import { changePassword } from "@fieldops/domain/security/change-password";
import { endUserSessions, listUserSessions } from "@fieldops/domain/security/user-sessions";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { auditListResponseSchema, auditQuerySchema } from "@fieldops/shared/audit";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  activeSessionListResponseSchema,
  changePasswordRequestSchema,
  revokedSessionsResponseSchema,
  sessionIdParamsSchema,
} from "@fieldops/shared/security";
import type { AppContext } from "../context.ts";
import { withCompanyUser } from "../http/tenant-route.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  503: errorResponseSchema,
};
const tags = ["security"];

/** Password checks per client address and hour, so a stolen session cannot find the password by trying. */
export const PASSWORD_CHANGES_PER_HOUR = 10;

export const securityRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.put(
    API_PATHS.securityPassword,
    {
      config: { rateLimit: { max: PASSWORD_CHANGES_PER_HOUR, timeWindow: 3600_000, hook: "preHandler" } },
      schema: {
        tags,
        summary: "Change your password (the current one required); your other sessions end",
        body: changePasswordRequestSchema,
        response: { 200: revokedSessionsResponseSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await context.requireUser(request);
      const ended = await changePassword(context.db, { ...request.body, userId: user.id, sessionId: user.sessionId });
      await context.sessionCache.revoke(ended);
      return { revoked: ended.length };
    },
  );

  app.get(
    API_PATHS.securitySessions,
    {
      schema: {
        tags,
        summary: "Your active sessions: device, address, last use",
        response: { 200: activeSessionListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await context.requireUser(request);
      return { items: await listUserSessions(context.db, { userId: user.id, currentSessionId: user.sessionId }) };
    },
  );

  app.delete(
    API_PATHS.securitySession,
    {
      schema: {
        tags,
        summary: "Sign out one of your sessions",
        params: sessionIdParamsSchema,
        response: { 200: revokedSessionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await context.requireUser(request);
      const ended = await endUserSessions(context.db, { userId: user.id, only: request.params.id });
      await context.sessionCache.revoke(ended);
      return { revoked: ended.length };
    },
  );

  app.delete(
    API_PATHS.securitySessions,
    {
      schema: {
        tags,
        summary: "Sign out every session of yours but this one",
        response: { 200: revokedSessionsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await context.requireUser(request);
      const ended = await endUserSessions(context.db, { userId: user.id, keep: user.sessionId });
      await context.sessionCache.revoke(ended);
      return { revoked: ended.length };
    },
  );

  app.get(
    API_PATHS.auditLog,
    {
      schema: {
        tags,
        summary: "The company's audit log, newest first, by user, action and dates (owners; Growth plan and above)",
        querystring: auditQuerySchema,
        response: { 200: auditListResponseSchema, ...errors },
      },
    },
    async (request) =>
      withCompanyUser(context, request, ({ tx }) => listAuditLog(tx, request.query), { capability: "audit.read" }),
  );

  app.get(
    API_PATHS.auditLogExport,
    {
      schema: {
        tags,
        summary: "The filtered audit log as CSV (owners; Growth plan and above)",
        querystring: auditQuerySchema.omit({ limit: true, after: true }),
        produces: ["text/csv"],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const csv = await withCompanyUser(context, request, ({ tx }) => exportAuditLog(tx, request.query), {
        capability: "audit.read",
      });
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", 'attachment; filename="audit-log.csv"')
        .send(csv);
    },
  );
};
