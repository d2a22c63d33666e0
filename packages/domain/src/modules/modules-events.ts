import type { AppEvent } from "@fieldops/shared/events";
import { moduleRunAnswer } from "./module-run-row.ts";

/** The requester's event about their run (emitted to them alone). */
export function moduleRunUpdated(run: Parameters<typeof moduleRunAnswer>[0]): AppEvent {
  const { runId, status, success, message, error, reason } = moduleRunAnswer(run);
  return {
    name: "module.run_updated",
    payload: { runId, moduleId: run.moduleId, status, success, message, error, reason },
  };
}

/** An approval request was made or decided: the company's approvers' lists refetch. */
export function approvalUpdated(
  run: { id: string; moduleId: string },
  status: "pending" | "approved" | "denied" | "expired",
): AppEvent {
  return { name: "approval.updated", payload: { approvalId: run.id, moduleId: run.moduleId, status } };
}
