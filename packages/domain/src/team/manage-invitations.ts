import type { TenantTransaction } from "@fieldops/db";
import { MAX_INVITATIONS_LISTED, type Invitation } from "@fieldops/shared/team";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict, notFound } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { invitationExpiry } from "./create-invitation.ts";
import { invitationStatus, toInvitation } from "./invitation-status.ts";
import { enqueueInvitation } from "./queue-invitation.ts";
import { teamChanged } from "./team-events.ts";

/** The company's invitations, newest first. */
export async function listInvitations(tx: TenantTransaction): Promise<Invitation[]> {
  const rows = await tx.invitation.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: MAX_INVITATIONS_LISTED,
  });
  const now = new Date();
  return rows.map((row) => toInvitation(row, now));
}

async function findInvitation(tx: TenantTransaction, id: string) {
  // Locked: a resend and an acceptance, or two resends, take turns.
  const [locked] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM invitations WHERE id = ${id}::uuid FOR UPDATE`;
  const row = locked ? await tx.invitation.findUnique({ where: { id } }) : null;
  if (!row) throw notFound("Invitation not found");
  return row;
}

/**
 * Sends an invitation again with a new link (the old one stops working) and a new expiry, queued through the scope;
 * announces the team. An accepted or revoked invitation cannot be sent again.
 */
export async function resendInvitation(
  scope: TenantScope<UserActor>,
  input: { id: string; appOrigin: string },
): Promise<Invitation> {
  const { tx, companyId, actor } = scope;
  const row = await findInvitation(tx, input.id);
  const status = invitationStatus(row);
  if (status === "accepted" || status === "revoked") throw conflict(`This invitation was ${status}`);
  const updated = await tx.invitation.update({
    where: { id: row.id },
    data: { sendCount: { increment: 1 }, tokenHash: null, expiresAt: invitationExpiry(new Date()) },
  });
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "team.invitation_resent",
    entityType: "invitation",
    entityId: row.id,
    summary: `${actor.name} sent ${row.name}'s invitation again`,
  });
  enqueueInvitation(scope, { invitationId: updated.id, sendCount: updated.sendCount, appOrigin: input.appOrigin });
  scope.emit(teamChanged());
  return toInvitation(updated);
}

/**
 * Withdraws an invitation: its link stops working and its seat is free again. Revoking a revoked one succeeds. Either
 * way the team is announced.
 */
export async function revokeInvitation(
  { tx, companyId, actor, emit }: TenantScope<UserActor>,
  input: { id: string },
): Promise<Invitation> {
  const row = await findInvitation(tx, input.id);
  if (row.acceptedAt) throw conflict("This invitation was already accepted; remove the team member instead");
  emit(teamChanged());
  if (row.revokedAt) return toInvitation(row);
  const updated = await tx.invitation.update({
    where: { id: row.id },
    data: { revokedAt: new Date(), tokenHash: null },
  });
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "team.invitation_revoked",
    entityType: "invitation",
    entityId: row.id,
    summary: `${actor.name} withdrew ${row.name}'s invitation`,
  });
  return toInvitation(updated);
}
