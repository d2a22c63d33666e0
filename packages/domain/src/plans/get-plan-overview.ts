import type { TenantTransaction } from "@fieldops/db";
import { trialState, type PlanOverview } from "@fieldops/shared/plans";
import { readCompanyPlan } from "./company-plan.ts";
import { readLimitNouns } from "./plan-nouns.ts";
import { readPlanUsage } from "./plan-usage.ts";

/** The company's plan, its trial and its usage against each limit, for the plans screen. */
export async function getPlanOverview(tx: TenantTransaction, input: { now?: Date } = {}): Promise<PlanOverview> {
  const now = input.now ?? new Date();
  const company = await readCompanyPlan(tx);
  const nouns = await readLimitNouns(tx);
  const trial = trialState(company.trialEndsAt, now);
  return {
    planId: company.planId,
    trialEndsAt: company.trialEndsAt?.toISOString() ?? null,
    trialState: trial,
    readOnly: trial === "ended",
    usage: await readPlanUsage(tx, { now, timeZone: company.timeZone }),
    nouns: { jobs: nouns.jobsPerMonth, customers: nouns.customers },
    timeZone: company.timeZone,
  };
}
