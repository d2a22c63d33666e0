import type { FastifyRequest } from "fastify";
import { withTenant, type TenantTransaction } from "@fieldops/db";
import type { AuthenticatedUser } from "@fieldops/domain/accounts/sessions";
import { forbidden } from "@fieldops/domain/errors";
import { assertCompanyWritable } from "@fieldops/domain/plans/assert-company-writable";
import { publishEvent } from "@fieldops/events/company-stream";
import type { AppEvent } from "@fieldops/shared/events";
import { can, type Capability } from "@fieldops/shared/permissions";
import type { AppContext } from "../context.ts";

/** A signed-in user who belongs to a company: every tenant route acts for one. */
export type CompanyUser = AuthenticatedUser & { companyId: string };

/** What a tenant route's handler is given: who asks, and a transaction already bound to their company. */
export interface TenantScope {
  user: CompanyUser;
  tx: TenantTransaction;
}

export interface TenantRouteOptions<Result> {
  /**
   * What the caller must be allowed to do (`@fieldops/shared/permissions`); everyone in the company when omitted. An
   * impersonating platform admin may call any.
   */
  capability?: Capability;
  /**
   * The live events a successful write announces to the company's sockets, derived from what the use case returned.
   * They are published after the transaction has committed, so a write that rolls back announces nothing.
   */
  publish?: (result: Result) => readonly AppEvent[];
  /**
   * A state-changing request (any method but GET and HEAD) is refused (402) while the company's free trial has ended
   * without a plan being chosen. `readOnlyAllowed` lets through the few that change nothing of the company's data
   * (a preview) or that lift the refusal (choosing a plan).
   */
  readOnlyAllowed?: boolean;
}

const READ_METHODS = new Set(["GET", "HEAD"]);

/**
 * Runs the part of a route handler about the signed-in user's company: 401 without a session, 404 for a user without
 * a company, 403 for a user without the capability, and otherwise `work` in a transaction bound to the company (row-level
 * security applies to every query in it), so no handler binds the tenant or filters by `companyId` by hand. A write
 * of a company whose free trial has ended without a plan is refused here, for every route at once.
 *
 * A handler is `async (request) => withCompanyUser(context, request, ({ tx, user }) => useCase(tx, input))`.
 */
export async function withCompanyUser<Result>(
  context: AppContext,
  request: FastifyRequest,
  work: (scope: TenantScope) => Promise<Result>,
  options: TenantRouteOptions<Result> = {},
): Promise<Result> {
  const user = await context.requireCompanyUser(request);
  if (options.capability && !can(user, options.capability)) throw forbidden();
  const mustBeWritable = !READ_METHODS.has(request.method) && !options.readOnlyAllowed;
  const result = await withTenant(context.db, user.companyId, async (tx) => {
    if (mustBeWritable) await assertCompanyWritable(tx);
    return work({ user, tx });
  });
  if (options.publish) await publishCommitted(context, request, user.companyId, options.publish(result));
  return result;
}

/**
 * The write has committed whatever happens here (to the company's sockets, or to `userId`'s only): a Redis that fails now costs the other screens their live update
 * (they catch up on their next fetch), not the caller their answer.
 */
export async function publishCommitted(
  context: AppContext,
  request: FastifyRequest,
  companyId: string,
  events: readonly AppEvent[],
  userId: string | null = null,
): Promise<void> {
  for (const event of events) {
    try {
      await publishEvent(context.redis, event, { companyId, userId, requestId: request.id });
    } catch (error) {
      request.log.error({ err: error, event: event.name }, "live event not published");
    }
  }
}
