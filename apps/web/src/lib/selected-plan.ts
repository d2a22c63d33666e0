import { useState } from "react";
import { SELECTED_PLAN_STORAGE_KEY } from "@fieldops/shared/auth";
import { PLANS, planIdSchema, type Plan, type PlanId } from "@fieldops/shared/plans";

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
