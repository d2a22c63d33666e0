import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { withTenant, type Database, type TenantTransaction } from "@fieldops/db";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import type { Actor, TenantScope } from "../tenant-scope.ts";
import { relayEffects, type PendingEffectRow } from "./relay-effects.ts";
import { markRelayedSoon } from "./relay-marks.ts";

/** What running a scope needs: the database, and where its effects go after the commit. */
export interface EffectsDeps {
  db: Database;
  redis: Redis;
  queues: TaskQueues;
  /** Told when relaying fails after the commit (the sweeper relays those rows later). */
  log?: (message: string, detail: Record<string, unknown>) => void;
}

export interface ScopeOptions<A extends Actor> {
  companyId: string;
  actor: A;
  /** The request the change answers; its events carry it, so the screen that asked knows its own echo. */
  requestId?: string | null;
}

/** A scope over an open transaction whose effects are gathered in `effects`, to be written before the commit. */
export function openScope<A extends Actor>(
  tx: TenantTransaction,
  options: ScopeOptions<A>,
  effects: PendingEffectRow[],
): TenantScope<A> {
  const base = () => ({
    id: randomUUID(),
    companyId: options.companyId,
    requestId: options.requestId ?? null,
    position: effects.length,
    createdAt: new Date(),
  });
  return {
    tx,
    companyId: options.companyId,
    actor: options.actor,
    requestId: options.requestId ?? null,
    emit(events, toUserId = null) {
      for (const event of Array.isArray(events) ? events : [events]) {
        effects.push({
          ...base(),
          kind: "event",
          name: (event as { name: string }).name,
          payload: (event as { payload: unknown }).payload as PendingEffectRow["payload"],
          userId: toUserId,
          queue: null,
          taskKey: null,
          delayMs: null,
        });
      }
    },
    enqueue(definition, payload, taskKey, enqueueOptions = {}) {
      effects.push({
        ...base(),
        kind: "task",
        name: definition.id,
        payload: definition.schema.parse(payload) as PendingEffectRow["payload"],
        userId: null,
        queue: definition.queue,
        taskKey,
        delayMs: enqueueOptions.delayMs ?? null,
      });
    },
  };
}

/**
 * Runs `work` in a transaction bound to the company, writes the effects it asked for (events, tasks) to
 * `pending_effects` in that same transaction, and relays them as soon as it has committed: the screens hear of the
 * change at once, and a process that dies between the commit and the relay leaves rows the worker's sweeper relays.
 * A failure after the commit is logged, never thrown: the change is made, and its caller gets its answer.
 */
export async function runInScope<A extends Actor, Result>(
  deps: EffectsDeps,
  options: ScopeOptions<A>,
  work: (scope: TenantScope<A>) => Promise<Result>,
): Promise<Result> {
  const effects: PendingEffectRow[] = [];
  const result = await withTenant(deps.db, options.companyId, async (tx) => {
    const value = await work(openScope(tx, options, effects));
    if (effects.length > 0) await writeEffects(tx, effects);
    return value;
  });
  if (effects.length > 0) await relayCommitted(deps, effects);
  return result;
}

export async function writeEffects(tx: TenantTransaction, effects: readonly PendingEffectRow[]): Promise<void> {
  await tx.pendingEffect.createMany({
    data: effects.map((effect) => ({ ...effect })),
  });
}

/**
 * Relays what a transaction has just committed, and has it marked relayed with the next batch (`relay-marks.ts`); the
 * sweeper retries what fails here.
 */
export async function relayCommitted(deps: EffectsDeps, effects: readonly PendingEffectRow[]): Promise<void> {
  try {
    await relayEffects(deps, effects);
    markRelayedSoon(
      deps,
      effects.map((effect) => effect.id),
    );
  } catch (error) {
    deps.log?.("effects not relayed; the sweeper will", { err: error, companyId: effects[0]!.companyId });
  }
}
