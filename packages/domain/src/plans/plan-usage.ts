import type { TenantTransaction } from "@fieldops/db";
import { startOfMonthInTimeZone } from "@fieldops/shared/company-time";
import type { PlanLimitName, PlanUsage } from "@fieldops/shared/plans";

const BYTES_PER_GB = 1024 ** 3;

/** How much of `limit` the transaction's company uses now. Jobs count those created this month in its time zone. */
export async function countPlanUsage(tx: TenantTransaction, limit: PlanLimitName, at: { now: Date; timeZone: string }): Promise<number> {
  switch (limit) {
    case "jobsPerMonth":
      return tx.job.count({ where: { createdAt: { gte: startOfMonthInTimeZone(at.now, at.timeZone) } } });
    case "teamMembers":
      return tx.user.count();
    case "customers":
      return tx.customer.count();
    case "storageGb":
      return (await storedBytes(tx)) / BYTES_PER_GB;
  }
}

/**
 * The bytes of files the company keeps. No screen stores files yet; the features that do (logos, attachments) add
 * their sizes here, so that the usage and the storage limit count them.
 */
async function storedBytes(_tx: TenantTransaction): Promise<number> {
  return 0;
}

/** The company's usage of every limit. */
export async function readPlanUsage(tx: TenantTransaction, at: { now: Date; timeZone: string }): Promise<PlanUsage> {
  const [jobsPerMonth, teamMembers, customers, storageGb] = await Promise.all([
    countPlanUsage(tx, "jobsPerMonth", at),
    countPlanUsage(tx, "teamMembers", at),
    countPlanUsage(tx, "customers", at),
    countPlanUsage(tx, "storageGb", at),
  ]);
  return { jobsPerMonth, teamMembers, customers, storageGb };
}
