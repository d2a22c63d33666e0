import { createHmac, timingSafeEqual } from "node:crypto";
import type { InboundEmail } from "@fieldops/shared/messages";
import { forbidden, invalidInput, notFound } from "../errors.ts";
import { runInScope, type EffectsDeps } from "../effects/run-in-scope.ts";
import { parseDeliveryReport } from "../outbox/delivery-report.ts";
import { outboxChanged } from "../outbox/outbox-events.ts";
import { recordDeliveryReport } from "../outbox/record-email-event.ts";
import { systemActor } from "../tenant-scope.ts";
import { parseBounceAddress, parseReplyAddress } from "./reply-address.ts";
import { receiveEmailReply } from "./receive-email-reply.ts";

const ACTOR = systemActor("webhook:inbound_email");

export const INBOUND_EMAIL_NOT_CONFIGURED = "Inbound e-mail needs INBOUND_EMAIL_SECRET to check its signature";
export const INBOUND_EMAIL_SIGNATURE_REFUSED = "The request is not signed with the inbound e-mail secret";
export const INBOUND_EMAIL_KEPT = "Kept";
/** What a delivery report's post answers: it moved the e-mail on, it had already, or it reports nothing. */
export const DELIVERY_REPORT_ANSWERS = {
  recorded: "Recorded",
  unchanged: "Already recorded",
  ignored: "Ignored: not a delivery report",
} as const;

/** `sha256=<hex>`: the HMAC-SHA256 of the raw body under the shared secret. */
export function inboundEmailSignature(secret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody, "utf8").digest("hex")}`;
}

/**
 * Refuses (403) a post of the e-mail provider's webhooks whose body is not signed with the shared secret, or any post
 * while no secret is configured; compared in constant time, before anything else is read.
 */
export function checkInboundSignature(input: {
  rawBody: string;
  signature: string | undefined;
  secret: string | undefined;
}): void {
  if (!input.secret) throw forbidden(INBOUND_EMAIL_NOT_CONFIGURED);
  const expected = Buffer.from(inboundEmailSignature(input.secret, input.rawBody));
  const given = Buffer.from(input.signature?.trim() ?? "");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw forbidden(INBOUND_EMAIL_SIGNATURE_REFUSED);
}

/**
 * A mail posted by an inbound mail provider (the production path of what the local mail catcher does): the body's
 * signature first (nothing is looked at without it: 403). Then a mail to a bounce address (`bounce+<company>.<token>@…`,
 * an e-mail's envelope sender) is read from its source (`raw`) as a delivery report and moves that e-mail's delivery
 * on (record-email-event.ts); else the first recipient that is a reply address (`reply+<company>.<token>@…`) names the
 * e-mail whose thread the reply joins, once per Message-ID. Either token is looked up in the company's transaction the
 * address names; an address that names no e-mail of the company is a 404.
 */
export async function receiveInboundEmail(
  deps: EffectsDeps,
  input: {
    rawBody: string;
    signature: string | undefined;
    secret: string | undefined;
    mail: InboundEmail;
    /** Where the company's pages are (the public origin the provider posted to), for the assistant's pay links. */
    appOrigin?: string | null;
  },
): Promise<{ message: string }> {
  checkInboundSignature(input);
  const bounce = input.mail.recipients.map(parseBounceAddress).find((address) => address !== null);
  if (bounce) {
    if (!input.mail.raw) throw invalidInput("A mail to a bounce address needs its source to be read", "raw");
    const report = await parseDeliveryReport(input.mail.raw);
    const recorded = await runInScope(deps, { companyId: bounce.companyId, actor: ACTOR }, async (scope) => {
      const outcome = await recordDeliveryReport(scope.tx, bounce.companyId, { bounceToken: bounce.token, report });
      if (outcome.changed) scope.emit(outboxChanged([outcome.changed]));
      return outcome;
    });
    if (recorded.outcome === "not_found") throw notFound("No such bounce address");
    return { message: DELIVERY_REPORT_ANSWERS[recorded.outcome] };
  }
  const reply = input.mail.recipients.map(parseReplyAddress).find((address) => address !== null);
  if (!reply) throw notFound("No recipient is a reply address");
  const { mail } = input;
  const received = await runInScope(deps, { companyId: reply.companyId, actor: ACTOR }, async (scope) => {
    return receiveEmailReply(scope, {
      token: reply.token,
      mail: {
        messageId: mail.messageId ?? null,
        from: mail.from,
        to: mail.recipients.join(", "),
        subject: mail.subject,
        text: mail.text,
      },
      appOrigin: input.appOrigin ?? null,
    });
  });
  if (!received) throw notFound("No such reply address");
  return { message: INBOUND_EMAIL_KEPT };
}
