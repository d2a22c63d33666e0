import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { PASSWORD_RESET_REQUESTED, passwordResetEndpoints } from "@fieldops/shared/password-reset";
import { checkPasswordResetRateLimit } from "@fieldops/domain/accounts/password-reset-rate-limit";
import { requestPasswordReset } from "@fieldops/domain/accounts/request-password-reset";
import { resetPassword, verifyPasswordResetLink } from "@fieldops/domain/accounts/reset-password";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";
import { effectsOf } from "../http/tenant-route.ts";

/** Checks of reset links (and new passwords set with them) per client address and 15 minutes. */
export const PASSWORD_RESET_CHECKS_PER_WINDOW = 30;

/**
 * The origin a reset link opens. PUBLIC_APP_URL when set. Without it the request's own origin, except in production:
 * there the Host (or X-Forwarded-Host) header is the client's to choose, and a link built on it would carry a
 * victim's token to whatever site an attacker named.
 */
function resetLinkOrigin(context: AppContext, request: FastifyRequest): string | null {
  if (!context.env.PUBLIC_APP_URL && context.env.NODE_ENV === "production") return null;
  return appOrigin(context, request);
}

export const passwordResetRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  // Requests still writing their e-mail; closing the server waits for them.
  const writing = new Set<Promise<void>>();
  app.addHook("onClose", async () => {
    await Promise.allSettled([...writing]);
  });

  registerEndpoint(app, passwordResetEndpoints.request, async ({ body }, request) => {
    const origin = resetLinkOrigin(context, request);
    await checkPasswordResetRateLimit(context.redis, { email: body.email, address: request.ip });
    // The answer leaves before the account is even looked up, so its timing is the same whether or not the address
    // has one; the link is made and its e-mail written to the outbox meanwhile.
    const work = (async () => {
      if (origin === null) {
        request.log.error("password reset e-mails need PUBLIC_APP_URL in production: none was written");
        return;
      }
      const outcome = await requestPasswordReset(effectsOf(context, request), { email: body.email, appOrigin: origin });
      if (outcome === "no_company")
        request.log.warn("password reset asked for an account of no company (a platform administrator): no e-mail");
    })().catch((error: unknown) => {
      // Not the error itself: a failed write's message may quote the e-mail with its link.
      const { name, code } = error as { name?: string; code?: string };
      request.log.error({ errorName: name, code }, "could not write the password reset e-mail");
    });
    writing.add(work);
    void work.finally(() => writing.delete(work));
    return { message: PASSWORD_RESET_REQUESTED };
  });

  const checks = {
    config: { rateLimit: { max: PASSWORD_RESET_CHECKS_PER_WINDOW, timeWindow: 15 * 60_000, hook: "preHandler" } },
  } as const;

  registerEndpoint(
    app,
    passwordResetEndpoints.verify,
    ({ body }) => verifyPasswordResetLink(context.db, body.token),
    checks,
  );

  registerEndpoint(
    app,
    passwordResetEndpoints.complete,
    async ({ body }) => {
      const { email, endedSessionIds } = await resetPassword(context.db, body);
      await context.sessionCache.revoke(endedSessionIds);
      return { email };
    },
    checks,
  );
};
