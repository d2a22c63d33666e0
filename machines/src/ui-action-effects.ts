import {
  moduleRunStatusSchema,
  moduleTitle,
  type ModuleRunStatus,
  type ModuleRunUpdate,
} from "@fieldops/shared/modules";
import { PLAN_UPGRADE_DESCRIPTION, PLAN_UPGRADE_TITLE } from "@fieldops/shared/plans";
import {
  moduleExecutionResultSchema,
  type ModuleExecutionResult,
  type NavigateTarget,
  type OpenModalTarget,
} from "@fieldops/shared/ui-actions";
import type { Toast } from "./toasts.ts";
import type { BuildModalRequest, UiActionStep } from "./ui-action-rules.ts";

/** What the app does for an allowed action; the web app wires these to its router, dialogs and API client. */
export interface UiActionEffects {
  navigate(path: NavigateTarget): void | Promise<void>;
  openModal(target: OpenModalTarget): void | Promise<void>;
  startOAuth(url: string): void | Promise<void>;
  /** `actionId` is the UI action's id: the server's idempotency key, so a repeated action never runs twice. */
  executeModule(moduleId: string, params: Record<string, unknown>, actionId: string): Promise<ModuleExecutionResult>;
  /** Answers like `executeModule` when it asked the server (so the run it stored is followed), else nothing. */
  requestModuleApproval(request: {
    actionId: string;
    moduleId: string;
    params: Record<string, unknown>;
    reason?: string;
  }): unknown;
  openBuildModal(build: BuildModalRequest): void | Promise<void>;
  /**
   * Asks for the quote; `refused` is the server's reason when it cannot quote the request (the app has already put it
   * in the conversation, as the assistant's words).
   */
  requestQuote(request: { sessionId: string; spec: unknown }): QuoteAnswer | Promise<QuoteAnswer>;
  /** Told why an action was ignored or blocked. */
  warn(message: string): void;
}

/** What asking for a quote came to: nothing to say (the quote opens on its own), or the server's refusal. */
export type QuoteAnswer = undefined | { refused: string };

export type ToastContent = Omit<Toast, "id" | "open">;

/** The run an action's answer stored, followed until it finishes. */
export interface StartedRun {
  runId: string;
  moduleId: string;
  status: ModuleRunStatus;
}

export interface UiActionOutcome {
  status: "done" | "refused" | "failed";
  chip: string;
  toast?: ToastContent;
  run?: StartedRun;
}

export const MODULE_TOASTS = {
  executed: { title: "Module Executed" },
  approvalRequired: { title: "Approval Required", description: "This action requires administrator approval" },
  planUpgradeRequired: { title: PLAN_UPGRADE_TITLE, description: PLAN_UPGRADE_DESCRIPTION },
  error: { title: "Module Error", description: "Failed to execute module" },
  executionFailed: { title: "Execution Failed", description: "Failed to execute module. Please try again." },
} as const;

export const QUOTE_ERROR_TOAST = {
  title: "Quote Error",
  description: "Failed to generate quote. Please try again.",
} as const;

function approvalToast(reason: string | undefined): ToastContent {
  return {
    title: MODULE_TOASTS.approvalRequired.title,
    description: reason ?? MODULE_TOASTS.approvalRequired.description,
    variant: "default",
  };
}

/**
 * An answer that accepted a run the worker has not finished yet (its `status` is queued or running): its outcome, and
 * the Module Executed toast, come with the run's event.
 */
function isStillRunning(answer: unknown): boolean {
  if (typeof answer !== "object" || answer === null || !("status" in answer)) return false;
  return answer.status === "queued" || answer.status === "running";
}

/**
 * The toast and chip of a module's answer (`POST /api/modules/execute`), in words: the module's title, and once it
 * ran, what the server says it did ("Created job #266 for Andrew Henderson: Spring cleanup").
 */
export function moduleOutcome(moduleId: string, answer: unknown): UiActionOutcome {
  const parsed = moduleExecutionResultSchema.safeParse(answer);
  if (!parsed.success) return moduleCallFailed(moduleId);
  const result = parsed.data;
  const title = moduleTitle(moduleId);
  if (result.requiresApproval)
    return { status: "done", chip: `Waiting for approval: ${title}`, toast: approvalToast(result.reason) };
  if (result.planUpgradeRequired) {
    return {
      status: "refused",
      chip: `Blocked: ${title} needs a plan upgrade`,
      toast: { ...MODULE_TOASTS.planUpgradeRequired, variant: "default" },
    };
  }
  if (result.success && isStillRunning(answer)) return { status: "done", chip: `Started: ${title}` };
  if (result.success) {
    return {
      status: "done",
      chip: result.message ?? `Done: ${title}`,
      toast: { title: MODULE_TOASTS.executed.title, description: result.message, variant: "default" },
    };
  }
  const error = result.error ?? MODULE_TOASTS.error.description;
  return {
    status: "failed",
    chip: `Failed: ${title}: ${error}`,
    toast: { title: MODULE_TOASTS.error.title, description: error, variant: "destructive" },
  };
}

/** The run an execute answer names (`runId` and `status`), if it stored one. */
function startedRun(moduleId: string, answer: unknown): StartedRun | undefined {
  if (typeof answer !== "object" || answer === null || !("runId" in answer) || !("status" in answer)) return undefined;
  const status = moduleRunStatusSchema.safeParse(answer.status);
  if (typeof answer.runId !== "string" || !status.success) return undefined;
  return { runId: answer.runId, moduleId, status: status.data };
}

function withRun(outcome: UiActionOutcome, run: StartedRun | undefined): UiActionOutcome {
  return run === undefined ? outcome : { ...outcome, run };
}

/** A run's state in the fields of POST /api/modules/execute's answer, so that it gets the same chip and toast. */
export function runUpdateResult(update: ModuleRunUpdate): ModuleExecutionResult | undefined {
  switch (update.status) {
    case "succeeded":
      return { success: true, message: update.message };
    case "failed":
      return { success: false, error: update.error ?? update.message };
    case "awaiting_approval":
      return { success: false, requiresApproval: true, reason: update.reason };
    case "denied":
      // The server words a denial with the approver's reason ("Denied: …"): the requester is told why.
      return { success: false, error: update.error ?? "Denied by an administrator" };
    case "expired":
      return { success: false, error: update.error ?? "The approval request expired" };
    default:
      return undefined;
  }
}

/** The chip and toast of a run that has moved on; undefined while it is still queued or running. */
export function runOutcome(update: ModuleRunUpdate): UiActionOutcome | undefined {
  const result = runUpdateResult(update);
  if (result === undefined) return undefined;
  const outcome = moduleOutcome(update.moduleId, result);
  if (update.status !== "denied") return outcome;
  const reason = (update.error ?? "").replace(/^Denied: /, "");
  return { ...outcome, chip: `Denied: ${moduleTitle(update.moduleId)}${reason ? `: ${reason}` : ""}` };
}

/** The chip of a run as it stands now (a reloaded conversation's, which this tab did not run). */
export function runChip(update: ModuleRunUpdate): string {
  return runOutcome(update)?.chip ?? `Started: ${moduleTitle(update.moduleId)}`;
}

function moduleCallFailed(moduleId: string): UiActionOutcome {
  return {
    status: "failed",
    chip: `Failed: ${moduleTitle(moduleId)} could not run`,
    toast: { ...MODULE_TOASTS.executionFailed, variant: "destructive" },
  };
}

/** What an effect is doing, for the chip of an action whose effect threw. */
function attempted(step: UiActionStep): string {
  switch (step.type) {
    case "navigate":
    case "openModal":
      return `open ${step.label}`;
    case "startOAuth":
      return `start sign-in at ${step.host}`;
    case "showToast":
      return "show the notification";
    case "openBuildModal":
      return "open the build quote";
    case "executeModule":
      return `run ${moduleTitle(step.moduleId).toLowerCase()}`;
    case "requestModuleApproval":
      return `request approval to ${moduleTitle(step.moduleId).toLowerCase()}`;
    case "request_quote":
      return "request a quote";
  }
}

async function perform(step: UiActionStep, effects: UiActionEffects): Promise<UiActionOutcome> {
  switch (step.type) {
    case "navigate":
      await effects.navigate(step.path);
      return { status: "done", chip: `Opened ${step.label}` };
    case "openModal":
      await effects.openModal(step.target);
      return { status: "done", chip: `Opened ${step.label}` };
    case "startOAuth":
      await effects.startOAuth(step.url);
      return { status: "done", chip: `Started sign-in at ${step.host}` };
    case "showToast":
      return { status: "done", chip: `Notified: ${step.toast.title}`, toast: step.toast };
    case "openBuildModal":
      await effects.openBuildModal(step.build);
      return { status: "done", chip: "Opened the build quote" };
    case "executeModule": {
      const answer = await effects.executeModule(step.moduleId, step.params, step.actionId);
      return withRun(moduleOutcome(step.moduleId, answer), startedRun(step.moduleId, answer));
    }
    case "requestModuleApproval": {
      const answer = await effects.requestModuleApproval({
        actionId: step.actionId,
        moduleId: step.moduleId,
        params: step.params,
        reason: step.reason,
      });
      const outcome: UiActionOutcome = {
        status: "done",
        chip: `Approval requested: ${moduleTitle(step.moduleId)}`,
        toast: approvalToast(step.reason),
      };
      return withRun(outcome, startedRun(step.moduleId, answer));
    }
    case "request_quote": {
      const answer = await effects.requestQuote({ sessionId: step.sessionId, spec: step.spec });
      if (answer && "refused" in answer) {
        return {
          status: "failed",
          chip: `Could not quote: ${answer.refused}`,
          toast: { title: QUOTE_ERROR_TOAST.title, description: answer.refused, variant: "destructive" },
        };
      }
      return { status: "done", chip: "Requested a quote" };
    }
  }
}

/** Carries out an allowed action; an effect that throws becomes a failed outcome with the app's error toast. */
export async function runUiActionStep(step: UiActionStep, effects: UiActionEffects): Promise<UiActionOutcome> {
  try {
    return await perform(step, effects);
  } catch {
    if (step.type === "executeModule") return moduleCallFailed(step.moduleId);
    if (step.type === "request_quote") {
      return {
        status: "failed",
        chip: "Failed: could not request a quote",
        toast: { ...QUOTE_ERROR_TOAST, variant: "destructive" },
      };
    }
    return { status: "failed", chip: `Failed: could not ${attempted(step)}` };
  }
}
