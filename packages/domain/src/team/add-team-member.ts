import { randomBytes } from "node:crypto";
import { Prisma, type TenantTransaction } from "@fieldops/db";
import { isWithinLimit, PLANS, planAllowingMore, planIdSchema, UNLIMITED, type PlanId } from "@fieldops/shared/plans";
import { defaultPermissions } from "@fieldops/shared/roles";
import type { AddTeamMemberRequest, TeamMember } from "@fieldops/shared/crews";
import { hashPassword } from "../accounts/passwords.ts";
import { conflict, planLimitReached } from "../errors.ts";

export const TEAM_EMAIL_TAKEN = "An account with this email already exists";

export function teamLimitMessage(planId: PlanId): string {
  const plan = PLANS[planId];
  const limit = plan.limits.teamMembers;
  const better = planAllowingMore(planId, "teamMembers");
  const upgrade = better
    ? ` Upgrade to ${better.name} for ${better.limits.teamMembers === UNLIMITED ? "unlimited" : better.limits.teamMembers} team members.`
    : "";
  return `Your ${plan.name} plan allows ${limit} team members.${upgrade}`;
}

/**
 * Adds a user to the company within the plan's team-member allowance (every user of the company counts, the owner
 * too). The account gets a random password nobody knows: the person cannot sign in until a password is set for
 * them, which an invitation e-mail will do.
 */
export async function addTeamMember(
  tx: TenantTransaction,
  input: AddTeamMemberRequest & { companyId: string },
): Promise<TeamMember> {
  // Locks the company row so that two concurrent additions cannot both pass the count.
  const [company] = await tx.$queryRaw<{ planId: string }[]>`SELECT "planId" FROM companies WHERE id = ${input.companyId}::uuid FOR UPDATE`;
  const planId = planIdSchema.parse(company?.planId);
  const used = await tx.user.count();
  if (!isWithinLimit(PLANS[planId].limits.teamMembers, used)) throw planLimitReached(teamLimitMessage(planId));
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  try {
    const user = await tx.user.create({
      data: {
        companyId: input.companyId,
        email: input.email,
        name: input.name,
        role: input.role,
        passwordHash,
        permissions: defaultPermissions(input.role),
      },
      select: { id: true, name: true, email: true, role: true },
    });
    return { id: user.id, name: user.name, email: user.email, role: input.role, crews: [] };
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002") throw conflict(TEAM_EMAIL_TAKEN, "email");
    throw error;
  }
}
