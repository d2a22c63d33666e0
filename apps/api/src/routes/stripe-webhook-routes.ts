import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { receiveStripeEvent, verifyStripeEvent } from "@fieldops/domain/payments/receive-stripe-event";
import { STRIPE_SIGNATURE_HEADER, STRIPE_WEBHOOK_MAX_BYTES, stripeEndpoints } from "@fieldops/shared/stripe";
import type { AppContext } from "../context.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";
import { badRequest } from "../http/http-error.ts";
import { effectsOf } from "../http/tenant-route.ts";
import { stripeWebhookRateLimit } from "../http/webhook-rate-limit.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The body as Stripe sent it: its signature covers these bytes, not what JSON.parse makes of them. */
const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * Stripe's webhook (`POST /api/webhooks/stripe`). Its JSON parser, in this plugin's scope only, keeps the raw body for
 * the SDK's signature check (`stripe.webhooks.constructEvent` with the platform's or the Connect endpoint's secret); an
 * event that is not Stripe's, or of an account no company has, is refused (400) and changes nothing. A signed event is stored and queued
 * (`receiveStripeEvent`) and answered at once; the worker applies it, once (`process-stripe-event`).
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: STRIPE_WEBHOOK_MAX_BYTES },
    (request, body: Buffer, done) => {
      let decoded: string;
      try {
        decoded = utf8.decode(body);
      } catch {
        done(badRequest("The body is not valid UTF-8"), undefined);
        return;
      }
      rawBodies.set(request, decoded);
      parseJson(request, decoded, done);
    },
  );

  registerEndpoint(
    app,
    stripeEndpoints.webhook,
    async ({ headers }, request) => {
      const event = verifyStripeEvent({
        rawBody: rawBodies.get(request) ?? "",
        signature: headers[STRIPE_SIGNATURE_HEADER],
        secrets: [context.env.STRIPE_WEBHOOK_SECRET, context.env.STRIPE_CONNECT_WEBHOOK_SECRET],
      });
      const { outcome } = await receiveStripeEvent(effectsOf(context, request), {
        event,
        env: context.env,
        requestId: request.id,
      });
      request.log.info({ event: event.id, type: event.type, outcome }, "stripe event");
      return { received: true as const };
    },
    { bodyLimit: STRIPE_WEBHOOK_MAX_BYTES, config: stripeWebhookRateLimit },
  );
};
