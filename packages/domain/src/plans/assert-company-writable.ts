import type { TenantTransaction } from "@fieldops/db";
import { TRIAL_ENDED_MESSAGE, trialState } from "@fieldops/shared/plans";
import { paymentRequired } from "../errors.ts";
import { readCompanyPlan } from "./company-plan.ts";

/**
 * The one check of the trial's end: a company whose free trial has ended without a plan being chosen keeps its data
 * and can read it, but every change is refused (402) until a plan is chosen. Every state-changing request runs it
 * (the API's withCompanyUser for each write, the assistant's proposal decisions, the module runner); the assistant's
 * questions are still answered, its proposals and changing actions replaced by the trial message (`withinTrial`).
 */
export async function assertCompanyWritable(tx: TenantTransaction, now: Date = new Date()): Promise<void> {
  const { trialEndsAt } = await readCompanyPlan(tx);
  if (trialState(trialEndsAt, now) === "ended") throw paymentRequired(TRIAL_ENDED_MESSAGE);
}
