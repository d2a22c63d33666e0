import type { TenantTransaction } from "@fieldops/db";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import type { AppEvent } from "@fieldops/shared/events";
import {
  APPROVAL_TTL_MS,
  MODULE_CATALOG,
  PLAN_UPGRADE_MESSAGE,
  type ExecuteModuleResponse,
  type ModuleId,
} from "@fieldops/shared/modules";
import { planFeatureMessage } from "@fieldops/shared/plans";
import { conflict } from "../errors.ts";
import type { Actor } from "../jobs/actor.ts";
import { allowedPolicy, parseModuleParams, planAllowsModule } from "./module-access.ts";
import { moduleRunAnswer } from "./module-run-row.ts";
import { expireModuleApprovalTask } from "./expire-module-approval.task.ts";
import { runModuleTask } from "./run-module.task.ts";

export interface RequestedModuleRun {
  answer: ExecuteModuleResponse;
  /** A run to queue once the transaction has committed. */
  queueRunId: string | null;
  /** An approval request to close when it expires, once the transaction has committed. */
  awaitingApproval: { runId: string; expiresAt: Date } | null;
  /** Events for the company (a new approval request) once committed. */
  events: AppEvent[];
}

function planUpgrade(moduleId: ModuleId): RequestedModuleRun {
  const entry = MODULE_CATALOG[moduleId];
  return {
    answer: {
      success: false,
      planUpgradeRequired: true,
      error: `${PLAN_UPGRADE_MESSAGE}. ${planFeatureMessage(entry.feature!, entry.title)}`,
      runId: null,
      status: null,
    },
    queueRunId: null,
    awaitingApproval: null,
    events: [],
  };
}

/**
 * Checks the requester's role, the plan and the module's policy, then stores the run: queued when the role runs it
 * directly, awaiting approval (for 24 hours) when an owner or administrator must approve it first. The same
 * idempotency key (the UI action's id) answers with the run it made the first time, whatever happened since.
 */
export async function requestModuleRun(
  tx: TenantTransaction,
  input: {
    moduleId: ModuleId;
    params: unknown;
    idempotencyKey: string | null;
    companyId: string;
    actor: Actor;
    now?: Date;
  },
): Promise<RequestedModuleRun> {
  const now = input.now ?? new Date();
  const policy = allowedPolicy(input.moduleId, input.actor.role);
  const { params, paramsHash } = parseModuleParams(input.moduleId, input.params);
  if (!(await planAllowsModule(tx, input.moduleId))) return planUpgrade(input.moduleId);

  const data = {
    companyId: input.companyId,
    moduleId: input.moduleId,
    params,
    paramsHash,
    requestedByUserId: input.actor.userId,
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
      where: { requestedByUserId: input.actor.userId, idempotencyKey: input.idempotencyKey },
    }));
  if (!created && (run.moduleId !== input.moduleId || run.paramsHash !== paramsHash)) {
    throw conflict("This Idempotency-Key was already used for a different action", "Idempotency-Key");
  }
  const events: AppEvent[] =
    created && run.status === "awaiting_approval"
      ? [{ name: "approval.updated", payload: { approvalId: run.id, moduleId: run.moduleId, status: "pending" } }]
      : [];
  return {
    answer: moduleRunAnswer(run),
    queueRunId: run.status === "queued" ? run.id : null,
    awaitingApproval:
      run.status === "awaiting_approval" && run.expiresAt ? { runId: run.id, expiresAt: run.expiresAt } : null,
    events,
  };
}

/** Has the workers close the approval request when it expires undecided (once, however often it is asked for). */
export async function queueApprovalExpiry(
  queues: TaskQueues,
  input: { companyId: string; runId: string; expiresAt: Date; now?: Date },
): Promise<void> {
  const delayMs = input.expiresAt.getTime() - (input.now ?? new Date()).getTime();
  await queues.enqueue(expireModuleApprovalTask, { companyId: input.companyId, runId: input.runId }, input.runId, {
    delayMs,
  });
}

/** Hands a queued run to the workers (again, harmlessly, if it already was). */
export async function queueModuleRun(
  queues: TaskQueues,
  input: { companyId: string; runId: string; requestId: string | null },
): Promise<void> {
  await queues.enqueue(runModuleTask, input, input.runId);
}
