import { PLANS, planIdSchema } from "@fieldops/shared/plans";
import { roleSchema } from "@fieldops/shared/roles";
import type { TeamResponse } from "@fieldops/shared/crews";
import type { TenantScope } from "../tenant-scope.ts";

/** The company's users with their role and crews, and the plan's team-member allowance. */
export async function listTeam({ tx, companyId }: Pick<TenantScope, "tx" | "companyId">): Promise<TeamResponse> {
  const company = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { planId: true } });
  const users = await tx.user.findMany({
    orderBy: [{ name: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      email: true,
      role: true,
      crewMembers: { select: { crew: { select: { id: true, name: true, color: true } } } },
    },
  });
  return {
    items: users.map((user) => ({
      id: user.id,
      name: user.name,
      email: user.email,
      role: roleSchema.parse(user.role),
      crews: user.crewMembers.map(({ crew }) => crew),
    })),
    limit: PLANS[planIdSchema.parse(company.planId)].limits.teamMembers,
    used: users.length,
  };
}
