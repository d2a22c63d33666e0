import { assign, createActor, fromPromise, raise, setup, type SnapshotFrom } from "xstate";
import type { ModuleRunUpdate } from "@fieldops/shared/modules";
import { TOAST_DEFAULT_DURATION_MS, TOAST_REMOVE_DELAY_MS, type Toast } from "./toasts.ts";
import {
  runOutcome,
  runUiActionStep,
  type ToastContent,
  type UiActionEffects,
  type UiActionOutcome,
} from "./ui-action-effects.ts";
import {
  assertOrigins,
  planUiAction,
  rawActionId,
  type UiActionRuleOptions,
  type UiActionStep,
} from "./ui-action-rules.ts";

/** How many action ids are remembered to ignore repeats; the oldest are forgotten first. */
export const SEEN_ACTION_IDS_LIMIT = 1000;
/** How many actions (with their chips) the machine keeps for the conversation. */
export const ACTION_RECORDS_LIMIT = 200;

export type UiActionStatus = "received" | "validated" | "executing" | "done" | "refused" | "failed";

/** One action as the conversation shows it: its lifecycle so far and, once settled, its chip. */
export interface UiActionRecord {
  seq: number;
  id: string;
  type: string;
  status: UiActionStatus;
  steps: UiActionStatus[];
  chip?: string;
}

export interface UiActionsInput extends UiActionRuleOptions {
  effects: UiActionEffects;
  seenIdsLimit?: number;
}

interface QueuedAction {
  seq: number;
  raw: unknown;
}

export interface UiActionsContext {
  effects: UiActionEffects;
  rules: UiActionRuleOptions;
  seenIdsLimit: number;
  seenIds: string[];
  queue: QueuedAction[];
  current?: { seq: number; step: UiActionStep };
  /** Why the action just validated was refused, for the warning. */
  refusal?: string;
  records: UiActionRecord[];
  nextSeq: number;
  visibleToast: Toast | null;
  toastQueue: Toast[];
  closingToasts: Toast[];
  nextToastId: number;
  /** The module runs the conversation's actions started (this tab's, or a reloaded history's), by action id. */
  runs: Record<string, ModuleRunUpdate>;
  /** The action that started each followed run, by run id. */
  runActions: Record<string, string>;
  /** Run events that came while an action was running, before its answer said whose run it is. */
  earlyRunUpdates: ModuleRunUpdate[];
}

export type UiActionsEvent =
  | { type: "ui.action"; action: unknown }
  /**
   * A module run moved on (the worker finished it, an approver decided, it was undone): `module.run_updated`. The
   * action's chip follows; the toast shows unless the chip already said the same (an answer that was already final).
   */
  | { type: "module.run_updated"; update: ModuleRunUpdate }
  /** The runs of a reloaded conversation's actions, as they stand now: their chips follow them from here on. */
  | { type: "module.runs_restored"; runs: readonly { actionId: string; run: ModuleRunUpdate }[] }
  | { type: "toast.dismiss"; id?: string }
  | { type: "toast.remove"; id: string };

function typeOf(raw: unknown): string {
  if (typeof raw !== "object" || raw === null || !("type" in raw)) return "unknown";
  return typeof raw.type === "string" ? raw.type.slice(0, 50) : "unknown";
}

function settle(record: UiActionRecord, status: UiActionStatus, chip?: string): UiActionRecord {
  return { ...record, status, steps: [...record.steps, status], chip: chip ?? record.chip };
}

function updateRecord(
  records: UiActionRecord[],
  seq: number,
  update: (record: UiActionRecord) => UiActionRecord,
): UiActionRecord[] {
  return records.map((record) => (record.seq === seq ? update(record) : record));
}

function withToast(context: UiActionsContext, toast: ToastContent | undefined): Partial<UiActionsContext> {
  if (toast === undefined) return {};
  const queued: Toast = { ...toast, id: `toast-${context.nextToastId}`, open: true };
  return { toastQueue: [...context.toastQueue, queued], nextToastId: context.nextToastId + 1 };
}

/** A run this tab started: followed from its answer (its file, undo and link come with its events). */
function startedRun(run: NonNullable<UiActionOutcome["run"]>): ModuleRunUpdate {
  return { ...run, undoUntil: null, undone: false, download: null, link: null };
}

/** A run's event: its action's run and chip follow it, with the outcome's toast. */
function applyRunUpdate(context: UiActionsContext, update: ModuleRunUpdate): Partial<UiActionsContext> {
  const actionId = context.runActions[update.runId];
  const outcome = runOutcome(update);
  if (actionId === undefined) {
    // Perhaps the run of the action whose answer is on its way: it waits for that answer.
    if (context.current !== undefined) return { earlyRunUpdates: [...context.earlyRunUpdates, update] };
    // A run no action of this conversation started (another tab's): only its toast.
    return withToast(context, outcome?.toast);
  }
  const before = context.runs[actionId];
  const runs = { ...context.runs, [actionId]: update };
  if (outcome === undefined || before?.status === update.status) return { runs };
  const record = context.records.findLast((r) => r.id === actionId);
  if (record === undefined) return { runs, ...withToast(context, outcome.toast) };
  if (record.chip === outcome.chip) return { runs };
  return {
    runs,
    records: updateRecord(context.records, record.seq, (r) => settle(r, outcome.status, outcome.chip)),
    ...withToast(context, outcome.toast),
  };
}

function applyRunUpdates(context: UiActionsContext, updates: readonly ModuleRunUpdate[]): UiActionsContext {
  return updates.reduce((next, update) => ({ ...next, ...applyRunUpdate(next, update) }), context);
}

function outcomeUpdate(context: UiActionsContext, outcome: UiActionOutcome): Partial<UiActionsContext> {
  const seq = context.current?.seq;
  const record = seq === undefined ? undefined : context.records.find((r) => r.seq === seq);
  let next: UiActionsContext = {
    ...context,
    current: undefined,
    records:
      seq === undefined
        ? context.records
        : updateRecord(context.records, seq, (r) => settle(r, outcome.status, outcome.chip)),
    ...withToast(context, outcome.toast),
  };
  if (record !== undefined && outcome.run !== undefined) {
    next = {
      ...next,
      runs: { ...next.runs, [record.id]: startedRun(outcome.run) },
      runActions: { ...next.runActions, [outcome.run.runId]: record.id },
    };
  }
  // The events that came while it ran: its run's apply to it now, any other's is a toast.
  return applyRunUpdates({ ...next, earlyRunUpdates: [] }, context.earlyRunUpdates);
}

/**
 * Carries out the assistant's UI actions one at a time, in the order received, after checking each against the
 * shared contract and the allow-lists; and shows the resulting toasts one at a time.
 */
export const uiActionsMachine = setup({
  types: {
    context: {} as UiActionsContext,
    input: {} as UiActionsInput,
    events: {} as UiActionsEvent,
  },
  actors: {
    runStep: fromPromise<UiActionOutcome, { step: UiActionStep; effects: UiActionEffects }>(({ input }) =>
      runUiActionStep(input.step, input.effects),
    ),
  },
  delays: {
    toastDuration: TOAST_DEFAULT_DURATION_MS,
    toastRemoval: TOAST_REMOVE_DELAY_MS,
  },
  guards: {
    hasQueuedAction: ({ context }) => context.queue.length > 0,
    hasCurrentAction: ({ context }) => context.current !== undefined,
    hasQueuedToast: ({ context }) => context.toastQueue.length > 0,
    dismissesVisibleToast: ({ context, event }) =>
      event.type === "toast.dismiss" && (event.id === undefined || event.id === context.visibleToast?.id),
  },
  actions: {
    receive: assign(({ context, event }) => {
      if (event.type !== "ui.action") return {};
      const id = rawActionId(event.action);
      if (id !== undefined && context.seenIds.includes(id)) return {};
      const seq = context.nextSeq;
      const record: UiActionRecord = {
        seq,
        id: id ?? `unidentified-${seq}`,
        type: typeOf(event.action),
        status: "received",
        steps: ["received"],
      };
      return {
        nextSeq: seq + 1,
        seenIds: id === undefined ? context.seenIds : [...context.seenIds, id].slice(-context.seenIdsLimit),
        queue: [...context.queue, { seq, raw: event.action }],
        records: [...context.records, record].slice(-ACTION_RECORDS_LIMIT),
      };
    }),
    validateNext: assign(({ context }) => {
      const [next, ...rest] = context.queue;
      if (next === undefined) return {};
      const plan = planUiAction(next.raw, context.rules);
      if (!plan.allowed) {
        return {
          queue: rest,
          current: undefined,
          refusal: plan.warning,
          records: updateRecord(context.records, next.seq, (r) => settle(r, "refused", plan.chip)),
        };
      }
      return {
        queue: rest,
        current: { seq: next.seq, step: plan.step },
        refusal: undefined,
        records: updateRecord(context.records, next.seq, (r) => settle(r, "validated")),
      };
    }),
    warnRefusal: ({ context }) => {
      if (context.refusal !== undefined) context.effects.warn(context.refusal);
    },
    markExecuting: assign(({ context }) => ({
      records: updateRecord(context.records, context.current?.seq ?? -1, (r) => settle(r, "executing")),
    })),
    settle: assign(({ context }, outcome: UiActionOutcome) => outcomeUpdate(context, outcome)),
    updateRun: assign(({ context, event }) =>
      event.type === "module.run_updated" ? applyRunUpdate(context, event.update) : {},
    ),
    restoreRuns: assign(({ context, event }) => {
      if (event.type !== "module.runs_restored") return {};
      const runs = { ...context.runs };
      const runActions = { ...context.runActions };
      for (const { actionId, run } of event.runs) {
        // What this tab followed itself is newer than a history read before.
        if (runs[actionId] !== undefined) continue;
        runs[actionId] = run;
        runActions[run.runId] = actionId;
      }
      return { runs, runActions };
    }),
    showNextToast: assign(({ context }) => {
      const [next, ...rest] = context.toastQueue;
      return next === undefined ? {} : { visibleToast: next, toastQueue: rest };
    }),
    scheduleToastRemoval: raise(
      ({ context }) => ({ type: "toast.remove" as const, id: context.visibleToast?.id ?? "" }),
      {
        delay: "toastRemoval",
      },
    ),
    dismissVisibleToast: assign(({ context }) =>
      context.visibleToast === null
        ? {}
        : { visibleToast: null, closingToasts: [...context.closingToasts, { ...context.visibleToast, open: false }] },
    ),
    dropToast: assign(({ context, event }) => {
      if (event.type === "toast.remove")
        return { closingToasts: context.closingToasts.filter((toast) => toast.id !== event.id) };
      if (event.type === "toast.dismiss" && event.id !== undefined) {
        return { toastQueue: context.toastQueue.filter((toast) => toast.id !== event.id) };
      }
      return {};
    }),
  },
}).createMachine({
  id: "uiActions",
  type: "parallel",
  context: ({ input }) => ({
    effects: input.effects,
    rules: { allowedOAuthOrigins: input.allowedOAuthOrigins, navigateLabels: input.navigateLabels },
    seenIdsLimit: input.seenIdsLimit ?? SEEN_ACTION_IDS_LIMIT,
    seenIds: [],
    queue: [],
    records: [],
    nextSeq: 1,
    visibleToast: null,
    toastQueue: [],
    closingToasts: [],
    nextToastId: 1,
    runs: {},
    runActions: {},
    earlyRunUpdates: [],
  }),
  states: {
    actions: {
      initial: "idle",
      on: {
        "ui.action": { actions: "receive" },
        "module.run_updated": { actions: "updateRun" },
        "module.runs_restored": { actions: "restoreRuns" },
      },
      states: {
        idle: { always: { guard: "hasQueuedAction", target: "validating" } },
        validating: {
          entry: ["validateNext", "warnRefusal"],
          always: [{ guard: "hasCurrentAction", target: "executing" }, { target: "idle" }],
        },
        executing: {
          entry: "markExecuting",
          invoke: {
            src: "runStep",
            input: ({ context }) => ({ step: context.current!.step, effects: context.effects }),
            onDone: { target: "idle", actions: { type: "settle", params: ({ event }) => event.output } },
            onError: {
              target: "idle",
              actions: {
                type: "settle",
                params: () => ({ status: "failed" as const, chip: "Failed: the action could not run" }),
              },
            },
          },
        },
      },
    },
    toasts: {
      initial: "hidden",
      on: { "toast.remove": { actions: "dropToast" }, "toast.dismiss": { actions: "dropToast" } },
      states: {
        hidden: { always: { guard: "hasQueuedToast", target: "shown" } },
        shown: {
          entry: "showNextToast",
          after: { toastDuration: { target: "hidden", actions: ["scheduleToastRemoval", "dismissVisibleToast"] } },
          on: {
            "toast.dismiss": {
              guard: "dismissesVisibleToast",
              target: "hidden",
              actions: ["scheduleToastRemoval", "dismissVisibleToast"],
            },
          },
        },
      },
    },
  },
});

export type UiActionsSnapshot = SnapshotFrom<typeof uiActionsMachine>;

/** The actor the web app runs (not yet started): `createUiActionsActor(effects, { allowedOAuthOrigins }).start()`. */
export function createUiActionsActor(effects: UiActionEffects, options: Omit<UiActionsInput, "effects">) {
  assertOrigins(options.allowedOAuthOrigins);
  return createActor(uiActionsMachine, { input: { ...options, effects } });
}

export type UiActionsActor = ReturnType<typeof createUiActionsActor>;

export function sendUiAction(actor: UiActionsActor, action: unknown): void {
  actor.send({ type: "ui.action", action });
}

/** Tells the machine how a module run stands now (its `module.run_updated` event, or the undo's answer). */
export function updateModuleRun(actor: UiActionsActor, update: ModuleRunUpdate): void {
  actor.send({ type: "module.run_updated", update });
}

/** The runs of a reloaded conversation's actions, by action id, as the server read them. */
export function restoreModuleRuns(
  actor: UiActionsActor,
  runs: readonly { actionId: string; run: ModuleRunUpdate }[],
): void {
  actor.send({ type: "module.runs_restored", runs });
}

export function dismissToast(actor: UiActionsActor, id?: string): void {
  actor.send({ type: "toast.dismiss", id });
}

export function selectVisibleToast(snapshot: UiActionsSnapshot): Toast | null {
  return snapshot.context.visibleToast;
}

/** The module run an action started, as it stands (undefined when it started none this conversation knows of). */
export function selectActionRun(snapshot: UiActionsSnapshot, actionId: string): ModuleRunUpdate | undefined {
  return snapshot.context.runs[actionId];
}

export function selectActionRecord(snapshot: UiActionsSnapshot, id: string): UiActionRecord | undefined {
  return snapshot.context.records.findLast((record) => record.id === id);
}
