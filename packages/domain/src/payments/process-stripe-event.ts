import type { EffectsDeps } from "../effects/run-in-scope.ts";
import { runInScope } from "../effects/run-in-scope.ts";
import { DomainError } from "../errors.ts";
import { systemActor, type TenantScope } from "../tenant-scope.ts";
import type { PaymentsEnv } from "./payments-env.ts";
import { recordStripeIntent } from "./record-stripe-charge.ts";
import { recordStripeDispute } from "./record-stripe-dispute.ts";
import { recordStripeRefund } from "./record-stripe-refund.ts";
import { createStripeClient, type StripeEvent } from "./stripe-client.ts";

const ACTOR = systemActor("webhook:stripe");

/**
 * Applies one stored Stripe event (`receiveStripeEvent` stored it) to its company, exactly once: its `stripe_events`
 * row is locked and stamped `processedAt` in the same transaction as its effect, so a second task of the same event
 * (a redelivery queued it again, or BullMQ ran it twice) finds it applied and changes nothing, and events may come in
 * any order (a PaymentIntent's succeeded before its processing is still one payment, counted). What it does:
 * PaymentIntents (succeeded, processing, payment_failed) as the customer's page does (`recordStripeIntent`), disputes
 * (`recordStripeDispute`: a lost one gives the money back and reopens the balance), refunds made in Stripe's dashboard,
 * and a connected account's status. An event of another type is marked applied. A failure rolls it all back: the event
 * stays unapplied for the task's next try.
 */
export async function processStripeEvent(
  deps: EffectsDeps,
  input: { companyId: string; eventId: string; env: PaymentsEnv; requestId?: string | null; now?: Date },
): Promise<{ outcome: "processed" | "already applied" | "unknown" }> {
  const { companyId, eventId } = input;
  return runInScope(deps, { companyId, actor: ACTOR, requestId: input.requestId ?? null }, async (scope) => {
    const [stored] = await scope.tx.$queryRaw<{ payload: StripeEvent | null; processedAt: Date | null }[]>`
      SELECT payload, "processedAt" FROM stripe_events WHERE id = ${eventId} FOR UPDATE`;
    if (!stored?.payload) return { outcome: "unknown" as const };
    if (stored.processedAt) return { outcome: "already applied" as const };
    const now = input.now ?? new Date();
    await applyEvent(scope, stored.payload, input.env, now);
    await scope.tx.stripeEvent.update({ where: { id: eventId }, data: { processedAt: now } });
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
        // The invoice no longer takes it (paid another way, void): nothing is recorded, and no try will change that.
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
      scope.emit({ name: "integrations.changed", payload: { provider: "stripe" } });
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
