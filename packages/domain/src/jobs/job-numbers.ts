import type { TenantTransaction } from "@fieldops/db";

/**
 * The company's next job number. The counter row stays locked until the transaction ends, so concurrent creations
 * wait for each other (no duplicates) and a rolled-back creation gives its number back (no gaps). The first number
 * follows the highest one already used.
 */
export async function takeNextJobNumber(tx: TenantTransaction, companyId: string): Promise<number> {
  const rows = await tx.$queryRaw<{ lastNumber: number }[]>`
    INSERT INTO job_counters ("companyId", "lastNumber")
    VALUES (${companyId}::uuid, (SELECT coalesce(max(number), 0) + 1 FROM jobs))
    ON CONFLICT ("companyId") DO UPDATE SET "lastNumber" = job_counters."lastNumber" + 1
    RETURNING "lastNumber"`;
  return rows[0]!.lastNumber;
}
