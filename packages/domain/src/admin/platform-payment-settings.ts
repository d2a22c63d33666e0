import { withSystem, type Database } from "@fieldops/db";
import type { PlatformPaymentSettings } from "@fieldops/shared/stripe";
import type { PlatformAdminActor } from "./platform-admin-actor.ts";

/** The platform's fee on charges made on companies' connected Stripe accounts (none until an administrator sets it). */
export async function getPlatformPaymentSettings(db: Database): Promise<PlatformPaymentSettings> {
  return withSystem(db, async (tx) => {
    const row = await tx.platformSetting.findUnique({ where: { id: "platform" } });
    return { applicationFeeBps: row?.stripeApplicationFeeBps ?? 0 };
  });
}

/** Sets the platform's fee (basis points of each charge; 0: none), from the next PaymentIntent on. */
export async function setPlatformPaymentSettings(
  db: Database,
  input: PlatformPaymentSettings & { actor: PlatformAdminActor },
): Promise<PlatformPaymentSettings> {
  return withSystem(db, async (tx) => {
    const data = { stripeApplicationFeeBps: input.applicationFeeBps, updatedByUserId: input.actor.userId };
    const row = await tx.platformSetting.upsert({ where: { id: "platform" }, create: data, update: data });
    return { applicationFeeBps: row.stripeApplicationFeeBps };
  });
}
