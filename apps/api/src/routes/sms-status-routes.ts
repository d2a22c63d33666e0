import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { runInScope } from "@fieldops/domain/effects/run-in-scope";
import { isSignedByTwilio, recordTextStatus } from "@fieldops/domain/outbox/record-text-status";
import { systemActor } from "@fieldops/domain/tenant-scope";
import { smsWebhookEndpoints, TWILIO_SIGNATURE_HEADER } from "@fieldops/shared/sms-delivery";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";
import { forbidden } from "../http/http-error.ts";
import { effectsOf } from "../http/tenant-route.ts";
import { webhookRateLimit } from "../http/webhook-rate-limit.ts";

const FORM = "application/x-www-form-urlencoded";
/** Twilio's callbacks are a few hundred bytes. */
const MAX_CALLBACK_BYTES = 64 * 1024;
const ACTOR = systemActor("webhook:twilio_status");

/** Every parameter of a posted form, as posted: the signature covers them all, the body schema reads a few. */
const postedForms = new WeakMap<FastifyRequest, Record<string, string>>();

const NOT_SIGNED_BY_TWILIO = "Not signed by Twilio";

/**
 * Twilio's status callbacks of the texts the dispatcher sent (`POST /api/webhooks/twilio/status?company=…&message=…`,
 * form-encoded). Only a request whose X-Twilio-Signature matches, with TWILIO_AUTH_TOKEN, the URL as the public called
 * it (PUBLIC_APP_URL's origin, else the host and scheme the proxy forwarded: TRUST_PROXY) and its parameters is
 * applied; any other is refused (403) and changes nothing. The company named in the URL is the transaction's: a
 * message of another company is not found there.
 */
export const smsStatusRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  // Twilio posts forms; this plugin alone reads them (the rest of the API takes JSON only, app.ts).
  if (!app.hasContentTypeParser(FORM))
    app.addContentTypeParser(FORM, { parseAs: "string", bodyLimit: MAX_CALLBACK_BYTES }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });
  // Before the body schema keeps only the fields it reads (whoever's parser read the form).
  app.addHook("preValidation", (request, _reply, done) => {
    const form = request.body;
    if (request.headers["content-type"]?.startsWith(FORM) && typeof form === "object" && form !== null)
      postedForms.set(
        request,
        Object.fromEntries(
          Object.entries(form).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
        ),
      );
    done();
  });

  registerEndpoint(
    app,
    smsWebhookEndpoints.status,
    async ({ query, body, headers }, request) => {
      // A body that was not a form (JSON) is never Twilio's: its known fields alone will not match a signature.
      const params = postedForms.get(request) ?? { ...body };
      const signed = isSignedByTwilio({
        authToken: context.env.TWILIO_AUTH_TOKEN,
        signature: headers[TWILIO_SIGNATURE_HEADER],
        url: `${appOrigin(context, request)}${request.url}`,
        params,
      });
      if (!signed) throw forbidden(NOT_SIGNED_BY_TWILIO);
      await runInScope(
        effectsOf(context, request),
        { companyId: query.company, actor: ACTOR, requestId: request.id },
        (scope) =>
          recordTextStatus(scope, {
            messageId: query.message,
            messageSid: body.MessageSid,
            status: body.MessageStatus,
            errorCode: body.ErrorCode ?? null,
          }),
      );
      return null;
    },
    { bodyLimit: MAX_CALLBACK_BYTES, config: webhookRateLimit },
  );
};
