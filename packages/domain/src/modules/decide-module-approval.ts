import type { TenantTransaction } from "@fieldops/db";
import type { AppEvent } from "@fieldops/shared/events";
import { can } from "@fieldops/shared/permissions";
import { conflict, forbidden, notFound } from "../errors.ts";
import type { Actor } from "../jobs/actor.ts";
import { recheckModuleRun } from "./check-module-run.ts";
import { lockModuleRun, moduleRunUpdated, type ModuleRunRow } from "./module-run-row.ts";

export interface DecidedApproval {
  run: ModuleRunRow;
  /** The run to queue once committed (again, harmlessly, when it was approved twice). */
  queueRunId: string | null;
  /** For the company (approval.updated) and for the requester (module.run_updated), once committed. */
  companyEvents: AppEvent[];
  requesterEvents: AppEvent[];
}

/** The pending request, locked: two decisions on it take turns. Approvers decide others' requests, never their own. */
async function lockPending(tx: TenantTransaction, approvalId: string, actor: Actor): Promise<ModuleRunRow> {
  if (!can(actor, "approvals.decide")) throw forbidden("Only owners and administrators decide approval requests");
  const run = await lockModuleRun(tx, approvalId);
  if (!run || (run.expiresAt === null && run.decidedByUserId === null)) throw notFound("Approval request not found");
  if (run.requestedByUserId === actor.userId)
    throw forbidden("You cannot decide your own request: another owner or administrator must");
  return run;
}

function decided(run: ModuleRunRow, status: "approved" | "denied", queueRunId: string | null): DecidedApproval {
  return {
    run,
    queueRunId,
    companyEvents: [{ name: "approval.updated", payload: { approvalId: run.id, moduleId: run.moduleId, status } }],
    requesterEvents: [moduleRunUpdated(run)],
  };
}

const wasApproved = (run: ModuleRunRow) =>
  run.decidedByUserId !== null &&
  run.status !== "denied" &&
  run.status !== "awaiting_approval" &&
  run.status !== "expired";

/**
 * Approves a pending request naming the parameters the approver saw (their hash), after checking again that the
 * requester may still ask for the module, the plan includes it and the parameters are unchanged; the run is then
 * queued. Approving an approved request changes nothing; a denied or expired one cannot be approved.
 */
export async function approveModuleRun(
  tx: TenantTransaction,
  input: { approvalId: string; paramsHash: string; actor: Actor; now?: Date },
): Promise<DecidedApproval> {
  const now = input.now ?? new Date();
  const run = await lockPending(tx, input.approvalId, input.actor);
  if (wasApproved(run))
    return {
      ...decided(run, "approved", run.status === "queued" ? run.id : null),
      companyEvents: [],
      requesterEvents: [],
    };
  if (run.status === "denied") throw conflict("This request was denied");
  if (run.status === "expired" || (run.expiresAt !== null && run.expiresAt <= now))
    throw conflict("This approval request has expired");
  if (input.paramsHash !== run.paramsHash)
    throw conflict("The request is not the one you were shown: reload the approvals and check it again", "paramsHash");
  await recheckModuleRun(tx, run);
  const approved = await tx.moduleRun.update({
    where: { id: run.id },
    data: { status: "queued", decidedByUserId: input.actor.userId, decidedAt: now },
  });
  return decided(approved, "approved", approved.id);
}

/** Denies a pending request with a reason the requester is told. Denying it again changes nothing. */
export async function denyModuleRun(
  tx: TenantTransaction,
  input: { approvalId: string; reason: string; actor: Actor; now?: Date },
): Promise<DecidedApproval> {
  const now = input.now ?? new Date();
  const run = await lockPending(tx, input.approvalId, input.actor);
  if (run.status === "denied") return { run, queueRunId: null, companyEvents: [], requesterEvents: [] };
  if (wasApproved(run)) throw conflict("This request was already approved");
  if (run.status === "expired" || (run.expiresAt !== null && run.expiresAt <= now))
    throw conflict("This approval request has expired");
  const denied = await tx.moduleRun.update({
    where: { id: run.id },
    data: {
      status: "denied",
      denyReason: input.reason,
      decidedByUserId: input.actor.userId,
      decidedAt: now,
      finishedAt: now,
    },
  });
  return decided(denied, "denied", null);
}
