import { randomBytes } from "node:crypto";
import { Prisma } from "@fieldops/db";
import { defaultPermissions } from "@fieldops/shared/roles";
import type { AddTeamMemberRequest, TeamMember } from "@fieldops/shared/crews";
import { hashPassword } from "../accounts/passwords.ts";
import { conflict } from "../errors.ts";
import { requirePlanLimit } from "../plans/require-plan-limit.ts";
import type { TenantScope } from "../tenant-scope.ts";

export const TEAM_EMAIL_TAKEN = "An account with this email already exists";

/**
 * Adds a user to the company within the plan's team-member allowance (every user of the company counts, the owner
 * too, and every invitation still waiting). The account gets a random password nobody knows: the person cannot sign in until a password is set for
 * them, which an invitation e-mail will do.
 */
export async function addTeamMember(
  { tx, companyId }: Pick<TenantScope, "tx" | "companyId">,
  input: AddTeamMemberRequest,
): Promise<TeamMember> {
  await requirePlanLimit(tx, "teamMembers");
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  try {
    const user = await tx.user.create({
      data: {
        companyId,
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
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw conflict(TEAM_EMAIL_TAKEN, "email");
    throw error;
  }
}
