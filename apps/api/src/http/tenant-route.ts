import type { FastifyRequest } from "fastify";
import { withTenant, type TenantTransaction } from "@fieldops/db";
import type { AuthenticatedUser } from "@fieldops/domain/accounts/sessions";
import { forbidden } from "@fieldops/domain/errors";
import type { Role } from "@fieldops/shared/roles";
import type { AppContext } from "../context.ts";

/** A signed-in user who belongs to a company: every tenant route acts for one. */
export type CompanyUser = AuthenticatedUser & { companyId: string };

/** What a tenant route's handler is given: who asks, and a transaction already bound to their company. */
export interface TenantScope {
  user: CompanyUser;
  tx: TenantTransaction;
}

export interface TenantRouteOptions {
  /** The roles allowed to call the route; everyone in the company when omitted. */
  roles?: readonly Role[];
}

/**
 * Runs the part of a route handler about the signed-in user's company: 401 without a session, 404 for a user without
 * a company, 403 for a role not allowed, and otherwise `work` in a transaction bound to the company (row-level
 * security applies to every query in it), so no handler binds the tenant or filters by `companyId` by hand.
 *
 * A handler is `async (request) => withCompanyUser(context, request, ({ tx, user }) => useCase(tx, input))`.
 */
export async function withCompanyUser<Result>(
  context: AppContext,
  request: FastifyRequest,
  work: (scope: TenantScope) => Promise<Result>,
  options: TenantRouteOptions = {},
): Promise<Result> {
  const user = await context.requireCompanyUser(request);
  if (options.roles && !options.roles.includes(user.role)) throw forbidden();
  return withTenant(context.db, user.companyId, (tx) => work({ user, tx }));
}
