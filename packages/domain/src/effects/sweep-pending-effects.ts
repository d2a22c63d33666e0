import type { Redis } from "ioredis";
import { withSystem, type Database } from "@fieldops/db";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import { markedRelayed, relayEffects, type PendingEffectRow } from "./relay-effects.ts";

/** A row still unrelayed this long after its commit was left by a process that died (or lost Redis) before relaying. */
export const SWEEP_GRACE_MS = 5000;
/** How many rows one sweep relays; the next sweep takes the rest. */
export const SWEEP_BATCH = 500;
/** Relayed rows are kept this long (to look into a problem), then pruned. */
export const RELAYED_RETENTION_MS = 24 * 3600 * 1000;

/**
 * Relays, across companies (in the system context), the effects no process relayed within the grace period, oldest
 * first, and marks them relayed in the same transaction. `FOR UPDATE SKIP LOCKED` lets several workers sweep at once
 * without taking the same rows. Returns how many rows it relayed.
 */
export async function sweepPendingEffects(
  deps: { db: Database; redis: Redis; queues: TaskQueues },
  options: { graceMs?: number; now?: Date } = {},
): Promise<number> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - (options.graceMs ?? SWEEP_GRACE_MS));
  return withSystem(deps.db, async (tx) => {
    const rows = await tx.$queryRaw<PendingEffectRow[]>`
      SELECT "id", "companyId", "kind", "name", "payload", "userId", "requestId", "queue", "taskKey", "delayMs",
             "position", "createdAt"
      FROM pending_effects
      WHERE "relayedAt" IS NULL AND "createdAt" < (${cutoff.toISOString()}::timestamptz AT TIME ZONE 'UTC')
      ORDER BY "createdAt", "position"
      LIMIT ${SWEEP_BATCH}
      FOR UPDATE SKIP LOCKED`;
    if (rows.length === 0) return 0;
    await relayEffects(deps, rows);
    await tx.pendingEffect.updateMany({
      where: { id: { in: rows.map((row) => row.id) } },
      data: markedRelayed(),
    });
    return rows.length;
  });
}

/** Deletes relayed rows older than the retention. */
export async function prunePendingEffects(db: Database, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - RELAYED_RETENTION_MS);
  return withSystem(
    db,
    async (tx) => (await tx.pendingEffect.deleteMany({ where: { relayedAt: { lt: before } } })).count,
  );
}
