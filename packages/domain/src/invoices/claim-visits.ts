import type { TenantTransaction } from "@fieldops/db";
import { conflict } from "../errors.ts";

/** An invoice and the completed visits it bills. */
export interface VisitClaim {
  invoiceId: string;
  visitIds: readonly string[];
}

/**
 * Marks completed visits as billed by their invoices, all or none, in one statement. A visit holds one invoice
 * (`visits.invoiceId`) and the update takes only those holding none, so of two transactions billing the same visit at
 * once the second waits for the first and then finds it taken: it is refused (a conflict, which rolls its invoices
 * back). Whatever the checks before it, this is what makes a visit billed once.
 */
export async function claimVisits(
  tx: TenantTransaction,
  claims: readonly VisitClaim[],
  refusal = "A chosen visit was billed by another invoice meanwhile",
): Promise<void> {
  const visitIds = claims.flatMap((claim) => claim.visitIds);
  if (visitIds.length === 0) return;
  const invoiceIds = claims.flatMap((claim) => claim.visitIds.map(() => claim.invoiceId));
  const claimed = await tx.$executeRaw`
    UPDATE visits v SET "invoiceId" = c.invoice
    FROM unnest(${visitIds}::uuid[], ${invoiceIds}::uuid[]) AS c(visit, invoice)
    WHERE v.id = c.visit AND v."invoiceId" IS NULL AND v.status = 'completed'`;
  if (claimed !== new Set(visitIds).size) throw conflict(refusal, "visitIds");
}

/**
 * Frees the visits `invoiceId` bills but for `keep` (a voided invoice keeps none), so another invoice may bill them.
 * Returns the jobs of the visits freed.
 */
export async function releaseVisits(
  tx: TenantTransaction,
  invoiceId: string,
  keep: readonly string[] = [],
): Promise<string[]> {
  const released = await tx.$queryRaw<{ jobId: string }[]>`
    UPDATE visits SET "invoiceId" = NULL
    WHERE "invoiceId" = ${invoiceId}::uuid AND NOT (id = ANY(${[...keep]}::uuid[]))
    RETURNING "jobId"`;
  return [...new Set(released.map((row) => row.jobId))];
}

/** The jobs of `jobIds` no live invoice bills any more (as a whole or by a visit) need invoicing again. */
export async function reopenInvoicing(tx: TenantTransaction, jobIds: readonly string[]): Promise<void> {
  if (jobIds.length === 0) return;
  await tx.job.updateMany({
    where: {
      id: { in: [...jobIds] },
      invoices: { none: { status: { not: "void" } } },
      visits: { none: { invoiceId: { not: null } } },
    },
    data: { invoicedAt: null },
  });
}
