import type { Invitation as InvitationRow } from "@fieldops/db";
import { roleSchema } from "@fieldops/shared/roles";
import type { Invitation, InvitationStatus } from "@fieldops/shared/team";

/** Where an invitation stands: its link not yet minted (sending), waiting, used, past its date, or withdrawn. */
export function invitationStatus(
  row: Pick<InvitationRow, "acceptedAt" | "revokedAt" | "expiresAt" | "tokenHash">,
  now = new Date(),
): InvitationStatus {
  if (row.acceptedAt) return "accepted";
  if (row.revokedAt) return "revoked";
  if (row.expiresAt.getTime() <= now.getTime()) return "expired";
  return row.tokenHash ? "pending" : "sending";
}

export function toInvitation(row: InvitationRow, now = new Date()): Invitation {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone ?? "",
    role: roleSchema.parse(row.role),
    status: invitationStatus(row, now),
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}
