import type { TenantTransaction } from "@fieldops/db";
import { defaultPermissions, roleSchema, type Role } from "@fieldops/shared/roles";
import type { InviteRole } from "@fieldops/shared/team";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict, notFound } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { teamChanged } from "./team-events.ts";

export const OWN_ROLE = "You cannot change your own role or remove yourself; ask another owner";
export const LAST_OWNER = "A company keeps at least one owner";

/** The team member, locked, refusing the actor themself and the company's last owner. */
async function lockMember(tx: TenantTransaction, input: { userId: string; actorId: string; leavingOwners: boolean }) {
  if (input.userId === input.actorId) throw conflict(OWN_ROLE);
  const [locked] = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM users WHERE id = ${input.userId}::uuid FOR UPDATE`;
  const user = locked
    ? await tx.user.findUnique({
        where: { id: input.userId },
        select: { id: true, name: true, role: true, companyId: true },
      })
    : null;
  if (!user) throw notFound("Team member not found");
  if (input.leavingOwners && user.role === "owner" && (await tx.user.count({ where: { role: "owner" } })) <= 1)
    throw conflict(LAST_OWNER);
  return { ...user, role: roleSchema.parse(user.role) };
}

/**
 * Gives a team member another role and announces it to the team (the member's own screens too); the caller ends the
 * sessions' cached copies so it applies at once.
 */
export async function changeMemberRole(
  { tx, companyId, actor, emit }: TenantScope<UserActor>,
  input: { userId: string; role: InviteRole },
): Promise<{ id: string; role: Role }> {
  const user = await lockMember(tx, {
    userId: input.userId,
    actorId: actor.userId,
    leavingOwners: input.role !== "owner",
  });
  emit(teamChanged([user.id]));
  if (user.role === input.role) return { id: user.id, role: user.role };
  await tx.user.update({
    where: { id: user.id },
    data: { role: input.role, permissions: defaultPermissions(input.role) },
  });
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "team.role_changed",
    entityType: "user",
    entityId: user.id,
    summary: `${actor.name} changed ${user.name}'s role from ${user.role.replace("_", " ")} to ${input.role.replace("_", " ")}`,
    changes: { role: { from: user.role, to: input.role } },
  });
  return { id: user.id, role: input.role };
}

/**
 * Removes someone from the company: their account, crew places and sessions go (the caller ends the sessions'
 * cached copies in every API process). What they did stays in the audit log. Announces it to the team.
 */
export async function removeTeamMember(
  { tx, companyId, actor, emit }: TenantScope<UserActor>,
  input: { userId: string },
): Promise<void> {
  const user = await lockMember(tx, { userId: input.userId, actorId: actor.userId, leavingOwners: true });
  await tx.user.delete({ where: { id: user.id } });
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "team.member_removed",
    entityType: "user",
    entityId: user.id,
    summary: `${actor.name} removed ${user.name} (${user.role.replace("_", " ")}) from the team`,
  });
  emit(teamChanged([input.userId]));
}
