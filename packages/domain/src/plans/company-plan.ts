import type { TenantTransaction } from "@fieldops/db";
import { planIdSchema, type PlanId } from "@fieldops/shared/plans";

export interface CompanyPlan {
  planId: PlanId;
  trialEndsAt: Date | null;
  timeZone: string;
}

/**
 * The plan of the transaction's company. `lock` takes the company row for the rest of the transaction, so that two
 * concurrent creations cannot both pass a limit's last free place, and a plan change waits for them.
 */
export async function readCompanyPlan(tx: TenantTransaction, options: { lock?: boolean } = {}): Promise<CompanyPlan> {
  // Row-level security shows the transaction its own company only.
  const [row] = options.lock
    ? await tx.$queryRaw<{ planId: string; trialEndsAt: Date | null; timeZone: string }[]>`
        SELECT "planId", "trialEndsAt", "timeZone" FROM companies FOR UPDATE`
    : [await tx.company.findFirstOrThrow({ select: { planId: true, trialEndsAt: true, timeZone: true } })];
  if (!row) throw new Error("The transaction is bound to no company");
  return { planId: planIdSchema.parse(row.planId), trialEndsAt: row.trialEndsAt, timeZone: row.timeZone };
}
