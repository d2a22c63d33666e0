import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { FastifyRequest } from "fastify";
import { receiveInboundEmail } from "@fieldops/domain/messages/receive-inbound-email";
import { receiveInboundSms } from "@fieldops/domain/messages/receive-inbound-sms";
import { receiveEmailEvent } from "@fieldops/domain/outbox/receive-email-events";
import { isStorableText } from "@fieldops/shared/text";
import {
  EMPTY_TWIML,
  INBOUND_EMAIL_SIGNATURE_HEADER,
  TWILIO_SIGNATURE_HEADER,
  TWILIO_WEBHOOK_MAX_BYTES,
  messageWebhookEndpoints,
} from "@fieldops/shared/messages";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";
import { badRequest } from "../http/http-error.ts";
import { effectsOf } from "../http/tenant-route.ts";
import { webhookRateLimit } from "../http/webhook-rate-limit.ts";

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The raw JSON body of a request of this plugin: the inbound e-mail signature covers the bytes as sent. */
const rawBodies = new WeakMap<FastifyRequest, string>();

/**
 * Providers' webhooks for messages that come in. Twilio posts forms (application/x-www-form-urlencoded), which only
 * these routes take: the parser is registered in this plugin's scope, so every other route still takes JSON alone. Their
 * JSON parser also keeps the raw body, which the inbound e-mail webhook's HMAC covers.
 */
export const messageWebhookRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "buffer", bodyLimit: TWILIO_WEBHOOK_MAX_BYTES },
    (_request, body: Buffer, done) => {
      try {
        const params = new URLSearchParams(utf8.decode(body));
        const form: Record<string, string> = {};
        for (const [key, value] of params) {
          // A value that is not UTF-8 once percent-decoded becomes U+FFFD, and NUL cannot be stored: both are refused.
          if (value.includes("\uFFFD") || !isStorableText(value) || !isStorableText(key))
            return done(badRequest("The form holds a value that is not text"), undefined);
          form[key] = value;
        }
        done(null, form);
      } catch {
        done(badRequest("The body is not a valid form"), undefined);
      }
    },
  );

  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body: Buffer, done) => {
    let decoded: string;
    try {
      decoded = utf8.decode(body);
    } catch {
      done(badRequest("The body is not valid UTF-8"), undefined);
      return;
    }
    rawBodies.set(request, decoded);
    parseJson(request, decoded, done);
  });

  /** What the e-mail webhooks' signature check reads: the body as sent, the signature header, the shared secret. */
  const signed = (request: FastifyRequest) => {
    const signature = request.headers[INBOUND_EMAIL_SIGNATURE_HEADER];
    return {
      rawBody: rawBodies.get(request) ?? "",
      signature: typeof signature === "string" ? signature : undefined,
      secret: context.env.INBOUND_EMAIL_SECRET,
    };
  };

  registerEndpoint(
    app,
    messageWebhookEndpoints.inboundEmail,
    async ({ body }, request) =>
      receiveInboundEmail(effectsOf(context, request), {
        ...signed(request),
        mail: body,
        appOrigin: appOrigin(context, request),
      }),
    { config: webhookRateLimit },
  );

  registerEndpoint(
    app,
    messageWebhookEndpoints.emailEvents,
    async ({ body }, request) => receiveEmailEvent(effectsOf(context, request), { ...signed(request), event: body }),
    { config: webhookRateLimit },
  );

  registerEndpoint(
    app,
    messageWebhookEndpoints.twilioInbound,
    async (_input, request) => {
      // The signature covers the form as posted (every field, not only those the schema names) and the exact public URL
      // Twilio was given: PUBLIC_APP_URL's origin when set (a proxy in front), else the origin the request names.
      const posted = request.body as Record<string, unknown>;
      const params = Object.fromEntries(
        Object.entries(posted).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
      );
      const signature = request.headers[TWILIO_SIGNATURE_HEADER];
      const outcome = await receiveInboundSms(effectsOf(context, request), {
        params,
        url: `${appOrigin(context, request)}${request.url}`,
        signature: typeof signature === "string" ? signature : undefined,
        env: context.env,
      });
      if (outcome.kind === "unknown_company")
        request.log.warn({ to: params.To }, "inbound text to a number no company has: nothing stored");
      return EMPTY_TWIML;
    },
    { send: (reply, twiml) => reply.type("text/xml; charset=utf-8").send(twiml), config: webhookRateLimit },
  );
};
