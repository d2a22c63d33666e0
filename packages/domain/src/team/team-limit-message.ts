import { PLANS, planAllowingMore, UNLIMITED, type PlanId } from "@fieldops/shared/plans";

export function teamLimitMessage(planId: PlanId): string {
  const plan = PLANS[planId];
  const limit = plan.limits.teamMembers;
  const better = planAllowingMore(planId, "teamMembers");
  const upgrade = better
    ? ` Upgrade to ${better.name} for ${better.limits.teamMembers === UNLIMITED ? "unlimited" : better.limits.teamMembers} team members.`
    : "";
  return `Your ${plan.name} plan allows ${limit} team members.${upgrade}`;
}
