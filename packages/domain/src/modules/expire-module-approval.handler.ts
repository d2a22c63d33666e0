import { withTenant } from "@fieldops/db";
import { publishEvent } from "@fieldops/events/company-stream";
import type { JobHandler } from "@fieldops/jobs/job-definition";
import type { expireModuleApprovalJob } from "./expire-module-approval.job.ts";
import { moduleRunUpdated } from "./module-run-row.ts";

/**
 * Marks the run expired if it is still waiting once its expiry has passed (a decision that came first wins), then
 * tells the requester, whose chat shows the outcome, and the company, whose pending approvals drop it.
 */
export const expireModuleApproval: JobHandler<typeof expireModuleApprovalJob.schema> = async (
  { companyId, runId },
  { db, redis },
) => {
  const now = new Date();
  const expired = await withTenant(db, companyId, async (tx) => {
    const [run] = await tx.moduleRun.updateManyAndReturn({
      where: { id: runId, status: "awaiting_approval", expiresAt: { lte: now } },
      data: { status: "expired", finishedAt: now },
    });
    return run ?? null;
  });
  if (!expired) return;
  await publishEvent(redis, moduleRunUpdated(expired), { companyId, userId: expired.requestedByUserId });
  await publishEvent(
    redis,
    { name: "approval.updated", payload: { approvalId: expired.id, moduleId: expired.moduleId, status: "expired" } },
    { companyId },
  );
};
