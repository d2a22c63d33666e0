import type { FastifyInstance } from "fastify";
import { withTenant } from "@fieldops/db";
import { recordImpersonationAudit } from "@fieldops/domain/impersonation/impersonation-audit";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { IMPERSONATION_AUDIT_ACTIONS } from "@fieldops/shared/impersonation";
import { requestToken } from "../auth/authenticate.ts";
import type { AppContext } from "../context.ts";

/** The check an open tenant makes every few seconds reads nothing of the company: recording it would bury the rest. */
const UNRECORDED_ROUTES = new Set<string>([API_PATHS.currentImpersonation]);
const MAX_PATH = 500;

/**
 * Every API request made with an impersonation's token, read or write, answered or refused, goes to the impersonated
 * company's audit log with the admin's id and e-mail, its method, path (never its query) and status. It is written
 * before the answer leaves, so a client that has its answer finds the entry.
 */
export function installImpersonationAudit(app: FastifyInstance, context: AppContext): void {
  app.addHook("onSend", async (request, reply, payload) => {
    if (!request.url.startsWith("/api/") || requestToken(request) === null) return payload;
    if (request.routeOptions.url !== undefined && UNRECORDED_ROUTES.has(request.routeOptions.url)) return payload;
    const user = await context.authenticate(request).catch(() => null);
    const impersonation = user?.impersonation;
    if (!impersonation) return payload;
    const path = request.url.split("?")[0]?.slice(0, MAX_PATH) ?? "";
    const status = reply.statusCode;
    try {
      await withTenant(context.db, impersonation.companyId, (tx) =>
        recordImpersonationAudit(tx, {
          companyId: impersonation.companyId,
          adminId: impersonation.adminId,
          adminEmail: impersonation.adminEmail,
          sessionId: user.sessionId,
          action: IMPERSONATION_AUDIT_ACTIONS.request,
          summary: `${request.method} ${path} (${status})`,
          request: { method: request.method, path, status },
        }),
      );
    } catch (error) {
      request.log.error({ err: error, method: request.method, path, status }, "impersonation request not recorded in the audit log");
    }
    return payload;
  });
}
