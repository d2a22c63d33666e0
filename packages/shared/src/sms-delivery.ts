import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { text } from "./text";

/** The path Twilio posts a text's delivery status to (the `StatusCallback` the dispatcher gives each message). */
export const TWILIO_STATUS_CALLBACK_PATH = "/api/webhooks/twilio/status";

/**
 * Which message a status callback is about: the dispatcher writes both into the callback URL it gives Twilio, so the
 * signature covers them, and a callback that comes before the send was recorded still finds its message.
 */
export const twilioStatusCallbackQuerySchema = z.object({
  company: z.uuid(),
  message: z.uuid(),
});

/**
 * A status callback as Twilio posts it (application/x-www-form-urlencoded): the message's SID and status, and the error
 * code of an undelivered or failed one. Twilio adds more parameters (SmsSid, ApiVersion…): the route checks the
 * signature over every parameter as posted, and reads only these.
 */
export const twilioStatusCallbackBodySchema = z.object({
  MessageSid: text({ max: 64 }),
  MessageStatus: text({ max: 32 }),
  AccountSid: text({ max: 64 }).optional(),
  ErrorCode: text({ max: 16 }).optional(),
  To: text({ max: 64 }).optional(),
  From: text({ max: 64 }).optional(),
});
export type TwilioStatusCallbackBody = z.infer<typeof twilioStatusCallbackBodySchema>;

/** The header Twilio signs its requests in (HMAC-SHA1 of the URL and the sorted parameters, with the auth token). */
export const TWILIO_SIGNATURE_HEADER = "x-twilio-signature";

export const smsWebhookEndpoints = {
  status: defineEndpoint({
    method: "POST",
    path: TWILIO_STATUS_CALLBACK_PATH,
    tags: ["webhooks"],
    summary:
      "Twilio's status callback of a text: signed by Twilio (X-Twilio-Signature), moves the message's delivery on",
    query: twilioStatusCallbackQuerySchema,
    headers: z.object({ [TWILIO_SIGNATURE_HEADER]: text({ max: 200 }).optional() }),
    body: twilioStatusCallbackBodySchema,
    status: 204,
    response: z.null(),
  }),
} as const;
