import Stripe from "stripe";
import { withSystem } from "@fieldops/db";
import { z } from "zod";
import { runInScope, type EffectsDeps } from "../effects/run-in-scope.ts";
import { DomainError, invalidInput } from "../errors.ts";
import { systemActor, type TenantScope } from "../tenant-scope.ts";
import type { PaymentsEnv } from "./payments-env.ts";
import { recordStripeIntent } from "./record-stripe-charge.ts";
import { recordStripeDispute } from "./record-stripe-dispute.ts";
import { recordStripeRefund } from "./record-stripe-refund.ts";
import { companyOfStripeAccount } from "./stripe-account.ts";
import { createStripeClient, type StripeEvent } from "./stripe-client.ts";

const ACTOR = systemActor("webhook:stripe");

/**
 * The event Stripe signed (Stripe-Signature: `t=…,v1=…`, HMAC-SHA256 of `<t>.<body>` with STRIPE_WEBHOOK_SECRET),
 * checked by the SDK over the body as sent. Anything else is refused (400) before it is read.
 */
export function verifyStripeEvent(input: {
  rawBody: string;
  signature: string | undefined;
  secret: string | undefined;
}): StripeEvent {
  if (!input.secret) throw invalidInput("Stripe's webhook is not configured here (STRIPE_WEBHOOK_SECRET)");
  if (!input.signature) throw invalidInput("Not signed by Stripe", "stripe-signature");
  try {
    return Stripe.webhooks.constructEvent(input.rawBody, input.signature, input.secret);
  } catch {
    throw invalidInput("Not signed by Stripe", "stripe-signature");
  }
}

const companyIdSchema = z.uuid();

/**
 * The company an event is about: the company whose connected account it happened on (Connect events carry
 * `account`), or, for a charge on the platform's own account, the company its PaymentIntent's metadata names (a
 * dispute's or a refund's PaymentIntent is asked of Stripe).
 */
async function companyOfEvent(deps: EffectsDeps, event: StripeEvent, env: PaymentsEnv): Promise<string> {
  if (event.account) {
    const companyId = await companyOfStripeAccount(deps.db, event.account);
    if (!companyId) throw invalidInput("unknown account");
    return companyId;
  }
  const object = event.data.object as {
    object?: string;
    metadata?: Record<string, string> | null;
    payment_intent?: string | { id: string } | null;
  };
  let named: string | undefined;
  if (object.object === "payment_intent") named = object.metadata?.company_id;
  else if (
    (object.object === "dispute" || object.object === "refund") &&
    object.payment_intent &&
    env.STRIPE_SECRET_KEY
  ) {
    const intentId = typeof object.payment_intent === "string" ? object.payment_intent : object.payment_intent.id;
    const stripe = createStripeClient({ ...env, STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY });
    // An intent the platform's account does not have names no company.
    named = (await stripe.retrievePaymentIntent(intentId).catch(() => null))?.metadata.company_id;
  }
  const companyId = companyIdSchema.safeParse(named);
  const exists =
    companyId.success &&
    (await withSystem(deps.db, (tx) => tx.company.findUnique({ where: { id: companyId.data }, select: { id: true } })));
  if (!companyId.success || !exists) throw invalidInput("unknown account");
  return companyId.data;
}

/**
 * Applies one Stripe event to its company, exactly once: the event's id is written to `stripe_events` in the same
 * transaction as its effect, so a delivery repeated (or two at once) changes nothing the second time, and events may
 * come in any order (a PaymentIntent's succeeded before its processing is still one payment, counted). What it does:
 * PaymentIntents (succeeded, processing, payment_failed) as the customer's page does (`recordStripeIntent`), disputes
 * (`recordStripeDispute`: a lost one gives the money back and reopens the balance), and a connected account's status. An event of another type is acknowledged.
 */
export async function processStripeEvent(
  deps: EffectsDeps,
  input: { event: StripeEvent; env: PaymentsEnv; requestId?: string; now?: Date },
): Promise<{ outcome: "processed" | "replayed" }> {
  const { event } = input;
  const companyId = await companyOfEvent(deps, event, input.env);
  return runInScope(deps, { companyId, actor: ACTOR, requestId: input.requestId }, async (scope) => {
    const inserted = await scope.tx.$executeRaw`
      INSERT INTO stripe_events (id, "companyId", type) VALUES (${event.id}, ${companyId}::uuid, ${event.type})
      ON CONFLICT (id) DO NOTHING`;
    if (inserted === 0) return { outcome: "replayed" as const };
    await applyEvent(scope, event, input.env, input.now ?? new Date());
    return { outcome: "processed" as const };
  });
}

async function applyEvent(scope: TenantScope, event: StripeEvent, env: PaymentsEnv, now: Date) {
  switch (event.type) {
    case "payment_intent.succeeded":
    case "payment_intent.processing":
    case "payment_intent.payment_failed": {
      const stripe = env.STRIPE_SECRET_KEY
        ? createStripeClient({ ...env, STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY })
        : null;
      const account = event.account ?? null;
      // A processing event may come after the debit already failed or succeeded (Stripe does not keep the order):
      // what Stripe says of the intent now is applied, so a late processing event leaves no payment pending forever.
      const intent =
        event.type === "payment_intent.processing" && stripe
          ? ((await stripe.retrievePaymentIntent(event.data.object.id, account).catch(() => null)) ?? event.data.object)
          : event.data.object;
      try {
        await recordStripeIntent(scope, { intent, stripe, account, now });
      } catch (error) {
        // The invoice no longer takes it (paid another way, void): nothing is recorded, and Stripe need not retry.
        if (!(error instanceof DomainError && error.kind === "conflict")) throw error;
      }
      return;
    }
    case "charge.dispute.created":
    case "charge.dispute.updated":
    case "charge.dispute.closed":
      return recordStripeDispute(scope, event.data.object, now);
    case "refund.created":
    case "refund.updated":
      return recordStripeRefund(scope, event.data.object, now);
    case "account.updated": {
      const account = event.data.object;
      await scope.tx.stripeAccount.updateMany({
        where: { accountId: account.id },
        data: {
          chargesEnabled: account.charges_enabled,
          detailsSubmitted: account.details_submitted,
          requirementsDue: (account.requirements?.currently_due ?? []).slice(0, 100),
        },
      });
      return;
    }
    default:
      return;
  }
}
