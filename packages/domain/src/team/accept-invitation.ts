import { Prisma, withSystem, withTenant, type Database, type User } from "@fieldops/db";
import { COMPANY_SUSPENDED_MESSAGE } from "@fieldops/shared/admin";
import { defaultPermissions, roleSchema } from "@fieldops/shared/roles";
import { INVITATION_INVALID, type AcceptInvitationRequest, type InvitationPreview } from "@fieldops/shared/team";
import { hashPassword } from "../accounts/passwords.ts";
import { EMAIL_TAKEN } from "../accounts/sign-up.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict, forbidden, notFound } from "../errors.ts";
import { invitationStatus } from "./invitation-status.ts";
import { hashInvitationToken } from "./send-invitation.handler.ts";

/**
 * The waiting invitation a token opens, found in the system context (the invitee belongs to no company yet). An
 * unknown, used, withdrawn or expired token gets one answer, so a guess learns nothing.
 */
async function waitingInvitation(db: Database, token: string) {
  const invitation = await withSystem(db, (tx) =>
    tx.invitation.findUnique({
      where: { tokenHash: hashInvitationToken(token) },
      include: { company: { select: { name: true, suspendedAt: true } } },
    }),
  );
  if (!invitation || invitationStatus(invitation) !== "pending") throw notFound(INVITATION_INVALID);
  if (invitation.company.suspendedAt) throw forbidden(COMPANY_SUSPENDED_MESSAGE);
  return invitation;
}

/** What the invitation page shows before the invitee sets a password. */
export async function lookUpInvitation(db: Database, token: string): Promise<InvitationPreview> {
  const invitation = await waitingInvitation(db, token);
  return {
    companyName: invitation.company.name,
    name: invitation.name,
    email: invitation.email,
    role: roleSchema.parse(invitation.role),
  };
}

/**
 * Accepts an invitation: creates the invitee's account in the company with the invitation's role and the password
 * they chose, and uses the invitation up. Under the invitation's row lock, so a link works once however often it is
 * sent in at the same time.
 */
export async function acceptInvitation(db: Database, request: AcceptInvitationRequest): Promise<User> {
  const found = await waitingInvitation(db, request.token);
  const passwordHash = await hashPassword(request.password);
  try {
    return await withTenant(db, found.companyId, async (tx) => {
      await tx.$queryRaw`SELECT id FROM invitations WHERE id = ${found.id}::uuid FOR UPDATE`;
      const invitation = await tx.invitation.findUnique({ where: { id: found.id } });
      if (!invitation || invitation.tokenHash !== found.tokenHash || invitationStatus(invitation) !== "pending")
        throw notFound(INVITATION_INVALID);
      const role = roleSchema.parse(invitation.role);
      const user = await tx.user.create({
        data: {
          companyId: invitation.companyId,
          email: invitation.email,
          name: request.name,
          passwordHash,
          role,
          permissions: defaultPermissions(role),
        },
      });
      await tx.invitation.update({
        where: { id: invitation.id },
        data: { acceptedAt: new Date(), acceptedUserId: user.id, tokenHash: null },
      });
      await recordAudit(tx, {
        companyId: invitation.companyId,
        actorUserId: user.id,
        action: "team.joined",
        entityType: "user",
        entityId: user.id,
        summary: `${user.name} accepted the invitation and joined as ${role.replace("_", " ")}`,
      });
      return user;
    });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw conflict(EMAIL_TAKEN, "email");
    throw error;
  }
}
