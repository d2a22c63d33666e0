import type { TenantTransaction } from "@fieldops/db";
import { isWithinLimit, PLANS, planIdSchema } from "@fieldops/shared/plans";
import { planLimitReached } from "../errors.ts";
import { teamLimitMessage } from "./team-limit-message.ts";

/**
 * The plan's seat rule: the company's users plus its pending invitations (each holds a seat until it is accepted,
 * revoked or expires), with `adding` more, stay within the plan's team-member allowance. Locks the company row, so
 * two concurrent additions cannot both take the last seat.
 */
export async function assertSeatAvailable(tx: TenantTransaction, input: { companyId: string; adding: number; now?: Date }): Promise<void> {
  if (input.adding <= 0) return;
  const [company] = await tx.$queryRaw<{ planId: string }[]>`SELECT "planId" FROM companies WHERE id = ${input.companyId}::uuid FOR UPDATE`;
  const planId = planIdSchema.parse(company?.planId);
  const [users, invitations] = await Promise.all([
    tx.user.count(),
    tx.invitation.count({ where: { acceptedAt: null, revokedAt: null, expiresAt: { gt: input.now ?? new Date() } } }),
  ]);
  if (!isWithinLimit(PLANS[planId].limits.teamMembers, users + invitations + input.adding - 1)) throw planLimitReached(teamLimitMessage(planId));
}
