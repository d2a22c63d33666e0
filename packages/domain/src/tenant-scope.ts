import type { TenantTransaction } from "@fieldops/db";
import type { TaskDefinition, TenantTaskPayload } from "@fieldops/tasks/task-definition";
import type { AppEvent } from "@fieldops/shared/events";
import type { Role } from "@fieldops/shared/roles";
import type { z } from "zod";

/**
 * Who acts in a scope, in one shape wherever a change comes from. A person is a user with their role: a company's own
 * user, or a platform administrator impersonating the company (role `admin`, `platformAdmin`); a module run acts as
 * the user who asked for it, with the role they had. The system is a task, a customer's link, anything no user of the
 * company asked for by hand.
 */
export type Actor = UserActor | SystemActor;

export interface UserActor {
  kind: "user";
  userId: string;
  role: Role;
  /** Their name, as the audit log and messages show who acted. */
  name: string;
  /** A platform administrator acting in the company (an impersonation session), not one of its users. */
  platformAdmin: boolean;
}

export interface SystemActor {
  kind: "system";
  /** What acts, for logs and the audit trail ("task:expire_estimates"). */
  label: string;
}

export const systemActor = (label: string): SystemActor => ({ kind: "system", label });

/** The user who acts, or null for the system: what `actorUserId` columns record. */
export const actorUserId = (actor: Actor): string | null => (actor.kind === "user" ? actor.userId : null);

/** Who acts, as a sentence of the audit log begins: the user's name, or "The system". */
export const actorLabel = (actor: Actor): string => (actor.kind === "user" ? actor.name : "The system");

/** A task to enqueue once the transaction has committed. */
export interface PendingTask {
  definition: TaskDefinition<z.ZodType<TenantTaskPayload>>;
  payload: TenantTaskPayload;
  /** Makes the BullMQ id deterministic, so relaying it twice runs it once. */
  taskKey: string;
  delayMs?: number;
}

/**
 * What every use case of a company's data is given: the transaction bound to the company (row-level security), the
 * company, who acts, and the effects of the change, which are written to the outbox (`pending_effects`) in the same
 * transaction and relayed once it has committed (`effects/run-in-scope.ts`): a change that rolls back announces and
 * enqueues nothing, and one that commits loses neither, even if its process dies right after.
 */
export interface TenantScope<A extends Actor = Actor> {
  tx: TenantTransaction;
  companyId: string;
  actor: A;
  /** The request the change answers (null for a task's own work): its events and tasks carry it. */
  requestId: string | null;
  /** Set while an automation acts: the changes it makes (a follow-up job) trigger no automations, so none can chain. */
  automated?: boolean;
  /** Announces events to the company's sockets (or, with `toUserId`, to one user's) after the commit. */
  emit(events: AppEvent | readonly AppEvent[], toUserId?: string | null): void;
  /** Enqueues a task after the commit; the payload is validated now, so a bad one rolls the change back. */
  enqueue<Schema extends z.ZodType<TenantTaskPayload>>(
    definition: TaskDefinition<Schema>,
    payload: z.input<Schema>,
    taskKey: string,
    options?: { delayMs?: number },
  ): void;
}
