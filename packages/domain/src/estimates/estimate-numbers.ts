import type { TenantTransaction } from "@fieldops/db";

/**
 * The company's next estimate number. The counter row stays locked until the transaction ends, so concurrent
 * creations wait for each other (no duplicates) and a rolled-back creation gives its number back (no gaps).
 */
export async function takeNextEstimateNumber(tx: TenantTransaction, companyId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ lastNumber: number }[]>`
    INSERT INTO estimate_counters ("companyId", "lastNumber")
    VALUES (${companyId}::uuid, (SELECT coalesce(max(number), 0) + 1 FROM estimates))
    ON CONFLICT ("companyId") DO UPDATE SET "lastNumber" = estimate_counters."lastNumber" + 1
    RETURNING "lastNumber"`;
  return rows[0]!.lastNumber;
}
