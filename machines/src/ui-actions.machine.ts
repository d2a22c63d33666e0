import { assign, createActor, fromPromise, raise, setup, type SnapshotFrom } from "xstate";
import { TOAST_DEFAULT_DURATION_MS, TOAST_REMOVE_DELAY_MS, type Toast } from "./toasts.ts";
import {
  moduleOutcome,
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
  /** The module run it started has finished: the run's outcome stands over the execute answer's. */
  runFinished?: true;
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
}

export type UiActionsEvent =
  | { type: "ui.action"; action: unknown }
  /**
   * A module run moved on after its action settled (the worker finished it, or an approver decided): `result` has the
   * fields of POST /api/modules/execute's answer. The action's chip follows; the toast shows unless the chip already
   * said the same (an answer that was already final).
   */
  | { type: "module.updated"; actionId?: string; moduleId: string; result: unknown }
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

function outcomeUpdate(context: UiActionsContext, outcome: UiActionOutcome): Partial<UiActionsContext> {
  const seq = context.current?.seq;
  return {
    current: undefined,
    // A run's event can arrive before the answer that started it: the finished run's chip is kept.
    records:
      seq === undefined
        ? context.records
        : updateRecord(context.records, seq, (r) => (r.runFinished ? r : settle(r, outcome.status, outcome.chip))),
    ...withToast(context, outcome.toast),
  };
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
    updateModule: assign(({ context, event }) => {
      if (event.type !== "module.updated") return {};
      const outcome = moduleOutcome(event.moduleId, event.result);
      const record =
        event.actionId === undefined ? undefined : context.records.findLast((r) => r.id === event.actionId);
      if (record === undefined) return withToast(context, outcome.toast);
      if (record.chip === outcome.chip) return {};
      return {
        records: updateRecord(context.records, record.seq, (r) => ({
          ...settle(r, outcome.status, outcome.chip),
          runFinished: true as const,
        })),
        ...withToast(context, outcome.toast),
      };
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
  }),
  states: {
    actions: {
      initial: "idle",
      on: { "ui.action": { actions: "receive" }, "module.updated": { actions: "updateModule" } },
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

/** Tells the machine how a module run went once its outcome arrives as an event. */
export function updateModuleRun(
  actor: UiActionsActor,
  update: { actionId?: string; moduleId: string; result: unknown },
): void {
  actor.send({ type: "module.updated", ...update });
}

export function dismissToast(actor: UiActionsActor, id?: string): void {
  actor.send({ type: "toast.dismiss", id });
}

export function selectVisibleToast(snapshot: UiActionsSnapshot): Toast | null {
  return snapshot.context.visibleToast;
}

export function selectActionRecord(snapshot: UiActionsSnapshot, id: string): UiActionRecord | undefined {
  return snapshot.context.records.findLast((record) => record.id === id);
}
