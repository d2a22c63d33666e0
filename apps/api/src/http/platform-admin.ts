import type { FastifyRequest } from "fastify";
import type { AuthenticatedUser } from "@fieldops/domain/accounts/sessions";
import { forbidden } from "@fieldops/domain/errors";
import { isPlatformAdmin as isPlatformAdminUser } from "@fieldops/domain/impersonation/platform-admin";
import type { AppContext } from "../context.ts";

/** The platform's administrators (role admin, or an address of PLATFORM_ADMIN_EMAILS), not while impersonating. */
export function isPlatformAdmin(context: AppContext, user: AuthenticatedUser): boolean {
  return isPlatformAdminUser(user, context.env.PLATFORM_ADMIN_EMAILS);
}

/**
 * 401 without a session, 403 for anyone but a platform administrator (with `refusal` as its message, when given): the
 * gate of every cross-company read.
 */
export async function requirePlatformAdmin(
  context: AppContext,
  request: FastifyRequest,
  refusal?: string,
): Promise<AuthenticatedUser> {
  const user = await context.requireUser(request);
  if (!isPlatformAdmin(context, user)) throw forbidden(refusal);
  return user;
}
