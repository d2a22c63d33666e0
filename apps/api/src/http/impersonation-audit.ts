import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from "fastify";
import type { AuthenticatedUser } from "@fieldops/domain/accounts/sessions";
import { withTenant } from "@fieldops/db";
import { recordImpersonationAudit } from "@fieldops/domain/impersonation/impersonation-audit";
import { IMPERSONATION_AUDIT_ACTIONS, type Impersonation } from "@fieldops/shared/impersonation";
import { impersonationEndpoints } from "@fieldops/shared/impersonation-endpoints";
import { carriesApiKey } from "../auth/api-key-auth.ts";
import { requestToken } from "../auth/authenticate.ts";
import type { AppContext } from "../context.ts";

/** The check an open tenant makes every few seconds reads nothing of the company: recording it would bury the rest. */
const UNRECORDED_ROUTES = new Set<string>([impersonationEndpoints.current.path]);
const MAX_PATH = 500;

/**
 * Writes one request made with an impersonation's token to the impersonated company's audit log. A failure is logged,
 * not raised: the request has been answered, or its change made, by then.
 */
export async function recordImpersonatedRequest(
  context: AppContext,
  user: AuthenticatedUser & { impersonation: Impersonation },
  request: { method: string; path: string; status: number | null },
  log: FastifyBaseLogger,
): Promise<void> {
  const { impersonation } = user;
  const path = request.path.slice(0, MAX_PATH);
  try {
    await withTenant(context.db, impersonation.companyId, (tx) =>
      recordImpersonationAudit(tx, {
        companyId: impersonation.companyId,
        adminId: impersonation.adminId,
        adminEmail: impersonation.adminEmail,
        sessionId: user.sessionId,
        action: IMPERSONATION_AUDIT_ACTIONS.request,
        summary:
          request.status === null ? `${request.method} ${path}` : `${request.method} ${path} (${request.status})`,
        request: { ...request, path },
      }),
    );
  } catch (error) {
    log.error({ err: error, ...request, path }, "impersonation request not recorded in the audit log");
  }
}

/**
 * Every API request made with an impersonation's token, read or write, answered or refused, goes to the impersonated
 * company's audit log with the admin's id and e-mail, its method, path (never its query) and status. It is written
 * before the answer leaves, so a client that has its answer finds the entry.
 */
export function installImpersonationAudit(app: FastifyInstance, context: AppContext): void {
  app.addHook("onSend", (request, reply, payload, done) => {
    if (!request.url.startsWith("/api/") || requestToken(request) === null || carriesApiKey(request))
      return done(null, payload);
    if (request.routeOptions.url !== undefined && UNRECORDED_ROUTES.has(request.routeOptions.url))
      return done(null, payload);
    // Most requests were authenticated by their route already: a company's own user is answered without waiting.
    const known = context.alreadyAuthenticated(request);
    if (known === null || (known && !known.impersonation)) return done(null, payload);
    recordIfImpersonated(context, request, reply.statusCode).then(
      () => done(null, payload),
      (error: unknown) => {
        request.log.error({ err: error }, "impersonation request not recorded in the audit log");
        done(null, payload);
      },
    );
  });
}

async function recordIfImpersonated(context: AppContext, request: FastifyRequest, status: number): Promise<void> {
  const user = await context.authenticate(request).catch(() => null);
  if (!user?.impersonation) return;
  const path = request.url.split("?")[0] ?? "";
  await recordImpersonatedRequest(
    context,
    { ...user, impersonation: user.impersonation },
    { method: request.method, path, status },
    request.log,
  );
}
