import type { TenantTransaction } from "@fieldops/db";
import { notFound } from "../errors.ts";
import { issuePublicLink } from "../public-links/public-links.ts";

/**
 * A new link to the estimate for the office to copy and hand over itself; the ones given out before keep working.
 * Returns the token, known only now.
 */
export async function createEstimateLink(
  tx: TenantTransaction,
  input: { estimateId: string; companyId: string; userId: string },
): Promise<string> {
  const estimate = await tx.estimate.findUnique({ where: { id: input.estimateId }, select: { id: true } });
  if (!estimate) throw notFound("Estimate not found");
  return issuePublicLink(tx, {
    companyId: input.companyId,
    kind: "estimate",
    subjectId: estimate.id,
    userId: input.userId,
  });
}
