import { INVITATION_TTL_DAYS, type Invitation, type InviteRole } from "@fieldops/shared/team";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { toInvitation } from "./invitation-status.ts";
import { requirePlanLimit } from "../plans/require-plan-limit.ts";
import { enqueueInvitation } from "./queue-invitation.ts";
import { teamChanged } from "./team-events.ts";

export const ALREADY_MEMBER = "This person is already on your team";
export const ALREADY_INVITED = "This person already has an invitation waiting; send it again instead";

export interface NewInvitation {
  name: string;
  email: string;
  phone: string;
  role: InviteRole;
}

export const invitationExpiry = (now: Date) => new Date(now.getTime() + INVITATION_TTL_DAYS * 24 * 3600 * 1000);

/**
 * A user of the company invites someone: the invitation (`createInvitations`), its sending queued through the scope
 * (the link goes out once the transaction has committed), and the team announced.
 */
export async function inviteTeamMember(
  scope: TenantScope<UserActor>,
  input: { invitation: NewInvitation; appOrigin: string },
): Promise<Invitation> {
  const [created] = await createInvitations(scope, { invitations: [input.invitation] });
  const { invitation, sendCount } = created!;
  enqueueInvitation(scope, { invitationId: invitation.id, sendCount, appOrigin: input.appOrigin });
  scope.emit(teamChanged());
  return invitation;
}

/**
 * Where invitations are made and who makes them, as the audit log names them: a scope's user, or a platform
 * administrator creating a tenant (in a transaction bound to the new company).
 */
type InvitingScope = Pick<TenantScope, "tx" | "companyId"> & { actor: Pick<UserActor, "userId" | "name"> };

/**
 * Invites people to the company with a role, each holding a seat of the plan until they accept, revoke or it expires
 * (requirePlanLimit counts them). The link itself is minted by the send_invitation job, queued by the caller once this
 * transaction has committed (see queueInvitation, enqueueInvitation).
 */
export async function createInvitations(
  { tx, companyId, actor }: InvitingScope,
  input: { invitations: NewInvitation[]; now?: Date },
) {
  const now = input.now ?? new Date();
  const emails = input.invitations.map((invitation) => invitation.email);
  if (new Set(emails).size !== emails.length) throw conflict("The same e-mail is listed twice", "email");
  await requirePlanLimit(tx, "teamMembers", { adding: input.invitations.length, now });
  if (await tx.user.findFirst({ where: { email: { in: emails } }, select: { id: true } }))
    throw conflict(ALREADY_MEMBER, "email");
  const waiting = await tx.invitation.findFirst({
    where: { email: { in: emails }, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    select: { id: true },
  });
  if (waiting) throw conflict(ALREADY_INVITED, "email");
  const created = [];
  for (const invitation of input.invitations) {
    const row = await tx.invitation.create({
      data: {
        companyId,
        name: invitation.name,
        email: invitation.email,
        phone: invitation.phone || null,
        role: invitation.role,
        invitedByUserId: actor.userId,
        expiresAt: invitationExpiry(now),
        sendCount: 1,
      },
    });
    await recordAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      action: "team.invited",
      entityType: "invitation",
      entityId: row.id,
      summary: `${actor.name} invited ${row.name} (${row.email}) as ${invitation.role.replace("_", " ")}`,
    });
    created.push(row);
  }
  return created.map((row) => ({ invitation: toInvitation(row, now), sendCount: row.sendCount }));
}
