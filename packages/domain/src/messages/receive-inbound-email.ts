import { createHmac, timingSafeEqual } from "node:crypto";
import type { InboundEmail } from "@fieldops/shared/messages";
import { forbidden, notFound } from "../errors.ts";
import { runInScope, type EffectsDeps } from "../effects/run-in-scope.ts";
import { systemActor } from "../tenant-scope.ts";
import { messagesChanged } from "./message-events.ts";
import { parseReplyAddress } from "./reply-address.ts";
import { receiveEmailReply } from "./receive-email-reply.ts";

const ACTOR = systemActor("webhook:inbound_email");

export const INBOUND_EMAIL_NOT_CONFIGURED = "Inbound e-mail needs INBOUND_EMAIL_SECRET to check its signature";
export const INBOUND_EMAIL_SIGNATURE_REFUSED = "The request is not signed with the inbound e-mail secret";
export const INBOUND_EMAIL_KEPT = "Kept";

/** `sha256=<hex>`: the HMAC-SHA256 of the raw body under the shared secret. */
export function inboundEmailSignature(secret: string, rawBody: string): string {
  return `sha256=${createHmac("sha256", secret).update(rawBody, "utf8").digest("hex")}`;
}

function signatureMatches(secret: string, rawBody: string, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(inboundEmailSignature(secret, rawBody));
  const given = Buffer.from(signature.trim());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * A reply posted by an inbound mail provider (the production path of what the local mail catcher does): the body's
 * signature first (nothing is looked at without it: 403), then the first recipient that is a reply address
 * (`reply+<company>.<token>@…`), whose token is looked up in that company's transaction; the reply joins that e-mail's
 * thread, once per Message-ID. An address that names no e-mail of the company is a 404.
 */
export async function receiveInboundEmail(
  deps: EffectsDeps,
  input: { rawBody: string; signature: string | undefined; secret: string | undefined; mail: InboundEmail },
): Promise<{ message: string }> {
  if (!input.secret) throw forbidden(INBOUND_EMAIL_NOT_CONFIGURED);
  if (!signatureMatches(input.secret, input.rawBody, input.signature)) throw forbidden(INBOUND_EMAIL_SIGNATURE_REFUSED);
  const reply = input.mail.recipients.map(parseReplyAddress).find((address) => address !== null);
  if (!reply) throw notFound("No recipient is a reply address");
  const { mail } = input;
  const received = await runInScope(deps, { companyId: reply.companyId, actor: ACTOR }, async (scope) => {
    const kept = await receiveEmailReply(scope.tx, reply.companyId, {
      token: reply.token,
      mail: {
        messageId: mail.messageId ?? null,
        from: mail.from,
        to: mail.recipients.join(", "),
        subject: mail.subject,
        text: mail.text,
      },
    });
    if (kept?.added) scope.emit(messagesChanged([kept.thread], { inbound: true }));
    return kept;
  });
  if (!received) throw notFound("No such reply address");
  return { message: INBOUND_EMAIL_KEPT };
}
