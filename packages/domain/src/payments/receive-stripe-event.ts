import Stripe from "stripe";
import { withSystem } from "@fieldops/db";
import { z } from "zod";
import { runInScope, type EffectsDeps } from "../effects/run-in-scope.ts";
import { invalidInput } from "../errors.ts";
import { systemActor } from "../tenant-scope.ts";
import type { PaymentsEnv } from "./payments-env.ts";
import { processStripeEventTask } from "./process-stripe-event.task.ts";
import { companyOfStripeAccount } from "./stripe-account.ts";
import { createStripeClient, type StripeEvent } from "./stripe-client.ts";

/**
 * The event Stripe signed (Stripe-Signature: `t=…,v1=…`, HMAC-SHA256 of `<t>.<body>` with an endpoint's secret),
 * checked by the SDK over the body as sent. Stripe signs the platform account's events and the connected accounts'
 * (a Connect endpoint) with the secret of the endpoint each is registered at, so either configured secret is taken.
 * Anything else is refused (400) before it is read.
 */
export function verifyStripeEvent(input: {
  rawBody: string;
  signature: string | undefined;
  secrets: readonly (string | undefined)[];
}): StripeEvent {
  const secrets = input.secrets.filter((secret): secret is string => Boolean(secret));
  if (secrets.length === 0) throw invalidInput("Stripe's webhook is not configured here (STRIPE_WEBHOOK_SECRET)");
  if (!input.signature) throw invalidInput("Not signed by Stripe", "stripe-signature");
  for (const secret of secrets) {
    try {
      return Stripe.webhooks.constructEvent(input.rawBody, input.signature, secret);
    } catch {
      // Signed with the other endpoint's secret, or not by Stripe: the next secret, or the refusal below.
    }
  }
  throw invalidInput("Not signed by Stripe", "stripe-signature");
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

const ACTOR = systemActor("webhook:stripe");

/**
 * PostgreSQL's jsonb refuses a NUL character in a string (`\u0000`), and a customer's words in an event (a name, a
 * description) may carry one: it is dropped, so that the event is stored rather than refused with a 500 Stripe would
 * retry for days.
 */
const withoutNul = (_key: string, value: unknown) => (typeof value === "string" ? value.replaceAll("\0", "") : value);

/**
 * Takes one signed Stripe event for its company and hands it to the worker, so that Stripe is answered at once: the
 * event is stored under its id (unique) with its payload, and `process-stripe-event` is queued in that transaction
 * (through the outbox of effects, so a process that dies after the commit still queues it). Delivered again while it
 * waits (a task that failed for good, or was lost), it is queued again under a new key, and its task applies it once
 * (`processStripeEvent` locks the row and stamps it); delivered again once applied, it changes nothing. An event of an
 * account no company has is refused (400) and stored nowhere.
 */
export async function receiveStripeEvent(
  deps: EffectsDeps,
  input: { event: StripeEvent; env: PaymentsEnv; requestId?: string },
): Promise<{ outcome: "queued" | "queued again" | "already applied" }> {
  const { event } = input;
  const companyId = await companyOfEvent(deps, event, input.env);
  const requestId = input.requestId ?? null;
  return runInScope(deps, { companyId, actor: ACTOR, requestId }, async (scope) => {
    const [stored] = await scope.tx.$queryRaw<{ deliveries: number }[]>`
      INSERT INTO stripe_events (id, "companyId", type, payload)
      VALUES (${event.id}, ${companyId}::uuid, ${event.type}, ${JSON.stringify(event, withoutNul)}::jsonb)
      ON CONFLICT (id) DO UPDATE SET deliveries = stripe_events.deliveries + 1
        WHERE stripe_events."processedAt" IS NULL
      RETURNING deliveries`;
    if (!stored) return { outcome: "already applied" as const };
    scope.enqueue(
      processStripeEventTask,
      { companyId, eventId: event.id, requestId },
      `${event.id}-${stored.deliveries}`,
    );
    return { outcome: stored.deliveries === 1 ? ("queued" as const) : ("queued again" as const) };
  });
}
