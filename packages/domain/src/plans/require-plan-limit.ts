import type { TenantTransaction } from "@fieldops/db";
import { PLANS, UNLIMITED, planAllowingMore, planLimitMessage, type PlanLimitName } from "@fieldops/shared/plans";
import { planLimitReached } from "../errors.ts";
import { readCompanyPlan } from "./company-plan.ts";
import { readLimitNouns } from "./plan-nouns.ts";
import { countPlanUsage } from "./plan-usage.ts";

/**
 * The one check of a plan limit: refuses (403) adding `adding` more of `limit` past what the company's plan allows,
 * naming what it allows, what is used and the first plan that allows more. Under a limit it locks the company row
 * first, so two concurrent creations cannot both take the last free place (and a plan change waits for them); call
 * it before the write, in the write's transaction.
 */
export async function requirePlanLimit(
  tx: TenantTransaction,
  limit: PlanLimitName,
  options: { adding?: number; now?: Date } = {},
): Promise<void> {
  // An unlimited plan needs no count and no lock: creations in a company on it do not wait for each other. (One that
  // races a downgrade may land just after the downgrade counted the usage; the next one is refused.)
  if (PLANS[(await readCompanyPlan(tx)).planId].limits[limit] === UNLIMITED) return;
  const company = await readCompanyPlan(tx, { lock: true });
  const allowed = PLANS[company.planId].limits[limit];
  if (allowed === UNLIMITED) return;
  const used = await countPlanUsage(tx, limit, { now: options.now ?? new Date(), timeZone: company.timeZone });
  if (used + (options.adding ?? 1) <= allowed) return;
  const nouns = await readLimitNouns(tx);
  throw planLimitReached(
    planLimitMessage(company.planId, limit, used, nouns[limit]),
    planAllowingMore(company.planId, limit)?.id,
  );
}
