import type { TenantTransaction } from "@fieldops/db";
import { startOfMonthInTimeZone } from "@fieldops/shared/company-time";
import type { PlanLimitName, PlanUsage } from "@fieldops/shared/plans";

const BYTES_PER_GB = 1024 ** 3;

/** How much of `limit` the transaction's company uses now. Jobs count those created this month in its time zone. */
export async function countPlanUsage(
  tx: TenantTransaction,
  limit: PlanLimitName,
  at: { now: Date; timeZone: string },
): Promise<number> {
  switch (limit) {
    case "jobsPerMonth":
      return tx.job.count({ where: { createdAt: { gte: startOfMonthInTimeZone(at.now, at.timeZone) } } });
    case "teamMembers":
      return (await tx.user.count()) + (await pendingInvitations(tx, at.now));
    case "customers":
      return tx.customer.count();
    case "storageGb":
      return (await storedBytes(tx)) / BYTES_PER_GB;
  }
}

/** Invitations waiting for an answer: each holds a seat until it is accepted, revoked or expires. */
function pendingInvitations(tx: TenantTransaction, now: Date): Promise<number> {
  return tx.invitation.count({ where: { acceptedAt: null, revokedAt: null, expiresAt: { gt: now } } });
}

/** The bytes of the files the company keeps (its logo, support attachments). */
async function storedBytes(tx: TenantTransaction): Promise<number> {
  const stored = await tx.storedFile.aggregate({ _sum: { byteSize: true } });
  return stored._sum.byteSize ?? 0;
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
