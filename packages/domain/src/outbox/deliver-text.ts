import { Prisma, type TenantTransaction } from "@fieldops/db";
import type { TaskContext } from "@fieldops/tasks/task-definition";
import { FinalTaskError } from "@fieldops/tasks/task-definition";
import { brandingSchema } from "@fieldops/shared/company";
import { SMS_OPTED_OUT_ERROR } from "@fieldops/shared/outbox";
import { toE164 } from "@fieldops/shared/phone";
import { TWILIO_STATUS_CALLBACK_PATH } from "@fieldops/shared/sms-delivery";
import { runInScope, type EffectsDeps } from "../effects/run-in-scope.ts";
import { companyHasPlanFeature } from "../plans/require-plan-feature.ts";
import { systemActor } from "../tenant-scope.ts";
import { outboxChanged } from "./outbox-events.ts";
import { isSmsOptedOut, recordSmsOptOut } from "./record-sms-opt-out.ts";
import {
  connectedAccountNumber,
  describeTwilioFailure,
  sendText,
  TWILIO_UNSUBSCRIBED_RECIPIENT,
  platformTwilioAccount,
  type OutgoingText,
  type TwilioAccount,
  type TwilioEnv,
} from "./twilio-transport.ts";

const ACTOR = systemActor("task:deliver_message");
const NO_SMS_PROVIDER =
  "Not sent: no text message provider is configured (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_MESSAGING_SERVICE_SID or TWILIO_FROM)";
const NOT_ON_PLAN = "Not sent: text messages need the Growth plan or higher";
const NO_NUMBER = "Not sent: the recipient has no valid mobile number";
const NO_CONNECTED_NUMBER = "Not sent: the connected Twilio account has no number that sends texts";

/** Where a company's texts go: its connected Twilio account, the platform's, or the local text catcher. */
export type TextSender =
  | { kind: "twilio"; account: TwilioAccount; sender: OutgoingText["sender"] | "connected_number" }
  | { kind: "catcher" }
  | { kind: "unconfigured" };

/**
 * The company's connected Twilio account (Twilio Connect: the platform's auth token acts on the connected AccountSid,
 * sending from that account's own number) when it has one, else the platform's account (its Messaging Service, else
 * TWILIO_FROM), else — outside production — the local text catcher. A simulated connection holds no account: the
 * platform's sends, or the catcher keeps the text.
 */
export async function textSenderOf(tx: TenantTransaction, env: TwilioEnv): Promise<TextSender> {
  const apiBase = env.TWILIO_API_BASE ?? "https://api.twilio.com";
  const connection = await tx.integrationConnection.findFirst({
    where: { provider: "twilio", simulated: false, accountId: { not: null } },
    select: { accountId: true },
  });
  if (connection?.accountId && env.TWILIO_AUTH_TOKEN)
    return {
      kind: "twilio",
      account: { accountSid: connection.accountId, authToken: env.TWILIO_AUTH_TOKEN, apiBase },
      sender: "connected_number",
    };
  const platform = platformTwilioAccount(env);
  if (platform) {
    // A number the platform bought for the company is the company's own: its texts go out from it.
    const company = await tx.company.findFirstOrThrow({ select: { smsNumber: true, smsNumberSid: true } });
    if (company.smsNumberSid && company.smsNumber)
      return { kind: "twilio", account: platform, sender: { from: company.smsNumber } };
    if (env.TWILIO_MESSAGING_SERVICE_SID || env.TWILIO_FROM)
      return {
        kind: "twilio",
        account: platform,
        sender: env.TWILIO_MESSAGING_SERVICE_SID
          ? { messagingServiceSid: env.TWILIO_MESSAGING_SERVICE_SID }
          : { from: env.TWILIO_FROM! },
      };
  }
  return env.NODE_ENV === "production" ? { kind: "unconfigured" } : { kind: "catcher" };
}

/** The absolute URL Twilio posts this message's delivery to, signed; null without PUBLIC_APP_URL (no status then). */
function statusCallbackUrl(env: TwilioEnv, companyId: string, messageId: string): string | null {
  if (!env.PUBLIC_APP_URL) return null;
  const url = new URL(TWILIO_STATUS_CALLBACK_PATH, new URL(env.PUBLIC_APP_URL).origin);
  url.searchParams.set("company", companyId);
  url.searchParams.set("message", messageId);
  return url.href;
}

type Claim =
  | { kind: "done" }
  | { kind: "leased"; until: Date }
  | {
      kind: "claimed";
      claimedAt: Date;
      account: TwilioAccount;
      text: Omit<OutgoingText, "sender">;
      sender: TextSender & { kind: "twilio" };
      /** The number customers text the company at, when it has one (companies.smsNumber). */
      companyNumber: string | null;
    };

const SELECT_EVENT = { id: true, invoiceId: true, estimateId: true, customerId: true } as const;

/**
 * Sends one outbox text (the SMS half of `deliver_message`), at most once however often its task is delivered — the
 * same claim as an e-mail's:
 *
 * 1. In a transaction: a message no longer queued (or sending past the lease) is left alone; a company without SMS on
 *    its plan, a number that is no number, or a number that opted out (STOP) fails it at once without sending; without
 *    Twilio credentials (and outside production) it goes to the local text catcher (`caught_texts`) and is delivered
 *    there; otherwise `queued → sending`, stamped and counted, by a conditional update.
 * 2. Sends it through Twilio's API with the official SDK, outside any transaction, with a status callback URL that
 *    names the company and the message.
 * 3. Records `sent` with Twilio's SID (`SM…`). 429, 5xx or no answer put it back in the queue with the error for
 *    BullMQ's next try (6 tries, exponential backoff from 2 s); any other refusal fails it with Twilio's code and
 *    words, and 21610 (the number texted STOP to the sender) also records the number opted out.
 *
 * Twilio's Messages API takes no idempotency key. A worker that dies after Twilio took the text and before it recorded
 * the SID leaves the message "sending"; after the lease (SEND_LEASE_MS) the next try sends it again, so the customer
 * may get the text twice: at most one repeat per dead worker, and only in that window — unless Twilio's status
 * callback of the first send came meanwhile (it names the message, and moves it past "sending": nothing is resent).
 * Both sends' callbacks name the same message; the first SID recorded is kept, and a callback of the other moves the
 * state the same way.
 */
export async function deliverText(
  payload: { companyId: string; messageId: string },
  context: TaskContext,
  leaseMs: number,
  comeBackAfterLease: (until: Date) => Promise<void>,
): Promise<void> {
  const deps: EffectsDeps = {
    db: context.db,
    redis: context.redis,
    queues: context.queues,
    log: (message, detail) => context.log?.(message, detail),
  };
  const scope = { companyId: payload.companyId, actor: ACTOR };
  const env: TwilioEnv = context.env ?? {};

  const claim = await runInScope(deps, scope, async ({ tx, emit }): Promise<Claim> => {
    const message = await tx.outboxMessage.findUnique({ where: { id: payload.messageId } });
    if (!message || message.channel !== "sms") return { kind: "done" };
    if (message.status !== "queued" && message.status !== "sending") return { kind: "done" };
    const now = new Date();
    const fail = async (lastError: string) => {
      await tx.outboxMessage.updateMany({
        where: { id: message.id, status: "queued" },
        data: { status: "failed", failedAt: now, lastError },
      });
      emit(outboxChanged([message]));
      return { kind: "done" } as const;
    };
    if (message.status === "queued") {
      if (!(await companyHasPlanFeature(tx, "sms"))) return fail(NOT_ON_PLAN);
      if (!message.recipient || !toE164(message.recipient)) return fail(NO_NUMBER);
      if (await isSmsOptedOut(tx, message.recipient)) return fail(SMS_OPTED_OUT_ERROR);
    }
    const to = toE164(message.recipient ?? "");
    if (!to) return fail(NO_NUMBER);
    const sender = await textSenderOf(tx, env);
    if (sender.kind === "unconfigured") {
      if (message.lastError !== NO_SMS_PROVIDER)
        await tx.outboxMessage.update({ where: { id: message.id }, data: { lastError: NO_SMS_PROVIDER } });
      return { kind: "done" };
    }
    if (sender.kind === "catcher") {
      await tx.caughtText.upsert({
        where: { outboxMessageId: message.id },
        create: { companyId: payload.companyId, outboxMessageId: message.id, toNumber: to, body: message.body },
        update: { copies: { increment: 1 } },
      });
      await tx.outboxMessage.updateMany({
        where: { id: message.id, status: { in: ["queued", "sending"] } },
        data: {
          status: "delivered",
          attempts: { increment: 1 },
          sentAt: now,
          deliveredAt: now,
          failedAt: null,
          lastError: null,
        },
      });
      emit(outboxChanged([message]));
      return { kind: "done" };
    }
    const claimed = await tx.outboxMessage.updateMany({
      where: {
        id: message.id,
        OR: [{ status: "queued" }, { status: "sending", sendingAt: { lt: new Date(now.getTime() - leaseMs) } }],
      },
      data: { status: "sending", sendingAt: now, attempts: { increment: 1 } },
    });
    if (claimed.count === 0) {
      const current = await tx.outboxMessage.findUnique({ where: { id: message.id }, select: { sendingAt: true } });
      return { kind: "leased", until: new Date((current?.sendingAt ?? now).getTime() + leaseMs) };
    }
    emit(outboxChanged([message]));
    const company = await tx.company.findUniqueOrThrow({
      where: { id: payload.companyId },
      select: { smsNumber: true },
    });
    return {
      kind: "claimed",
      claimedAt: now,
      account: sender.account,
      sender,
      companyNumber: company.smsNumber,
      text: { to, body: message.body, statusCallback: statusCallbackUrl(env, payload.companyId, message.id) },
    };
  });

  if (claim.kind === "done") return;
  if (claim.kind === "leased") return comeBackAfterLease(claim.until);

  let sent: { sid: string };
  let sender: OutgoingText["sender"];
  try {
    if (claim.sender.sender === "connected_number") {
      const from = await connectedAccountNumber(claim.account, claim.companyNumber);
      if (!from) throw new NoConnectedNumber();
      sender = { from };
    } else sender = claim.sender.sender;
    sent = await sendText(claim.account, { ...claim.text, sender });
  } catch (error) {
    const failure =
      error instanceof NoConnectedNumber
        ? { kind: "permanent" as const, code: null, words: NO_CONNECTED_NUMBER }
        : describeTwilioFailure(error);
    const permanent = failure.kind === "permanent";
    const final = permanent || context.finalAttempt !== false;
    const unsubscribed = failure.code === TWILIO_UNSUBSCRIBED_RECIPIENT;
    const lastError = unsubscribed ? SMS_OPTED_OUT_ERROR : failure.words;
    await runInScope(deps, scope, async ({ tx, emit }) => {
      if (unsubscribed) await recordSmsOptOut(tx, payload.companyId, claim.text.to, true, "twilio_21610");
      const updated = await tx.outboxMessage.updateManyAndReturn({
        where: { id: payload.messageId, status: "sending", sendingAt: claim.claimedAt },
        data: final ? { status: "failed", failedAt: new Date(), lastError } : { status: "queued", lastError },
        select: SELECT_EVENT,
      });
      emit(outboxChanged(updated));
    });
    context.log?.("text not sent", { messageId: payload.messageId, error: failure.words, final });
    if (permanent) throw new FinalTaskError(lastError);
    throw new Error(lastError);
  }

  await runInScope(deps, scope, async ({ tx, emit }) => {
    const recorded = await tx.outboxMessage.updateManyAndReturn({
      where: { id: payload.messageId, status: "sending" },
      data: { status: "sent", sentAt: new Date(), providerMessageId: sent.sid, lastError: null },
      select: SELECT_EVENT,
    });
    // A status callback may have come first (it names the message): it moved the state on; the SID is recorded here.
    await tx.outboxMessage.updateMany({
      where: { id: payload.messageId, providerMessageId: null },
      data: { providerMessageId: sent.sid, sentAt: new Date() },
    });
    if (claim.sender.sender !== "connected_number") await rememberCorrespondent(tx, payload.companyId, claim.text.to);
    emit(outboxChanged(recorded));
  });
  if (claim.sender.sender === "connected_number" && !claim.companyNumber && "from" in sender)
    await adoptConnectedNumber(deps, payload.companyId, sender.from);
}

/**
 * What lets the customer's reply find the company, from the platform's shared sender: that sender's numbers are many
 * companies', so the number texted is remembered, and a reply from it belongs to the one company that texted it lately
 * (receive-inbound-sms.ts). A company's own number (its connected account's) needs nothing: it is the company's.
 */
async function rememberCorrespondent(tx: TenantTransaction, companyId: string, number: string): Promise<void> {
  const now = new Date();
  await tx.smsCorrespondent.upsert({
    where: { companyId_number: { companyId, number } },
    create: { companyId, number, lastTextedAt: now },
    update: { lastTextedAt: now },
  });
}

/**
 * Sent from the company's connected account, replies arrive at the number it was sent from: a company without a
 * texting number gets this one. In a transaction of its own, as another company may hold the number (Twilio gives a
 * number to one account; a company that typed it in says otherwise): then it stays theirs, and nothing else is undone.
 */
async function adoptConnectedNumber(deps: EffectsDeps, companyId: string, number: string): Promise<void> {
  try {
    await runInScope(deps, { companyId, actor: ACTOR }, ({ tx }) =>
      tx.company.updateMany({ where: { id: companyId, smsNumber: null }, data: { smsNumber: number } }),
    );
  } catch (error) {
    if (!(error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")) throw error;
  }
}

class NoConnectedNumber extends Error {}

/** The company's name as its texts start ("Greenleaf Lawns: …"): its branding's name, else its own. */
export async function textingName(tx: TenantTransaction): Promise<string> {
  const company = await tx.company.findFirstOrThrow({ select: { name: true, branding: true } });
  return brandingSchema.safeParse(company.branding).data?.name || company.name;
}
