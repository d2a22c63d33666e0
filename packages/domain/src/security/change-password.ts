import { withSystem, withTenant, type Database } from "@fieldops/db";
import { WRONG_CURRENT_PASSWORD, type ChangePasswordRequest } from "@fieldops/shared/security";
import { hashPassword, verifyPassword } from "../accounts/passwords.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { invalidInput } from "../errors.ts";
import { endUserSessions } from "./user-sessions.ts";

/**
 * Changes the signed-in user's password after checking the current one, and ends every other session of theirs (a
 * thief's among them). Answers the ended sessions' ids for the caller to drop from the session caches.
 */
export async function changePassword(
  db: Database,
  input: ChangePasswordRequest & { userId: string; sessionId: string },
): Promise<string[]> {
  const user = await withSystem(db, (tx) =>
    tx.user.findUniqueOrThrow({
      where: { id: input.userId },
      select: { passwordHash: true, companyId: true, name: true },
    }),
  );
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw invalidInput(WRONG_CURRENT_PASSWORD, "currentPassword");
  const passwordHash = await hashPassword(input.newPassword);
  await withSystem(db, (tx) => tx.user.update({ where: { id: input.userId }, data: { passwordHash } }));
  const ended = await endUserSessions(db, { userId: input.userId, keep: input.sessionId });
  if (user.companyId) {
    const companyId = user.companyId;
    await withTenant(db, companyId, (tx) =>
      recordAudit(tx, {
        companyId,
        actorUserId: input.userId,
        action: "security.password_changed",
        entityType: "user",
        entityId: input.userId,
        summary: `${user.name} changed their password and signed out ${ended.length} other session${ended.length === 1 ? "" : "s"}`,
      }),
    );
  }
  return ended;
}
