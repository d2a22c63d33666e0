import type { TenantTransaction } from "@fieldops/db";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import type { AppEvent } from "@fieldops/shared/events";
import type { ModuleId, ModuleParams } from "@fieldops/shared/modules";
import type { Actor } from "../jobs/actor.ts";

/** JSON as stored in a run's `result` and `undo` columns. */
export type StoredJson = string | number | boolean | null | StoredJson[] | { [key: string]: StoredJson };

export interface ModuleRunContext {
  companyId: string;
  runId: string;
  /** The user who asked for the run; the module acts for them. */
  actor: Actor;
  now: Date;
}

/** What a run did: the requester's message, and what the follow-up work, the undo and the download need. */
export interface ModuleOutcome {
  message: string;
  result?: StoredJson;
  /** The state before the run; present when the run can be undone. */
  undo?: StoredJson;
  /** A file for the requester to download. */
  output?: string;
}

export interface AfterCommitContext {
  companyId: string;
  runId: string;
  queues: TaskQueues;
  requestId: string | null;
}

export interface ModuleDefinition<Id extends ModuleId> {
  id: Id;
  /** What a run with these parameters will do, in words, for the approver (names looked up in the company's data). */
  describe(tx: TenantTransaction, params: ModuleParams<Id>): Promise<string>;
  /** The run's writes, inside the transaction that also records its outcome. */
  run(tx: TenantTransaction, params: ModuleParams<Id>, context: ModuleRunContext): Promise<ModuleOutcome>;
  /** Puts back what `run` changed, from its `undo`; refuses (conflict) when something has happened since. */
  undo?(tx: TenantTransaction, undo: StoredJson, context: ModuleRunContext): Promise<void>;
  /** The live events the run's (or its undo's) writes announce to the company. */
  events?(result: StoredJson | null): AppEvent[];
  /** Work that must follow the commit (queueing a job); idempotent, as a retried run calls it again. */
  afterCommit?(result: StoredJson | null, context: AfterCommitContext): Promise<void>;
}

export function defineModule<Id extends ModuleId>(definition: ModuleDefinition<Id>): ModuleDefinition<Id> {
  return definition;
}
