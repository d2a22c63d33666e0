import type { AuditLog, TenantTransaction } from "@fieldops/db";
import {
  PLANS,
  UNLIMITED,
  downgradeRefusalMessage,
  planLimitsSchema,
  trialState,
  type PlanId,
  type PlanLimitName,
  type PlanOverview,
} from "@fieldops/shared/plans";
import { activityRecorded } from "../activity/activity-events.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { readCompanyPlan } from "./company-plan.ts";
import { getPlanOverview } from "./get-plan-overview.ts";
import { readLimitNouns } from "./plan-nouns.ts";
import { countPlanUsage } from "./plan-usage.ts";

export interface ChangedPlan {
  overview: PlanOverview;
  /** The audit log entry of the change; null when nothing changed (the same choice again). */
  entry: AuditLog | null;
}

const LIMIT_NAMES = planLimitsSchema.keyof().options;

/** A user of the company chooses its plan (`applyPlanChange`); the entry it records is announced to the activity feeds. */
export async function changePlan(
  { tx, companyId, actor, emit }: TenantScope<UserActor>,
  input: { planId: PlanId; now?: Date },
): Promise<ChangedPlan> {
  const changed = await applyPlanChange(tx, { ...input, companyId, actorUserId: actor.userId });
  if (changed.entry) emit(activityRecorded(changed.entry));
  return changed;
}

/**
 * Chooses the company's plan. There is no billing: the choice is recorded in the audit log and takes effect at once,
 * and it ends the free trial (a company whose trial ended can make changes again). Moving to a plan whose limits the
 * company's usage does not fit in is refused, naming the limit. Choosing the plan already chosen changes nothing
 * and records nothing, so a repeated request is harmless.
 */
export async function applyPlanChange(
  tx: TenantTransaction,
  input: { planId: PlanId; companyId: string; actorUserId: string; now?: Date; platformAdminName?: string },
): Promise<ChangedPlan> {
  const now = input.now ?? new Date();
  // Locked: a creation that checks a limit waits for the change, and the change for it.
  const company = await readCompanyPlan(tx, { lock: true });
  const trial = trialState(company.trialEndsAt, now);
  if (company.planId === input.planId && company.trialEndsAt === null)
    return { overview: await getPlanOverview(tx, { now }), entry: null };

  const target = PLANS[input.planId];
  const nouns = await readLimitNouns(tx);
  for (const limit of LIMIT_NAMES) {
    const allowed = target.limits[limit];
    if (allowed === UNLIMITED) continue;
    const used = await countPlanUsage(tx, limit, { now, timeZone: company.timeZone });
    if (used > allowed)
      throw conflict(downgradeRefusalMessage(input.planId, limit, roundUsage(limit, used), nouns[limit]), "planId");
  }

  await tx.company.update({ where: { id: input.companyId }, data: { planId: input.planId, trialEndsAt: null } });
  const from = PLANS[company.planId].name;
  const summary =
    company.planId === input.planId
      ? `Chose the ${target.name} plan, ending the free trial`
      : `Changed the plan from ${from}${trial === "none" ? "" : " (free trial)"} to ${target.name}`;
  const by = input.platformAdminName ? ` (platform administrator ${input.platformAdminName})` : "";
  const entry = await recordAudit(tx, {
    companyId: input.companyId,
    actorUserId: input.actorUserId,
    action: "plan.changed",
    entityType: "company",
    entityId: input.companyId,
    summary: `${summary}${by}`,
    details: { from: company.planId, to: input.planId, trial },
    at: now,
  });
  return { overview: await getPlanOverview(tx, { now }), entry };
}

function roundUsage(limit: PlanLimitName, used: number): number {
  return limit === "storageGb" ? Math.ceil(used * 10) / 10 : used;
}
