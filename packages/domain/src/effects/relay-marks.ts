import { withSystem, type Database } from "@fieldops/db";
import { markedRelayed } from "./relay-effects.ts";

/**
 * Rows relayed within this long are marked relayed together, in one system transaction: under load a process marks
 * every few tens of ms instead of once per committed change (a transaction of five round trips each time).
 * Well within the sweeper's grace period (`SWEEP_GRACE_MS`): a row is marked long before the sweeper would take it.
 */
export const RELAY_MARK_DELAY_MS = 20;
/** A batch this large is marked at once rather than after the delay. */
const RELAY_MARK_BATCH = 500;

type Log = (message: string, detail: Record<string, unknown>) => void;

interface PendingMarks {
  ids: string[];
  timer: NodeJS.Timeout | null;
  /** The batch being marked now; the next waits for it, so marking holds one pooled connection at most. */
  marking: Promise<void>;
  log: Log | undefined;
}

const pendingByDatabase = new WeakMap<Database, PendingMarks>();

async function markBatch(db: Database, marks: PendingMarks): Promise<void> {
  if (marks.timer) clearTimeout(marks.timer);
  marks.timer = null;
  const ids = marks.ids.splice(0);
  if (ids.length === 0) return marks.marking;
  const previous = marks.marking;
  marks.marking = previous.then(async () => {
    try {
      await withSystem(db, (tx) => tx.pendingEffect.updateMany({ where: { id: { in: ids } }, data: markedRelayed() }));
    } catch (error) {
      // The rows stay unmarked: the sweeper relays them again (harmless: tasks have deterministic ids) and marks them.
      marks.log?.("relayed effects not marked; the sweeper will", { err: error, rows: ids.length });
    }
  });
  return marks.marking;
}

/** Marks these relayed rows with the next batch (at most `RELAY_MARK_DELAY_MS` from now). */
export function markRelayedSoon(deps: { db: Database; log?: Log | undefined }, ids: readonly string[]): void {
  let marks = pendingByDatabase.get(deps.db);
  if (!marks) {
    marks = { ids: [], timer: null, marking: Promise.resolve(), log: deps.log };
    pendingByDatabase.set(deps.db, marks);
  }
  marks.log = deps.log ?? marks.log;
  marks.ids.push(...ids);
  if (marks.ids.length >= RELAY_MARK_BATCH) {
    void markBatch(deps.db, marks);
  } else if (!marks.timer) {
    const pending = marks;
    // Unreferenced: a script that ends leaves its last rows to the sweeper rather than waiting on a timer.
    pending.timer = setTimeout(() => void markBatch(deps.db, pending), RELAY_MARK_DELAY_MS).unref();
  }
}

/** Marks what is waiting now and waits for every batch under way: before a process closes its database. */
export async function flushRelayMarks(db: Database): Promise<void> {
  const marks = pendingByDatabase.get(db);
  if (marks) await markBatch(db, marks);
}
