import { Prisma, type TenantTransaction } from "@fieldops/db";

/** The numbered records of a company: each keeps its last number in a counter table of its own. */
const SEQUENCES = {
  jobs: { counter: "job_counters", table: "jobs" },
  estimates: { counter: "estimate_counters", table: "estimates" },
  invoices: { counter: "invoice_counters", table: "invoices" },
} as const;

/**
 * The company's next number of `sequence`. The counter row stays locked until the transaction ends, so concurrent
 * creations wait for each other (no duplicates) and a rolled-back creation gives its number back (no gaps). The
 * first number follows the highest one already used.
 */
export async function takeNextNumber(
  tx: TenantTransaction,
  companyId: string,
  sequence: keyof typeof SEQUENCES,
): Promise<number> {
  return (await takeNextNumbers(tx, companyId, sequence, 1))[0]!;
}

/**
 * The company's next `count` numbers of `sequence`, in order, under the same lock. Taking none locks the counter all
 * the same: a batch that must see what concurrent creations made before it plans takes none first.
 */
export async function takeNextNumbers(
  tx: TenantTransaction,
  companyId: string,
  sequence: keyof typeof SEQUENCES,
  count: number,
): Promise<number[]> {
  const counter = Prisma.raw(SEQUENCES[sequence].counter);
  const table = Prisma.raw(SEQUENCES[sequence].table);
  const rows = await tx.$queryRaw<{ lastNumber: number }[]>`
    INSERT INTO ${counter} ("companyId", "lastNumber")
    VALUES (${companyId}::uuid, (SELECT coalesce(max(number), 0) + ${count}::int FROM ${table}))
    ON CONFLICT ("companyId") DO UPDATE SET "lastNumber" = ${counter}."lastNumber" + ${count}::int
    RETURNING "lastNumber"`;
  const last = rows[0]!.lastNumber;
  return Array.from({ length: count }, (_, index) => last - count + 1 + index);
}
