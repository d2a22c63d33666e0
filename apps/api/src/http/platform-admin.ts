import type { FastifyRequest } from "fastify";
import type { AuthenticatedUser } from "@fieldops/domain/accounts/sessions";
import { forbidden } from "@fieldops/domain/errors";
import type { AppContext } from "../context.ts";

/** The platform's administrators: role admin, or an address of PLATFORM_ADMIN_EMAILS. */
export function isPlatformAdmin(context: AppContext, user: AuthenticatedUser): boolean {
  return user.role === "admin" || context.env.PLATFORM_ADMIN_EMAILS.includes(user.email.toLowerCase());
}

/** 401 without a session, 403 for anyone but a platform administrator: the gate of every cross-company read. */
export async function requirePlatformAdmin(context: AppContext, request: FastifyRequest): Promise<AuthenticatedUser> {
  const user = await context.requireUser(request);
  if (!isPlatformAdmin(context, user)) throw forbidden();
  return user;
}
