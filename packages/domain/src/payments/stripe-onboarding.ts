import type { StripeAccountResponse } from "@fieldops/shared/stripe";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict } from "../errors.ts";
import { paymentsCompany } from "../invoices/invoice-company.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { cardProviderName, type PaymentsEnv } from "./payments-env.ts";
import { createStripeClient } from "./stripe-client.ts";

/** Where Stripe's onboarding sends the browser back: the company's payment settings. */
const SETTINGS_PATH = "/settings/payments";

/** The company's own Stripe account and its status as Stripe last reported it (account.updated). */
export async function getStripeAccount(
  { tx }: Pick<TenantScope, "tx">,
  input: { env: PaymentsEnv },
): Promise<StripeAccountResponse> {
  const row = await tx.stripeAccount.findFirst();
  return {
    available: cardProviderName(input.env) === "stripe",
    account: row
      ? {
          accountId: row.accountId,
          chargesEnabled: row.chargesEnabled,
          detailsSubmitted: row.detailsSubmitted,
          requirementsDue: row.requirementsDue,
        }
      : null,
  };
}

/**
 * Starts (or resumes) the company's Stripe onboarding, Stripe's recommendation for platforms: the company's
 * connected account is made once (`accounts.create`, an Idempotency-Key per company, so two clicks make one), then
 * each call answers a fresh Account Link (single use, short-lived) to Stripe's onboarding, which returns to the
 * payment settings. Charges are made on the account once Stripe enables them (account.updated).
 */
export async function startStripeOnboarding(
  { tx, companyId, actor }: TenantScope<UserActor>,
  input: { env: PaymentsEnv; appOrigin: string },
): Promise<{ url: string }> {
  if (cardProviderName(input.env) !== "stripe" || !input.env.STRIPE_SECRET_KEY)
    throw conflict("Stripe is not configured on this server: card payments use the built-in test provider");
  await paymentsCompany(tx, companyId);
  const stripe = createStripeClient({ ...input.env, STRIPE_SECRET_KEY: input.env.STRIPE_SECRET_KEY });
  let row = await tx.stripeAccount.findFirst();
  if (!row) {
    const company = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { email: true } });
    const account = await stripe.createAccount({
      email: company.email,
      companyId,
      idempotencyKey: `fieldops-account-${companyId}`,
    });
    row = await tx.stripeAccount.upsert({
      where: { companyId },
      create: {
        companyId,
        accountId: account.id,
        chargesEnabled: account.charges_enabled,
        detailsSubmitted: account.details_submitted,
        requirementsDue: account.requirements?.currently_due ?? [],
        createdByUserId: actor.userId,
      },
      update: {},
    });
    await recordAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      action: "payments.stripe_account_created",
      entityType: "stripe_account",
      entityId: null,
      summary: `${actor.name} started setting up the company's Stripe account`,
      details: { accountId: row.accountId },
    });
  }
  const link = await stripe.createAccountLink({
    account: row.accountId,
    refreshUrl: `${input.appOrigin}${SETTINGS_PATH}?stripe=refresh`,
    returnUrl: `${input.appOrigin}${SETTINGS_PATH}?stripe=return`,
  });
  return { url: link.url };
}
