import { randomBytes } from "node:crypto";
import { bindTenant, withSystem, type TenantTransaction } from "@fieldops/db";
import { PASSWORD_RESET_MESSAGE_KIND } from "@fieldops/shared/outbox";
import { PASSWORD_RESET_TTL_MINUTES, passwordResetLink } from "@fieldops/shared/password-reset";
import { recordAudit } from "../audit/record-audit.ts";
import { openScope, relayCommitted, writeEffects, type EffectsDeps } from "../effects/run-in-scope.ts";
import type { PendingEffectRow } from "../effects/relay-effects.ts";
import { writeOutboxMessages } from "../outbox/write-outbox-messages.ts";
import { systemActor } from "../tenant-scope.ts";
import { hashToken } from "./sessions.ts";

export interface RequestPasswordResetInput {
  /** As the request schema leaves it: trimmed, lower case. */
  email: string;
  /** The app's origin the link opens (PUBLIC_APP_URL, or the request's where that is safe). */
  appOrigin: string;
}

/**
 * What became of a request, for the caller's log only: the client is told the same whatever it is. `no_company`: the
 * account belongs to no company (a platform administrator's), whose outbox and audit log the message and its record
 * need; such accounts are reset by an operator, not by e-mail.
 */
export type PasswordResetRequestOutcome = "sent" | "no_account" | "no_company";

/**
 * Asks for a password reset: for an existing account of a company, ends its earlier unused links, makes a new one (32
 * random bytes, only their SHA-256 stored, good once for 30 minutes), writes the e-mail that carries it to the
 * company's outbox (handing it to the dispatcher) and records the request in the company's audit log, all in one
 * transaction (the system context, which finds the user by e-mail, bound to the user's company for the rest). The
 * token exists only in the message.
 */
export async function requestPasswordReset(
  deps: EffectsDeps,
  input: RequestPasswordResetInput,
  now: Date = new Date(),
): Promise<PasswordResetRequestOutcome> {
  const effects: PendingEffectRow[] = [];
  const outcome = await withSystem(deps.db, async (tx): Promise<PasswordResetRequestOutcome> => {
    const user = await tx.user.findUnique({
      where: { email: input.email },
      select: { id: true, email: true, name: true, companyId: true },
    });
    if (!user) return "no_account";
    if (!user.companyId) return "no_company";
    const companyId = user.companyId;
    // Two requests at once for one account take turns, so that the later one ends the earlier one's link.
    await tx.$queryRaw`SELECT id FROM users WHERE id = ${user.id}::uuid FOR UPDATE`;
    await bindTenant(deps.db, tx, companyId);
    await tx.passwordResetToken.updateMany({
      where: { userId: user.id, usedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    const token = randomBytes(32).toString("base64url");
    const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000);
    const link = await tx.passwordResetToken.create({
      data: { companyId, userId: user.id, tokenHash: hashToken(token), expiresAt },
      select: { id: true },
    });
    const scope = openScope(tx as TenantTransaction, { companyId, actor: systemActor("password reset") }, effects);
    await writeOutboxMessages(scope, [
      {
        kind: PASSWORD_RESET_MESSAGE_KIND,
        channel: "email",
        recipient: user.email,
        subject: "Reset your FieldOps password",
        body:
          `Hello ${user.name}, someone asked to reset the password of your FieldOps account (${user.email}). ` +
          `Set a new password here: ${passwordResetLink(input.appOrigin, token)} (this link works once, for ` +
          `${PASSWORD_RESET_TTL_MINUTES} minutes; setting the password signs you out everywhere). If it was not you, ` +
          `ignore this e-mail: your password stays as it is.`,
        dedupeKey: `password_reset:${link.id}`,
      },
    ]);
    await writeEffects(tx as TenantTransaction, effects);
    await recordAudit(tx, {
      companyId,
      actorUserId: null,
      action: "security.password_reset_requested",
      entityType: "user",
      entityId: user.id,
      summary: `A password reset link was e-mailed to ${user.name}`,
      at: now,
    });
    return "sent";
  });
  if (effects.length > 0) await relayCommitted(deps, effects);
  return outcome;
}
