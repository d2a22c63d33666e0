import type { FastifyReply, FastifyRequest } from "fastify";
import { SESSION_COOKIE, type LoginResponse } from "@fieldops/shared/auth";
import type { User as UserRow } from "@fieldops/db";
import { createSession, toAuthenticatedUser, toUserResponse } from "@fieldops/domain/accounts/sessions";
import { isPlatformAdmin } from "@fieldops/domain/impersonation/platform-admin";
import type { AppContext } from "../context.ts";

/** A session just created: the answer to send, and its token and expiry for the cookie. */
export interface StartedSession {
  body: LoginResponse;
  cookie: { token: string; expiresAt: Date };
}

/** Signs `user` in: a new session, whose token goes in the answer and, by {@link sendSession}, in the cookie. */
export async function startSession(
  context: AppContext,
  request: FastifyRequest,
  user: UserRow,
): Promise<StartedSession> {
  const { token, session } = await createSession(context.db, user, {
    ipAddress: request.ip,
    userAgent: request.headers["user-agent"],
    ttlDays: context.env.SESSION_TTL_DAYS,
  });
  const authenticated = toAuthenticatedUser(user, session);
  return {
    body: {
      token,
      user: toUserResponse(authenticated, {
        platformAdmin: isPlatformAdmin(authenticated, context.env.PLATFORM_ADMIN_EMAILS),
      }),
    },
    cookie: { token, expiresAt: session.expiresAt },
  };
}

/** Answers a sign-in, sign-up or accepted invitation: the token as the httpOnly cookie and in the body. */
export function sendSession(
  context: AppContext,
  reply: FastifyReply,
  started: StartedSession,
  status: 200 | 201,
): FastifyReply {
  return reply
    .setCookie(SESSION_COOKIE, started.cookie.token, {
      path: "/",
      httpOnly: true,
      sameSite: "lax",
      secure: context.env.NODE_ENV === "production",
      expires: started.cookie.expiresAt,
    })
    .status(status)
    .send(started.body);
}
