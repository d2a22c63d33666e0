import type { TenantTransaction } from "@fieldops/db";
import { brandingSchema } from "@fieldops/shared/company";
import { ONBOARDING_MAX_MEMBERS, type CompleteOnboardingRequest } from "@fieldops/shared/onboarding";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict, invalidInput } from "../errors.ts";
import { createInvitations } from "../team/create-invitation.ts";

export const ONBOARDING_DONE = "Setup is already complete";

/**
 * Finishes the first-run setup: the company's name (when its step was not skipped), the team members it lists
 * invited as field users (within the setup's seats and the plan's), and the company marked set up. The caller queues
 * the invitations once this commits.
 */
export async function completeOnboarding(
  tx: TenantTransaction,
  input: CompleteOnboardingRequest & { companyId: string; actor: { id: string; name: string } },
) {
  const [company] = await tx.$queryRaw<{ onboardingState: string }[]>`
    SELECT "onboardingState"::text AS "onboardingState" FROM companies WHERE id = ${input.companyId}::uuid FOR UPDATE`;
  if (company?.onboardingState === "completed") throw conflict(ONBOARDING_DONE);
  if (input.members.length > ONBOARDING_MAX_MEMBERS)
    throw invalidInput(`Your plan has room for ${ONBOARDING_MAX_MEMBERS} more team members`, "members");
  if (input.companyName) {
    const row = await tx.company.findUniqueOrThrow({ where: { id: input.companyId }, select: { branding: true } });
    await tx.company.update({
      where: { id: input.companyId },
      data: { name: input.companyName, branding: { ...brandingSchema.parse(row.branding), name: input.companyName } },
    });
  }
  const invitations = await createInvitations(tx, {
    companyId: input.companyId,
    actor: input.actor,
    invitations: input.members.map((member) => ({
      name: member.name,
      email: member.email,
      phone: member.cell,
      role: "field_user" as const,
    })),
  });
  await tx.company.update({ where: { id: input.companyId }, data: { onboardingState: "completed" } });
  await recordAudit(tx, {
    companyId: input.companyId,
    actorUserId: input.actor.id,
    action: "company.onboarding_completed",
    entityType: "company",
    entityId: input.companyId,
    summary: `${input.actor.name} completed the setup${invitations.length > 0 ? ` and invited ${invitations.length} team member${invitations.length === 1 ? "" : "s"}` : ""}`,
  });
  return invitations;
}
