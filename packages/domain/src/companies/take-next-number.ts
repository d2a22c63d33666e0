import { Prisma, type TenantTransaction } from "@fieldops/db";

/** The per-company numbering of a table: its counter table and the numbered rows. */
const COUNTERS = {
  jobs: { counter: "job_counters", numbered: "jobs" },
  invoices: { counter: "invoice_counters", numbered: "invoices" },
} as const;

/**
 * The company's next number of `kind`. The counter row stays locked until the transaction ends, so concurrent
 * creations wait for each other (no duplicates) and a rolled-back creation gives its number back (no gaps). The
 * first number follows the highest one already used.
 */
export async function takeNextNumber(tx: TenantTransaction, companyId: string, kind: keyof typeof COUNTERS): Promise<number> {
  const counter = Prisma.raw(COUNTERS[kind].counter);
  const numbered = Prisma.raw(COUNTERS[kind].numbered);
  const rows = await tx.$queryRaw<{ lastNumber: number }[]>`
    INSERT INTO ${counter} ("companyId", "lastNumber")
    VALUES (${companyId}::uuid, (SELECT coalesce(max(number), 0) + 1 FROM ${numbered}))
    ON CONFLICT ("companyId") DO UPDATE SET "lastNumber" = ${counter}."lastNumber" + 1
    RETURNING "lastNumber"`;
  return rows[0]!.lastNumber;
}
