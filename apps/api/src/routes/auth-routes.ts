import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  SESSION_COOKIE,
  errorResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  signupRequestSchema,
  userSchema,
} from "@fieldops/shared/auth";
import type { User as UserRow } from "@fieldops/db";
import { queueActivity } from "@fieldops/domain/activity/queue-activity";
import { signUp } from "@fieldops/domain/accounts/sign-up";
import { signIn } from "@fieldops/domain/accounts/sign-in";
import { revokeSession, toUserResponse } from "@fieldops/domain/accounts/sessions";
import { endImpersonationsOnSignOut } from "@fieldops/domain/impersonation/end-impersonation";
import { isPlatformAdmin } from "@fieldops/domain/impersonation/platform-admin";
import { startSession as startUserSession } from "../auth/start-session.ts";
import type { AppContext } from "../context.ts";
import { API_PATHS } from "@fieldops/shared/api-paths";

/**
 * Sign-ups per client address and hour. Each one costs a password hash and creates a company; invalid bodies are
 * refused before they count.
 */
export const SIGNUPS_PER_HOUR = 10;

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db, loginRateLimiter, queues } = context;

  const startSession = (request: FastifyRequest, reply: FastifyReply, user: UserRow) =>
    startUserSession(context, request, reply, user);

  const recordActivity = async (
    request: FastifyRequest,
    user: { id: string; companyId: string | null },
    action: string,
    summary: string,
  ) => {
    if (!user.companyId) return;
    const entry = {
      companyId: user.companyId,
      actorUserId: user.id,
      action,
      entityType: "user",
      entityId: user.id,
      summary,
      requestId: request.id,
    };
    // The feed is a side effect: signing in must not fail because Redis hiccuped.
    await queueActivity(queues, entry).catch((error: unknown) =>
      request.log.warn({ err: error, action, userId: user.id }, "could not queue the activity entry"),
    );
  };

  app.post(
    API_PATHS.login,
    {
      schema: {
        tags: ["auth"],
        summary: "Sign in with e-mail and password",
        body: loginRequestSchema,
        response: { 200: loginResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { username: email, password } = request.body;
      const account = await signIn(db, loginRateLimiter, { email, password, address: request.ip });
      const body = await startSession(request, reply, account);
      await recordActivity(request, account, "user.signed_in", `${account.name} signed in`);
      return body;
    },
  );

  app.post(
    API_PATHS.signup,
    {
      config: { rateLimit: { max: SIGNUPS_PER_HOUR, timeWindow: 3600_000, hook: "preHandler" } },
      schema: {
        tags: ["auth"],
        summary: "Create a company and its owner, on the chosen plan's free trial, and sign in",
        body: signupRequestSchema,
        response: {
          201: loginResponseSchema,
          400: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { company, owner } = await signUp(db, request.body);
      const body = await startSession(request, reply, owner);
      await recordActivity(request, owner, "company.created", `${owner.name} created ${company.name}`);
      return reply.status(201).send(body);
    },
  );

  app.post(
    API_PATHS.logout,
    { schema: { tags: ["auth"], summary: "End the current session", response: { 204: z.null() } } },
    async (request, reply) => {
      const user = await context.authenticate(request);
      if (user) {
        const impersonations = await endImpersonationsOnSignOut(db, user.sessionId);
        await context.sessionCache.revoke([...impersonations, ...(await revokeSession(db, user.sessionId))]);
        await recordActivity(request, user, "user.signed_out", `${user.name} signed out`);
      }
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return reply.status(204).send(null);
    },
  );

  app.get(
    API_PATHS.user,
    {
      schema: {
        tags: ["auth"],
        summary: "The signed-in user",
        response: { 200: userSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = await context.requireUser(request);
      return toUserResponse(user, { platformAdmin: isPlatformAdmin(user, context.env.PLATFORM_ADMIN_EMAILS) });
    },
  );
};
