import twilio from "twilio";
import { withSystem } from "@fieldops/db";
import { MAX_INBOUND_MESSAGE_CHARS, toE164, type UnplacedReason } from "@fieldops/shared/messages";
import { smsKeywordIntent } from "@fieldops/shared/phone";
import { forbidden } from "../errors.ts";
import { recordSmsOptOut } from "../outbox/record-sms-opt-out.ts";
import { runInScope, type EffectsDeps } from "../effects/run-in-scope.ts";
import { decryptSecret, integrationsEncryptionKey, type EncryptionKeyEnv } from "../integrations/token-encryption.ts";
import { systemActor } from "../tenant-scope.ts";
import { queueCustomerAnswer } from "../customer-assistant/queue-customer-answer.ts";
import { findCustomersByPhone } from "./find-customers-by-phone.ts";
import { messagesChanged } from "./message-events.ts";
import { appendInbound, customerThread, unplacedThread } from "./threads.ts";

const ACTOR = systemActor("webhook:twilio_inbound");

export const TWILIO_SIGNATURE_REFUSED = "The request is not signed by Twilio";
export const TWILIO_NOT_CONFIGURED =
  "Inbound texts need Twilio's auth token (TWILIO_AUTH_TOKEN) to check their signature";

/** What Twilio posts for an inbound text (form fields; the signature covers every one of them). */
export interface InboundSmsRequest {
  /** Every field of the form, as posted: Twilio signs them all. */
  params: Record<string, string>;
  /** The exact public URL Twilio posted to (its signature covers it). */
  url: string;
  signature: string | undefined;
}

export type InboundSmsOutcome =
  { kind: "stored"; threadId: string; customerId: string | null } | { kind: "duplicate" } | { kind: "unknown_company" };

/**
 * An inbound text from Twilio's webhook. First the signature (`X-Twilio-Signature`, checked with the official SDK's
 * `validateRequest` against the platform's TWILIO_AUTH_TOKEN or the auth token stored with the company's connected
 * Twilio account): without a valid one nothing is looked at further and nothing stored (403). Then the company, by the
 * number texted (`To`, E.164, `companies.smsNumber`) — or, for a reply to the platform's shared sender, by who texted
 * the sender's number from it lately (`companyThatTexted`) — and in its transaction the customer, by the sender's number
 * (`From`, compared by digits with every customer's phones). A number no customer has, or several have, goes to a
 * thread of that number for the office to sort out; guessing would show one customer's words on another's page.
 * Twilio's MessageSid is kept once: a retried webhook adds nothing.
 */
export async function receiveInboundSms(
  deps: EffectsDeps,
  input: InboundSmsRequest & { env: EncryptionKeyEnv & { TWILIO_AUTH_TOKEN?: string | undefined }; now?: Date },
): Promise<InboundSmsOutcome> {
  const { params } = input;
  const to = toE164(params.To ?? "");
  const company = to
    ? await withSystem(deps.db, (tx) => tx.company.findUnique({ where: { smsNumber: to }, select: { id: true } }))
    : null;

  const tokens = [input.env.TWILIO_AUTH_TOKEN].filter((token): token is string => Boolean(token));
  if (company) tokens.push(...(await connectedAccountTokens(deps, company.id, input.env)));
  if (tokens.length === 0) throw forbidden(TWILIO_NOT_CONFIGURED);
  const signed =
    input.signature !== undefined &&
    tokens.some((token) => twilio.validateRequest(token, input.signature!, input.url, params));
  if (!signed) throw forbidden(TWILIO_SIGNATURE_REFUSED);
  const from = toE164(params.From ?? "") ?? (params.From ?? "").trim().slice(0, 100);
  const companyId = company?.id ?? (await companyThatTexted(deps, from, input.now ?? new Date()));
  if (!companyId) return { kind: "unknown_company" };

  return runInScope(deps, { companyId, actor: ACTOR }, async (scope) => {
    const customers = await findCustomersByPhone(scope.tx, from);
    const reason: UnplacedReason | null =
      customers.length === 1 ? null : customers.length === 0 ? "unknown" : "ambiguous";
    const thread = reason
      ? await unplacedThread(scope.tx, companyId, { channel: "sms", address: from, reason })
      : await customerThread(scope.tx, companyId, customers[0]!);
    const added = await appendInbound(scope.tx, companyId, thread, {
      channel: "sms",
      body: (params.Body ?? "").slice(0, MAX_INBOUND_MESSAGE_CHARS),
      from,
      to: to!,
      providerMessageId: params.MessageSid ?? params.SmsSid ?? "",
    });
    if (!added) return { kind: "duplicate" } as const;
    scope.emit(messagesChanged([thread], { inbound: true }));
    // STOP and START (Twilio's keywords) stop or restart the company's texts to that number, in this transaction.
    const intent = smsKeywordIntent(params.Body ?? "");
    if (intent) await recordSmsOptOut(scope.tx, companyId, from, intent === "stop");
    else await queueCustomerAnswer(scope, { messageId: added.id, appOrigin: new URL(input.url).origin });
    return { kind: "stored", threadId: thread.id, customerId: thread.customerId } as const;
  });
}

/** How long after a company's last text from the platform's shared sender a reply to it is still the company's. */
export const SHARED_SENDER_REPLY_DAYS = 30;

/**
 * The company a reply to the platform's shared sender belongs to: the one that texted the sender's number from it in
 * the last SHARED_SENDER_REPLY_DAYS. When two companies did, the reply could be either's, and showing it to the wrong
 * one would show one company's customer's words to another: it is kept by neither (a company's own number avoids it).
 */
async function companyThatTexted(deps: EffectsDeps, from: string, now: Date): Promise<string | null> {
  const since = new Date(now.getTime() - SHARED_SENDER_REPLY_DAYS * 24 * 3600_000);
  const texted = await withSystem(deps.db, (tx) =>
    tx.smsCorrespondent.findMany({
      where: { number: from, lastTextedAt: { gte: since } },
      select: { companyId: true },
      take: 2,
    }),
  );
  return texted.length === 1 ? texted[0]!.companyId : null;
}

/** The auth token stored with the company's connected (not simulated) Twilio account, when there is one. */
async function connectedAccountTokens(deps: EffectsDeps, companyId: string, env: EncryptionKeyEnv): Promise<string[]> {
  const connection = await runInScope(deps, { companyId, actor: ACTOR }, ({ tx }) =>
    tx.integrationConnection.findUnique({
      where: { companyId_provider: { companyId, provider: "twilio" } },
      select: { simulated: true, accessTokenEncrypted: true },
    }),
  );
  if (!connection || connection.simulated || !connection.accessTokenEncrypted) return [];
  try {
    return [decryptSecret(integrationsEncryptionKey(env), connection.accessTokenEncrypted)];
  } catch {
    return [];
  }
}
