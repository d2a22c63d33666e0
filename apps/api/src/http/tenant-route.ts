import type { FastifyRequest } from "fastify";
import type { AuthenticatedUser } from "@fieldops/domain/accounts/sessions";
import { runInScope, type EffectsDeps } from "@fieldops/domain/effects/run-in-scope";
import { forbidden } from "@fieldops/domain/errors";
import { assertCompanyWritable } from "@fieldops/domain/plans/assert-company-writable";
import type { TenantScope as DomainTenantScope, UserActor } from "@fieldops/domain/tenant-scope";
import type { ApiKeyArea } from "@fieldops/shared/api-keys";
import { can, type Capability } from "@fieldops/shared/permissions";
import { auditApiKeyUse } from "@fieldops/domain/api-keys/audit-api-key-use";
import { requirePlanFeature } from "@fieldops/domain/plans/require-plan-feature";
import { carriesApiKey, requireApiKeyUser } from "../auth/api-key-auth.ts";
import type { AppContext } from "../context.ts";

/** A signed-in user who belongs to a company: every tenant route acts for one. */
export type CompanyUser = AuthenticatedUser & { companyId: string };

/**
 * What a tenant route's handler is given: the domain's scope (a transaction bound to the user's company, the user as
 * its actor, the outbox of its effects), which it hands to the use case whole, and the signed-in user.
 */
export interface TenantScope extends DomainTenantScope<UserActor> {
  user: CompanyUser;
}

/**
 * The actor a signed-in user is: the same shape as a module run's or a task's, and the one the admin portal's use
 * cases name a platform administrator by (who need not belong to any company).
 */
export function actorOf(user: AuthenticatedUser): UserActor {
  return {
    kind: "user",
    userId: user.id,
    role: user.role,
    name: user.name,
    platformAdmin: user.impersonation !== null,
  };
}

/** Where a route's effects go: relay failures are logged on the request. */
export function effectsOf(context: AppContext, request: FastifyRequest): EffectsDeps {
  return {
    db: context.db,
    redis: context.redis,
    queues: context.queues,
    log: (message, detail) => request.log.error(detail, message),
  };
}

export interface TenantRouteOptions {
  /**
   * What the caller must be allowed to do (`@fieldops/shared/permissions`); everyone in the company when omitted. An
   * impersonating platform admin may call any.
   */
  capability?: Capability;
  /**
   * A state-changing request (any method but GET and HEAD) is refused (402) while the company's free trial has ended
   * without a plan being chosen. `readOnlyAllowed` lets through the few that change nothing of the company's data
   * (a preview) or that lift the refusal (choosing a plan).
   */
  readOnlyAllowed?: boolean;
  /**
   * The area of the public API the route belongs to (`@fieldops/shared/api-keys`), for a request that names an API
   * key: the key must have its scope. Null or omitted: no key reaches the route.
   */
  apiKeyArea?: ApiKeyArea | null;
}

const READ_METHODS = new Set(["GET", "HEAD"]);

/**
 * Runs the part of a route handler about the signed-in user's company: 401 without a session, 404 for a user without
 * a company, 403 for a user without the capability, and otherwise `work` in a transaction bound to the company (row-level
 * security applies to every query in it), so no handler binds the tenant or filters by `companyId` by hand. A write
 * of a company whose free trial has ended without a plan is refused here, for every route at once.
 *
 * The use case's effects (`scope.emit`, `scope.enqueue`) are written to the outbox in its transaction and relayed
 * once it has committed (`runInScope`): a refused or rolled-back write announces and enqueues nothing.
 *
 * A handler is `async (request) => withCompanyUser(context, request, (scope) => useCase(scope, input))`.
 */
export async function withCompanyUser<Result>(
  context: AppContext,
  request: FastifyRequest,
  work: (scope: TenantScope) => Promise<Result>,
  options: TenantRouteOptions = {},
): Promise<Result> {
  const write = !READ_METHODS.has(request.method);
  const user = carriesApiKey(request)
    ? await requireApiKeyUser(context, request, { area: options.apiKeyArea ?? null, write })
    : await context.requireCompanyUser(request);
  if (options.capability && !can(user, options.capability)) throw forbidden();
  const mustBeWritable = write && !options.readOnlyAllowed;
  return runInScope(
    effectsOf(context, request),
    { companyId: user.companyId, actor: actorOf(user), requestId: request.id },
    async (scope) => {
      if (user.apiKey) await requirePlanFeature(scope.tx, "api", "API access");
      if (mustBeWritable) await assertCompanyWritable(scope.tx);
      const result = await work({ ...scope, user });
      if (user.apiKey && write) await auditApiKeyUse(scope, user.apiKey, request);
      return result;
    },
  );
}
