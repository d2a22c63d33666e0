import { brandingSchema } from "@fieldops/shared/company";
import { ONBOARDING_MAX_MEMBERS, type CompleteOnboardingRequest } from "@fieldops/shared/onboarding";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict, invalidInput } from "../errors.ts";
import { createInvitations } from "../team/create-invitation.ts";
import { enqueueInvitation } from "../team/queue-invitation.ts";
import { teamChanged } from "../team/team-events.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";

export const ONBOARDING_DONE = "Setup is already complete";

/**
 * Finishes the first-run setup: the company's name (when its step was not skipped), the team members it lists
 * invited as field users (within the setup's seats and the plan's), and the company marked set up. The invitations'
 * sendings are queued through the scope (they leave once this commits) and the team is announced.
 */
export async function completeOnboarding(
  scope: TenantScope<UserActor>,
  input: CompleteOnboardingRequest & { appOrigin: string },
) {
  const { tx, companyId, actor } = scope;
  const [company] = await tx.$queryRaw<{ onboardingState: string }[]>`
    SELECT "onboardingState"::text AS "onboardingState" FROM companies WHERE id = ${companyId}::uuid FOR UPDATE`;
  if (company?.onboardingState === "completed") throw conflict(ONBOARDING_DONE);
  if (input.members.length > ONBOARDING_MAX_MEMBERS)
    throw invalidInput(`Your plan has room for ${ONBOARDING_MAX_MEMBERS} more team members`, "members");
  if (input.companyName) {
    const row = await tx.company.findUniqueOrThrow({ where: { id: companyId }, select: { branding: true } });
    await tx.company.update({
      where: { id: companyId },
      data: { name: input.companyName, branding: { ...brandingSchema.parse(row.branding), name: input.companyName } },
    });
  }
  const invitations = await createInvitations(scope, {
    invitations: input.members.map((member) => ({
      name: member.name,
      email: member.email,
      phone: member.cell,
      role: "field_user" as const,
    })),
  });
  await tx.company.update({ where: { id: companyId }, data: { onboardingState: "completed" } });
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "company.onboarding_completed",
    entityType: "company",
    entityId: companyId,
    summary: `${actor.name} completed the setup${invitations.length > 0 ? ` and invited ${invitations.length} team member${invitations.length === 1 ? "" : "s"}` : ""}`,
  });
  for (const { invitation, sendCount } of invitations) {
    enqueueInvitation(scope, { invitationId: invitation.id, sendCount, appOrigin: input.appOrigin });
  }
  scope.emit(teamChanged());
  return invitations;
}
