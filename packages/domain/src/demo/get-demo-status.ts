import type { TenantTransaction } from "@fieldops/db";
import { demoTierSchema, type DemoStatus } from "@fieldops/shared/demo";

/** Whether the transaction's company is a demo, and the tier it was last switched to. */
export async function getDemoStatus(tx: TenantTransaction): Promise<DemoStatus> {
  // Row-level security shows the transaction its own company only.
  const company = await tx.company.findFirstOrThrow({ select: { isDemo: true, demoTierOverride: true } });
  return {
    isDemoCompany: company.isDemo,
    demoDocsVisible: company.isDemo,
    demoTierOverride: company.isDemo ? (demoTierSchema.safeParse(company.demoTierOverride).data ?? null) : null,
  };
}
