import type { TaskHandler } from "@fieldops/tasks/task-definition";
import { runInScope } from "../effects/run-in-scope.ts";
import { systemActor } from "../tenant-scope.ts";
import type { expireModuleApprovalTask } from "./expire-module-approval.task.ts";
import { approvalUpdated, moduleRunUpdated } from "./modules-events.ts";

/**
 * Marks the run expired if it is still waiting once its expiry has passed (a decision that came first wins), and
 * tells the requester, whose chat shows the outcome, and the company, whose pending approvals drop it.
 */
export const expireModuleApproval: TaskHandler<typeof expireModuleApprovalTask.schema> = async (
  { companyId, runId },
  context,
) => {
  const now = new Date();
  await runInScope(context, { companyId, actor: systemActor("task:expire_module_approval") }, async ({ tx, emit }) => {
    const [expired] = await tx.moduleRun.updateManyAndReturn({
      where: { id: runId, status: "awaiting_approval", expiresAt: { lte: now } },
      data: { status: "expired", finishedAt: now },
    });
    if (!expired) return;
    emit(moduleRunUpdated(expired), expired.requestedByUserId);
    emit(approvalUpdated(expired, "expired"));
  });
};
