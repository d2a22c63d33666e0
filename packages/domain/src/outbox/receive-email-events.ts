import type { EmailEventPayload } from "@fieldops/shared/messages";
import { notFound } from "../errors.ts";
import { runInScope, type EffectsDeps } from "../effects/run-in-scope.ts";
import { checkInboundSignature, DELIVERY_REPORT_ANSWERS } from "../messages/receive-inbound-email.ts";
import { systemActor } from "../tenant-scope.ts";
import { inWords } from "./mail-transport.ts";
import { outboxChanged } from "./outbox-events.ts";
import { recordEmailEvent, type EmailEvent } from "./record-email-event.ts";

const ACTOR = systemActor("webhook:email_events");

/**
 * Postmark's bounce types that mean the address cannot be delivered to (its TypeCodes 1, 256, 100000, 100002, 100006,
 * 100007, 100009); the rest (SoftBounce, Transient, AutoResponder, Unsubscribe, ChallengeVerification…) do not bounce
 * the message: the provider keeps trying, or the mail was delivered and answered.
 */
const PERMANENT_BOUNCE_TYPES = new Set([
  "HardBounce",
  "DnsError",
  "BadEmailAddress",
  "ManuallyDeactivated",
  "Blocked",
  "SMTPApiError",
  "DMARCPolicy",
]);

/** The event a provider's post stands for, or null when it moves nothing (a soft bounce, an auto-responder). */
function eventOf(payload: EmailEventPayload): EmailEvent | null {
  switch (payload.RecordType) {
    case "Delivery":
      return { kind: "delivered" };
    case "SpamComplaint":
      return { kind: "complained", source: "provider_event" };
    case "Bounce": {
      if (!payload.Type || !PERMANENT_BOUNCE_TYPES.has(payload.Type)) return null;
      const words = [payload.Description, payload.Details].filter(Boolean).join(" ");
      return { kind: "bounced", reason: inWords(`The e-mail provider reported a bounce (${payload.Type}): ${words}`) };
    }
  }
}

/**
 * An e-mail provider's delivery event (`POST /api/webhooks/email/events`, Postmark's webhook shape): signed like the
 * inbound e-mail webhook (403 and nothing read otherwise), keyed by our company and message ids (the Metadata the
 * mail carried), applied in that company's transaction (another company's message is not found there: 404). Each
 * event moves the message once (record-email-event.ts): a retried post answers "Already recorded".
 */
export async function receiveEmailEvent(
  deps: EffectsDeps,
  input: { rawBody: string; signature: string | undefined; secret: string | undefined; event: EmailEventPayload },
): Promise<{ message: string }> {
  checkInboundSignature(input);
  const { company, message } = input.event.Metadata;
  const event = eventOf(input.event);
  const recorded = await runInScope(deps, { companyId: company, actor: ACTOR }, async (scope) => {
    const outcome = await recordEmailEvent(scope.tx, company, { id: message }, event);
    if (outcome.changed) scope.emit(outboxChanged([outcome.changed]));
    return outcome;
  });
  if (recorded.outcome === "not_found") throw notFound("No such message");
  return { message: DELIVERY_REPORT_ANSWERS[recorded.outcome] };
}
