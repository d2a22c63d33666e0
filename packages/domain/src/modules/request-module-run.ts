import {
  APPROVAL_TTL_MS,
  MODULE_CATALOG,
  PLAN_UPGRADE_MESSAGE,
  type ExecuteModuleResponse,
  type ModuleId,
} from "@fieldops/shared/modules";
import { planFeatureMessage } from "@fieldops/shared/plans";
import { conflict } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { allowedPolicy, parseModuleParams, planAllowsModule } from "./module-access.ts";
import { moduleRunAnswer } from "./module-run-row.ts";
import { approvalUpdated } from "./modules-events.ts";
import { expireModuleApprovalTask } from "./expire-module-approval.task.ts";
import { runModuleTask } from "./run-module.task.ts";

function planUpgrade(moduleId: ModuleId): ExecuteModuleResponse {
  const entry = MODULE_CATALOG[moduleId];
  return {
    success: false,
    planUpgradeRequired: true,
    error: `${PLAN_UPGRADE_MESSAGE}. ${planFeatureMessage(entry.feature!, entry.title)}`,
    runId: null,
    status: null,
  };
}

/**
 * Checks the requester's role, the plan and the module's policy, then stores the run: queued when the role runs it
 * directly, awaiting approval (for 24 hours) when an owner or administrator must approve it first. The same
 * idempotency key (the UI action's id) answers with the run it made the first time, whatever happened since. Once
 * committed, a queued run goes to the workers (again, harmlessly, for a repeated key), and a new approval request is
 * announced to the company and closed by a task when it expires undecided.
 */
export async function requestModuleRun(
  scope: TenantScope<UserActor>,
  input: { moduleId: ModuleId; params: unknown; idempotencyKey: string | null; now?: Date },
): Promise<ExecuteModuleResponse> {
  const { tx, actor } = scope;
  const now = input.now ?? new Date();
  const policy = allowedPolicy(input.moduleId, actor.role);
  const { params, paramsHash } = parseModuleParams(input.moduleId, input.params);
  if (!(await planAllowsModule(tx, input.moduleId))) return planUpgrade(input.moduleId);

  const data = {
    companyId: scope.companyId,
    moduleId: input.moduleId,
    params,
    paramsHash,
    requestedByUserId: actor.userId,
    idempotencyKey: input.idempotencyKey,
    status: policy === "direct" ? ("queued" as const) : ("awaiting_approval" as const),
    expiresAt: policy === "approval" ? new Date(now.getTime() + APPROVAL_TTL_MS) : null,
    createdAt: now,
  };
  // ON CONFLICT DO NOTHING: a concurrent request with the same key waits for the first, then finds its run.
  const [created] = await tx.moduleRun.createManyAndReturn({ data: [data], skipDuplicates: true });
  const run =
    created ??
    (await tx.moduleRun.findFirstOrThrow({
      where: { requestedByUserId: actor.userId, idempotencyKey: input.idempotencyKey },
    }));
  if (!created && (run.moduleId !== input.moduleId || run.paramsHash !== paramsHash)) {
    throw conflict("This Idempotency-Key was already used for a different action", "Idempotency-Key");
  }
  if (run.status === "queued") queueModuleRun(scope, run.id);
  if (run.status === "awaiting_approval" && run.expiresAt) {
    // Closed by the workers when it expires undecided (once, however often it is asked for).
    scope.enqueue(expireModuleApprovalTask, { companyId: scope.companyId, runId: run.id }, run.id, {
      delayMs: run.expiresAt.getTime() - now.getTime(),
    });
  }
  if (created && run.status === "awaiting_approval") scope.emit(approvalUpdated(run, "pending"));
  return moduleRunAnswer(run);
}

/** Hands a queued run to the workers once committed (again, harmlessly, if it already was). */
export function queueModuleRun(scope: TenantScope, runId: string): void {
  scope.enqueue(runModuleTask, { companyId: scope.companyId, runId, requestId: scope.requestId }, runId);
}
