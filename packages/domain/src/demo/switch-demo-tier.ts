import { NOT_A_DEMO_COMPANY, type DemoStatus } from "@fieldops/shared/demo";
import { PLANS, type PlanId } from "@fieldops/shared/plans";
import { recordAudit } from "../audit/record-audit.ts";
import { forbidden } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { getDemoStatus } from "./get-demo-status.ts";

/**
 * Puts a demo company on another tier: its plan becomes the tier's, so its plan features (and the tenant's pages that
 * depend on them) change at once. Unlike a real plan change it checks no usage limit, since a demo shows each tier on
 * the same sample data. Only a demo company may switch; the route lets only its owner or an administrator ask.
 */
export async function switchDemoTier(
  { tx, companyId, actor }: Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">,
  input: { tier: PlanId },
): Promise<DemoStatus> {
  const company = await tx.company.findFirstOrThrow({ select: { isDemo: true, planId: true } });
  if (!company.isDemo) throw forbidden(NOT_A_DEMO_COMPANY);
  await tx.company.update({
    where: { id: companyId },
    data: { planId: input.tier, demoTierOverride: input.tier, trialEndsAt: null },
  });
  if (company.planId !== input.tier) {
    await recordAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      action: "demo.tier_switched",
      entityType: "company",
      entityId: companyId,
      summary: `Switched the demo to the ${PLANS[input.tier].name} tier`,
      changes: { planId: { from: company.planId, to: input.tier } },
    });
  }
  return getDemoStatus(tx);
}
