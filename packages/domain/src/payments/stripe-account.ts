import { withSystem, type Database, type TenantTransaction } from "@fieldops/db";

/**
 * The Stripe account a company's charges are made on: its own account made through Account Links once Stripe lets it
 * take charges, else the account it connected through OAuth (Stripe Connect Standard); null: the platform's own
 * account (the company has none yet). With an account, the platform's fee (basis points, platform settings) applies.
 */
export async function companyChargeAccount(
  tx: TenantTransaction,
): Promise<{ account: string | null; applicationFeeBps: number }> {
  const onboarded = await tx.stripeAccount.findFirst({ where: { chargesEnabled: true }, select: { accountId: true } });
  const connected = onboarded
    ? null
    : await tx.integrationConnection.findFirst({
        where: { provider: "stripe", simulated: false, accountId: { not: null } },
        select: { accountId: true },
      });
  const account = onboarded?.accountId ?? connected?.accountId ?? null;
  if (!account) return { account: null, applicationFeeBps: 0 };
  const settings = await tx.platformSetting.findUnique({ where: { id: "platform" } });
  return { account, applicationFeeBps: settings?.stripeApplicationFeeBps ?? 0 };
}

/** The platform's fee on a charge, in cents (rounded down: the company never pays more than the rate). */
export const applicationFeeCents = (amountCents: number, feeBps: number) => Math.floor((amountCents * feeBps) / 10_000);

/** The company whose connected Stripe account this is (made through Account Links, or connected through OAuth). */
export async function companyOfStripeAccount(db: Database, account: string): Promise<string | null> {
  return withSystem(db, async (tx) => {
    const onboarded = await tx.stripeAccount.findUnique({ where: { accountId: account }, select: { companyId: true } });
    if (onboarded) return onboarded.companyId;
    const connected = await tx.integrationConnection.findFirst({
      where: { provider: "stripe", simulated: false, accountId: account },
      select: { companyId: true },
    });
    return connected?.companyId ?? null;
  });
}
