import { useSyncExternalStore } from "react";
import type { FieldAction, FieldActionResult } from "./field-actions";
import { drainFieldOutbox, type DrainOutcome } from "./field-outbox";

export interface FieldSyncState {
  /** Actions are being sent now. */
  sending: boolean;
  /** Why what is waiting has not gone yet, when it is not only the connection. */
  problem: string | null;
}

/** After a failing server: again in 5 s, 15 s, a minute, then every five minutes. */
const RETRY_DELAYS_MS = [5_000, 15_000, 60_000, 300_000];
/** A phone may say it is online with no signal reaching anything: without a connection, it is tried this often too. */
const OFFLINE_RETRY_MS = 20_000;

const PROBLEMS: Partial<Record<DrainOutcome, string>> = {
  retry: "The server did not take them; trying again shortly.",
  "signed-out": "Your session has ended: sign in again to send them.",
};

/**
 * Sends the signed-in user's waiting actions whenever there may be a way: when the app opens, when an action is
 * taken, when the connection returns, and on a timer while something is waiting. One drain at a time; an action
 * taken during a drain starts another after it.
 */
export class FieldSync {
  private running = false;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private failures = 0;
  private state: FieldSyncState = { sending: false, problem: null };
  private readonly listeners = new Set<() => void>();
  private readonly onOnline = () => this.kick();

  constructor(
    private readonly userId: string,
    private readonly send: (action: FieldAction) => Promise<FieldActionResult>,
    private readonly applied: (action: FieldAction, result: FieldActionResult) => void,
  ) {}

  start(): void {
    window.addEventListener("online", this.onOnline);
    this.kick();
  }

  stop(): void {
    window.removeEventListener("online", this.onOnline);
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    void this.run();
  }

  private async run(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.running = true;
    this.setState({ sending: true, problem: this.state.problem });
    let outcome: DrainOutcome;
    do {
      this.again = false;
      outcome = await drainFieldOutbox(this.userId, this.send, this.applied).catch((): DrainOutcome => "retry");
    } while (this.again && outcome === "done");
    this.running = false;
    this.failures = outcome === "retry" ? this.failures + 1 : 0;
    this.setState({ sending: false, problem: PROBLEMS[outcome] ?? null });
    if (outcome === "offline") this.later(OFFLINE_RETRY_MS);
    if (outcome === "retry") this.later(RETRY_DELAYS_MS[Math.min(this.failures, RETRY_DELAYS_MS.length) - 1]!);
  }

  private later(delay: number): void {
    this.timer = setTimeout(() => this.kick(), delay);
  }

  private setState(state: FieldSyncState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  readonly getState = () => this.state;
}

const IDLE: FieldSyncState = { sending: false, problem: null };
const noSubscription = () => () => {};

/** The sync's state for the status line (idle when there is no sync, outside the field app). */
export function useFieldSyncState(sync: FieldSync | null): FieldSyncState {
  return useSyncExternalStore(sync?.subscribe ?? noSubscription, sync?.getState ?? (() => IDLE));
}
