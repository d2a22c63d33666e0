import { notFound } from "../errors.ts";
import { issuePublicLink } from "../public-links/public-links.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";

/**
 * A new link to the estimate for the office to copy and hand over itself; the ones given out before keep working.
 * Returns the token, known only now.
 */
export async function createEstimateLink(
  { tx, companyId, actor }: TenantScope<UserActor>,
  input: { estimateId: string },
): Promise<string> {
  const estimate = await tx.estimate.findUnique({ where: { id: input.estimateId }, select: { id: true } });
  if (!estimate) throw notFound("Estimate not found");
  return issuePublicLink(tx, { companyId, kind: "estimate", subjectId: estimate.id, userId: actor.userId });
}
