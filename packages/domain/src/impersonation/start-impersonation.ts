import { withSystem, withTenant, type Database } from "@fieldops/db";
import {
  IMPERSONATION_AUDIT_ACTIONS,
  IMPERSONATION_TIME_LIMIT_MS,
  type StartImpersonationResponse,
} from "@fieldops/shared/impersonation";
import { hashToken, impersonationOf, newSessionToken, type AuthenticatedUser } from "../accounts/sessions.ts";
import { conflict, forbidden, notFound } from "../errors.ts";
import { recordImpersonationAudit } from "./impersonation-audit.ts";

export interface StartImpersonationInput {
  admin: AuthenticatedUser;
  /** Whether `admin` is a platform admin (`isPlatformAdmin`, which knows PLATFORM_ADMIN_EMAILS). */
  platformAdmin: boolean;
  companyId: string;
  ipAddress: string;
  userAgent: string | undefined;
}

/**
 * A platform admin starts acting in a company they do not belong to: a session of its own (only its token's hash
 * stored), bound to the company and to the admin's session, ending after IMPERSONATION_TIME_LIMIT_MS at the latest
 * (sooner if the admin's own session ends sooner). Its start is the first entry it leaves in the company's audit log.
 */
export async function startImpersonation(
  db: Database,
  input: StartImpersonationInput,
): Promise<StartImpersonationResponse> {
  const { admin } = input;
  if (!input.platformAdmin) throw forbidden("Only a platform admin can impersonate a company");
  const company = await withSystem(db, (tx) =>
    tx.company.findUnique({ where: { id: input.companyId }, select: { id: true, name: true } }),
  );
  if (!company) throw notFound("Company not found");
  if (admin.companyId === company.id) throw conflict("You already belong to this company");

  const token = newSessionToken();
  const expiresAt = new Date(Math.min(Date.now() + IMPERSONATION_TIME_LIMIT_MS, admin.sessionExpiresAt.getTime()));
  const session = await withSystem(db, (tx) =>
    tx.session.create({
      data: {
        tokenHash: hashToken(token),
        userId: admin.id,
        companyId: company.id,
        ipAddress: input.ipAddress,
        userAgent: input.userAgent?.slice(0, 500) ?? null,
        expiresAt,
        isImpersonation: true,
        impersonatedCompanyName: company.name,
        parentSessionId: admin.sessionId,
      },
    }),
  );
  try {
    await withTenant(db, company.id, (tx) =>
      recordImpersonationAudit(tx, {
        companyId: company.id,
        adminId: admin.id,
        adminEmail: admin.email,
        sessionId: session.id,
        action: IMPERSONATION_AUDIT_ACTIONS.started,
        summary: "Impersonation started",
      }),
    );
  } catch (error) {
    // No impersonation without its record.
    await withSystem(db, (tx) => tx.session.deleteMany({ where: { id: session.id } }));
    throw error;
  }
  const impersonation = impersonationOf(admin, session);
  if (!impersonation) throw new Error("an impersonation session was stored without its company");
  return { token, impersonation };
}
