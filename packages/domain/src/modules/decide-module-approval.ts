import type { TenantTransaction } from "@fieldops/db";
import { moduleTitle } from "@fieldops/shared/modules";
import { can } from "@fieldops/shared/permissions";
import { recordAudit } from "../audit/record-audit.ts";
import { conflict, forbidden, notFound } from "../errors.ts";
import type { Actor } from "../jobs/actor.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { recheckModuleRun } from "./check-module-run.ts";
import { lockModuleRun, type ModuleRunRow } from "./module-run-row.ts";
import { approvalUpdated, moduleRunUpdated } from "./modules-events.ts";
import { queueModuleRun } from "./request-module-run.ts";

/** The pending request, locked: two decisions on it take turns. Approvers decide others' requests, never their own. */
async function lockPending(tx: TenantTransaction, approvalId: string, actor: Actor): Promise<ModuleRunRow> {
  if (!can(actor, "approvals.decide")) throw forbidden("Only owners and administrators decide approval requests");
  const run = await lockModuleRun(tx, approvalId);
  if (!run || (run.expiresAt === null && run.decidedByUserId === null)) throw notFound("Approval request not found");
  if (run.requestedByUserId === actor.userId)
    throw forbidden("You cannot decide your own request: another owner or administrator must");
  return run;
}

/**
 * Audits a decision and tells the company (its approvers' lists) and the requester (their chat) of it, once
 * committed.
 */
async function announceDecision(
  scope: TenantScope<UserActor>,
  run: ModuleRunRow,
  status: "approved" | "denied",
): Promise<ModuleRunRow> {
  const reason = status === "denied" && run.denyReason ? `: ${run.denyReason}` : "";
  await recordAudit(scope.tx, {
    companyId: scope.companyId,
    actorUserId: scope.actor.userId,
    action: status === "approved" ? "approval.approved" : "approval.denied",
    entityType: "module_run",
    entityId: run.id,
    summary: `${scope.actor.name} ${status} a request to ${moduleTitle(run.moduleId).toLowerCase()}${reason}`,
    details: { moduleId: run.moduleId, requestedByUserId: run.requestedByUserId },
  });
  scope.emit(approvalUpdated(run, status));
  scope.emit(moduleRunUpdated(run), run.requestedByUserId);
  return run;
}

const wasApproved = (run: ModuleRunRow) =>
  run.decidedByUserId !== null &&
  run.status !== "denied" &&
  run.status !== "awaiting_approval" &&
  run.status !== "expired";

/**
 * Approves a pending request naming the parameters the approver saw (their hash), after checking again that the
 * requester may still ask for the module, the plan includes it and the parameters are unchanged; the run is then
 * queued. Approving an approved request changes nothing (a run still queued is handed to the workers again,
 * harmlessly); a denied or expired one cannot be approved.
 */
export async function approveModuleRun(
  scope: TenantScope<UserActor>,
  input: { approvalId: string; paramsHash: string; now?: Date },
): Promise<ModuleRunRow> {
  const { tx, actor } = scope;
  const now = input.now ?? new Date();
  const run = await lockPending(tx, input.approvalId, actor);
  if (wasApproved(run)) {
    if (run.status === "queued") queueModuleRun(scope, run.id);
    return run;
  }
  if (run.status === "denied") throw conflict("This request was denied");
  if (run.status === "expired" || (run.expiresAt !== null && run.expiresAt <= now))
    throw conflict("This approval request has expired");
  if (input.paramsHash !== run.paramsHash)
    throw conflict("The request is not the one you were shown: reload the approvals and check it again", "paramsHash");
  await recheckModuleRun(tx, run);
  const approved = await tx.moduleRun.update({
    where: { id: run.id },
    data: { status: "queued", decidedByUserId: actor.userId, decidedAt: now },
  });
  queueModuleRun(scope, approved.id);
  return announceDecision(scope, approved, "approved");
}

/** Denies a pending request with a reason the requester is told. Denying it again changes nothing. */
export async function denyModuleRun(
  scope: TenantScope<UserActor>,
  input: { approvalId: string; reason: string; now?: Date },
): Promise<ModuleRunRow> {
  const { tx, actor } = scope;
  const now = input.now ?? new Date();
  const run = await lockPending(tx, input.approvalId, actor);
  if (run.status === "denied") return run;
  if (wasApproved(run)) throw conflict("This request was already approved");
  if (run.status === "expired" || (run.expiresAt !== null && run.expiresAt <= now))
    throw conflict("This approval request has expired");
  const denied = await tx.moduleRun.update({
    where: { id: run.id },
    data: {
      status: "denied",
      denyReason: input.reason,
      decidedByUserId: actor.userId,
      decidedAt: now,
      finishedAt: now,
    },
  });
  return announceDecision(scope, denied, "denied");
}
