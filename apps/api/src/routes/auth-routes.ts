import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SESSION_COOKIE, authEndpoints } from "@fieldops/shared/auth";
import { queueActivity } from "@fieldops/domain/activity/queue-activity";
import { signUp } from "@fieldops/domain/accounts/sign-up";
import { signIn } from "@fieldops/domain/accounts/sign-in";
import { revokeSession, toUserResponse } from "@fieldops/domain/accounts/sessions";
import { endImpersonationsOnSignOut } from "@fieldops/domain/impersonation/end-impersonation";
import { isPlatformAdmin } from "@fieldops/domain/impersonation/platform-admin";
import { sendSession, startSession } from "../auth/start-session.ts";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";

/**
 * Sign-ups per client address and hour. Each one costs a password hash and creates a company; invalid bodies are
 * refused before they count.
 */
export const SIGNUPS_PER_HOUR = 10;

export const authRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const { db, loginRateLimiter, queues } = context;

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

  registerEndpoint(
    app,
    authEndpoints.login,
    async ({ body }, request) => {
      const { username: email, password } = body;
      const account = await signIn(db, loginRateLimiter, { email, password, address: request.ip });
      const started = await startSession(context, request, account);
      await recordActivity(request, account, "user.signed_in", `${account.name} signed in`);
      return started;
    },
    { send: (reply, started) => sendSession(context, reply, started, 200) },
  );

  registerEndpoint(
    app,
    authEndpoints.signup,
    async ({ body }, request) => {
      const { company, owner } = await signUp(db, body, { appOrigin: appOrigin(context, request) });
      const started = await startSession(context, request, owner);
      await recordActivity(request, owner, "company.created", `${owner.name} created ${company.name}`);
      return started;
    },
    {
      config: { rateLimit: { max: SIGNUPS_PER_HOUR, timeWindow: 3600_000, hook: "preHandler" } },
      send: (reply, started) => sendSession(context, reply, started, 201),
    },
  );

  registerEndpoint(
    app,
    authEndpoints.logout,
    async (_input, request) => {
      const user = await context.authenticate(request);
      if (user) {
        const impersonations = await endImpersonationsOnSignOut(db, user.sessionId);
        await context.sessionCache.revoke([...impersonations, ...(await revokeSession(db, user.sessionId))]);
        await recordActivity(request, user, "user.signed_out", `${user.name} signed out`);
      }
      return null;
    },
    { send: (reply) => reply.clearCookie(SESSION_COOKIE, { path: "/" }).status(204).send(null) },
  );

  registerEndpoint(app, authEndpoints.user, async (_input, request) => {
    const user = await context.requireUser(request);
    return toUserResponse(user, { platformAdmin: isPlatformAdmin(user, context.env.PLATFORM_ADMIN_EMAILS) });
  });
};
