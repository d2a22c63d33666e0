import type { TenantTransaction } from "@fieldops/db";
import type { ModuleId, ModuleParams, ModuleRunLink } from "@fieldops/shared/modules";
import type { TenantScope, UserActor } from "../tenant-scope.ts";

/** JSON as stored in a run's `result` and `undo` columns. */
export type StoredJson = string | number | boolean | null | StoredJson[] | { [key: string]: StoredJson };

/** A run's scope: the module acts for the user who asked for it, and announces or enqueues through the scope. */
export type ModuleScope = TenantScope<UserActor>;

export interface ModuleRunContext {
  runId: string;
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

export interface ModuleDefinition<Id extends ModuleId> {
  id: Id;
  /** What a run with these parameters will do, in words, for the approver (names looked up in the company's data). */
  describe(tx: TenantTransaction, params: ModuleParams<Id>): Promise<string>;
  /**
   * The run's writes, inside the transaction that also records its outcome; the use cases it calls emit their events
   * and enqueue their tasks through the scope, so they leave only if the run commits.
   */
  run(scope: ModuleScope, params: ModuleParams<Id>, context: ModuleRunContext): Promise<ModuleOutcome>;
  /** Puts back what `run` changed, from its `undo` (announcing it); refuses (conflict) when something has happened since. */
  undo?(scope: ModuleScope, undo: StoredJson, context: ModuleRunContext): Promise<void>;
  /** Where the requester opens what a finished run made, from its stored `result`; null when there is nothing. */
  link?(result: StoredJson): ModuleRunLink | null;
}

export function defineModule<Id extends ModuleId>(definition: ModuleDefinition<Id>): ModuleDefinition<Id> {
  return definition;
}
