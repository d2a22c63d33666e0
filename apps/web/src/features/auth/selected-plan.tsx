import { useState } from "react";
import { SELECTED_PLAN_STORAGE_KEY } from "@fieldops/shared/auth";
import { FREE_TRIAL_DAYS, PLANS, planIdSchema, type Plan, type PlanId } from "@fieldops/shared/plans";
import { Badge } from "../../components/ui/badge";

/** The plan chosen on the pricing step before sign-in (local storage `selected_plan`), or null. */
export function readSelectedPlan(): Plan | null {
  try {
    const parsed = planIdSchema.safeParse(localStorage.getItem(SELECTED_PLAN_STORAGE_KEY));
    return parsed.success ? PLANS[parsed.data] : null;
  } catch {
    return null;
  }
}

/** Keeps the plan chosen on the pricing page for the sign-in and sign-up screens. */
export function storeSelectedPlan(planId: PlanId): void {
  localStorage.setItem(SELECTED_PLAN_STORAGE_KEY, planId);
}

export function clearSelectedPlan(): void {
  localStorage.removeItem(SELECTED_PLAN_STORAGE_KEY);
}

/** The plan as the screen opened, so it does not change under the user while the form is filled in. */
export function useSelectedPlan(): Plan | null {
  const [plan] = useState(readSelectedPlan);
  return plan;
}

/** The plan chosen at the pricing step: '{Plan} Plan Selected' with a '7-Day Free Trial' badge. */
export function SelectedPlanBanner({ plan }: { plan: Plan }) {
  return (
    <div
      role="note"
      aria-label="Selected plan"
      className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-primary/30 bg-primary/5 px-4 py-3"
    >
      <span className="text-sm font-semibold">{plan.name} Plan Selected</span>
      <Badge>{FREE_TRIAL_DAYS}-Day Free Trial</Badge>
    </div>
  );
}
