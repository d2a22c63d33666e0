import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE, type LoginResponse } from "@fieldops/shared/auth";
import type { User as UserRow } from "@fieldops/db";
import { createSession, toAuthenticatedUser, toUserResponse } from "@fieldops/domain/accounts/sessions";
import { isPlatformAdmin } from "@fieldops/domain/impersonation/platform-admin";
import type { AppContext } from "../context.ts";

/** Signs `user` in: a new session, its token as the httpOnly cookie and in the answer (sign-in, sign-up, an accepted invitation). */
export async function startSession(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
): Promise<LoginResponse> {
  const { token, session } = await createSession(context.db, user, {
    ipAddress: request.ip,
    userAgent: request.headers["user-agent"],
    ttlDays: context.env.SESSION_TTL_DAYS,
  });
  reply.setCookie(SESSION_COOKIE, token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: context.env.NODE_ENV === "production",
    expires: session.expiresAt,
  });
  const authenticated = toAuthenticatedUser(user, session);
  return {
    token,
    user: toUserResponse(authenticated, {
      platformAdmin: isPlatformAdmin(authenticated, context.env.PLATFORM_ADMIN_EMAILS),
    }),
  };
}
