import { bindTenant, withSystem, type Database, type SystemTransaction } from "@fieldops/db";
import {
  PASSWORD_RESET_INVALID,
  type PasswordResetCompleteRequest,
  type PasswordResetLink,
} from "@fieldops/shared/password-reset";
import { recordAudit } from "../audit/record-audit.ts";
import { notFound } from "../errors.ts";
import { hashPassword } from "./passwords.ts";
import { hashToken } from "./sessions.ts";

interface ResetLinkRow {
  id: string;
  companyId: string;
  userId: string;
  expiresAt: Date;
  usedAt: Date | null;
  revokedAt: Date | null;
}

const usable = (link: ResetLinkRow | null, now: Date): link is ResetLinkRow =>
  link !== null && link.usedAt === null && link.revokedAt === null && link.expiresAt > now;

/** The link a token opens, found in the system context; unknown, used, replaced and expired get one answer. */
async function usableLink(tx: SystemTransaction, token: string, now: Date) {
  const link = await tx.passwordResetToken.findUnique({
    where: { tokenHash: hashToken(token) },
    select: {
      id: true,
      companyId: true,
      userId: true,
      expiresAt: true,
      usedAt: true,
      revokedAt: true,
      user: { select: { email: true, name: true } },
    },
  });
  if (!usable(link, now)) throw notFound(PASSWORD_RESET_INVALID);
  return link;
}

/** Whether a reset link still works, and the e-mail of its account (the page shows it). */
export async function verifyPasswordResetLink(
  db: Database,
  token: string,
  now: Date = new Date(),
): Promise<PasswordResetLink> {
  const link = await withSystem(db, (tx) => usableLink(tx, token, now));
  return { email: link.user.email };
}

export interface PasswordReset extends PasswordResetLink {
  /** The sessions ended, for the caller to drop from every API process's session cache. */
  endedSessionIds: string[];
}

/**
 * Sets a new password with a reset link: uses the link up (and any other unused link of the user), stores the new
 * password's hash, ends every session of the account and records the reset in the company's audit log, in one
 * transaction under the link's row lock, so a link works once however often it is sent at the same time. The user
 * then signs in with the new password.
 */
export async function resetPassword(
  db: Database,
  input: PasswordResetCompleteRequest,
  now: Date = new Date(),
): Promise<PasswordReset> {
  // A dead link is refused before the password is hashed (argon2 costs memory and a thread).
  const found = await withSystem(db, (tx) => usableLink(tx, input.token, now));
  const passwordHash = await hashPassword(input.password);
  return withSystem(db, async (tx) => {
    await bindTenant(db, tx, found.companyId);
    await tx.$queryRaw`SELECT id FROM password_reset_tokens WHERE id = ${found.id}::uuid FOR UPDATE`;
    const link = await usableLink(tx, input.token, now);
    await tx.passwordResetToken.update({ where: { id: link.id }, data: { usedAt: now } });
    await tx.passwordResetToken.updateMany({
      where: { userId: link.userId, usedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    await tx.user.update({ where: { id: link.userId }, data: { passwordHash } });
    const sessions = await tx.session.findMany({ where: { userId: link.userId }, select: { id: true } });
    const endedSessionIds = sessions.map((session) => session.id);
    await tx.session.deleteMany({ where: { id: { in: endedSessionIds } } });
    const count = endedSessionIds.length;
    await recordAudit(tx, {
      companyId: link.companyId,
      actorUserId: link.userId,
      action: "security.password_reset",
      entityType: "user",
      entityId: link.userId,
      summary: `${link.user.name} set a new password with a reset link and was signed out of ${count} session${count === 1 ? "" : "s"}`,
      at: now,
    });
    return { email: link.user.email, endedSessionIds };
  });
}
