import type { AppEvent } from "@fieldops/shared/events";
import type { ModuleRunUpdate } from "@fieldops/shared/modules";
import { moduleRunAnswer, toModuleRun, type ModuleRunRow } from "./module-run-row.ts";

/** A run as it stands for the user who asked for it: its answer's fields and what its chip offers. */
export function moduleRunUpdate(run: ModuleRunRow): ModuleRunUpdate {
  const { runId, status, success, message, error, reason } = moduleRunAnswer(run);
  const { undoUntil, undone, download, link } = toModuleRun(run);
  return { runId, moduleId: run.moduleId, status, success, message, error, reason, undoUntil, undone, download, link };
}

/** The requester's event about their run (emitted to them alone). */
export function moduleRunUpdated(run: ModuleRunRow): AppEvent {
  return { name: "module.run_updated", payload: moduleRunUpdate(run) };
}

/** An approval request was made or decided: the company's approvers' lists refetch. */
export function approvalUpdated(
  run: { id: string; moduleId: string },
  status: "pending" | "approved" | "denied" | "expired",
): AppEvent {
  return { name: "approval.updated", payload: { approvalId: run.id, moduleId: run.moduleId, status } };
}
