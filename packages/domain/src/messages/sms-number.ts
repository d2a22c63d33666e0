import { Prisma } from "@fieldops/db";
import { can } from "@fieldops/shared/permissions";
import { toE164 } from "@fieldops/shared/messages";
import { conflict } from "../errors.ts";
import { recordAudit } from "../audit/record-audit.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";

type Scope = Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">;

/** The number customers text the company at (E.164), empty when none is set. */
export async function getSmsNumber({ tx, companyId, actor }: Scope) {
  const company = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { smsNumber: true } });
  return { smsNumber: company.smsNumber ?? "", canManage: can(actor, "integrations.manage") };
}

/**
 * Sets the number inbound texts are matched by (Twilio's `To`). A number belongs to one company: one another company
 * has is refused (409), as Twilio gives a number to one account.
 */
export async function updateSmsNumber(scope: Scope, input: { smsNumber: string }) {
  const smsNumber = input.smsNumber === "" ? null : toE164(input.smsNumber);
  try {
    await scope.tx.company.update({ where: { id: scope.companyId }, data: { smsNumber } });
  } catch (error) {
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2002")
      throw conflict("Another company already texts from this number", "smsNumber");
    throw error;
  }
  await recordAudit(scope.tx, {
    companyId: scope.companyId,
    actorUserId: scope.actor.userId,
    action: "settings.sms_number_changed",
    entityType: "company",
    entityId: scope.companyId,
    summary: smsNumber ? `Set the texting number to ${smsNumber}` : "Removed the texting number",
  });
  return getSmsNumber(scope);
}
