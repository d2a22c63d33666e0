import type { SystemTransaction, TenantTransaction } from "@fieldops/db";
import {
  buildPricingSchema,
  DEFAULT_BUILD_PRICING,
  type BuildPricing,
  type BuildPricingResponse,
} from "@fieldops/shared/builds";

const PRICING_ID = "current";

/** The platform's price list of feature builds (the built-in one until an administrator saves another). */
export async function readBuildPricing(tx: TenantTransaction | SystemTransaction): Promise<BuildPricingResponse> {
  const row = await tx.buildPricing.findUnique({ where: { id: PRICING_ID } });
  const stored = row ? buildPricingSchema.safeParse(row.settings) : null;
  return {
    pricing: stored?.success ? stored.data : DEFAULT_BUILD_PRICING,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** Replaces the price list (a platform administrator, in the system context); quotes made later use it. */
export async function updateBuildPricing(
  tx: SystemTransaction,
  pricing: BuildPricing,
  actorUserId: string,
): Promise<BuildPricingResponse> {
  const row = await tx.buildPricing.upsert({
    where: { id: PRICING_ID },
    create: { id: PRICING_ID, settings: pricing, updatedByUserId: actorUserId },
    update: { settings: pricing, updatedByUserId: actorUserId },
  });
  return { pricing, updatedAt: row.updatedAt.toISOString() };
}
