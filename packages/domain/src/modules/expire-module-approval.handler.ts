import { withTenant } from "@fieldops/db";
import { publishEvent } from "@fieldops/events/company-stream";
import type { TaskHandler } from "@fieldops/tasks/task-definition";
import type { expireModuleApprovalTask } from "./expire-module-approval.task.ts";
import { moduleRunUpdated } from "./module-run-row.ts";

/**
 * Marks the run expired if it is still waiting once its expiry has passed (a decision that came first wins), then
 * tells the requester, whose chat shows the outcome, and the company, whose pending approvals drop it.
 */
export const expireModuleApproval: TaskHandler<typeof expireModuleApprovalTask.schema> = async (
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
