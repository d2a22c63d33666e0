import type { Redis } from "ioredis";
import type { z } from "zod";
import type { Env } from "@fieldops/config/env";
import type { Database } from "@fieldops/db";
import type { TaskQueues } from "./enqueue.ts";
import type { QueueName } from "./queues.ts";

/** What a task carries always: the tenant it runs for. */
export interface TenantTaskPayload {
  companyId: string;
}

export interface TaskDefinition<Schema extends z.ZodType<TenantTaskPayload>> {
  id: string;
  queue: QueueName;
  schema: Schema;
}

export function defineTask<Schema extends z.ZodType<TenantTaskPayload>>(
  definition: TaskDefinition<Schema>,
): TaskDefinition<Schema> {
  return definition;
}

/** What every handler may use; a handler reaches tenant data only through `withTenant(db, payload.companyId, …)`. */
export interface TaskContext {
  db: Database;
  redis: Redis;
  taskId: string;
  /** An OSRM server for road travel times; straight-line estimates when undefined. */
  osrmUrl?: string;
  /** For a task that hands work on to other tasks. */
  queues: TaskQueues;
  /** The process's configuration, for tasks that call outside services (an integration's provider). */
  env?: Env;
  /** An OpenAI-compatible chat model tasks may ask (the quote task's spec); absent when none is configured. */
  model?: { apiKey: string; baseURL?: string; model: string } | null;
  /** The process's log, for what an operator should know of (an outside service that did not answer). */
  log?: (message: string, detail?: Record<string, unknown>) => void;
  /** Whether a failure now is final (BullMQ will not try again); a handler not told treats every try as the last. */
  finalAttempt?: boolean;
}

export type TaskHandler<Schema extends z.ZodType<TenantTaskPayload>> = (
  payload: z.infer<Schema>,
  context: TaskContext,
) => Promise<void>;

/**
 * A task that runs for no one company (a daily fan-out): its handler reaches only what `withSystem` allows and hands
 * the work of each company to a tenant task.
 */
export interface SystemTaskDefinition<Schema extends z.ZodType> {
  id: string;
  queue: QueueName;
  schema: Schema;
  /** When it runs, as a cron pattern in UTC; the worker keeps one schedule per id, however many start. */
  pattern: string;
}

export function defineSystemTask<Schema extends z.ZodType>(
  definition: SystemTaskDefinition<Schema>,
): SystemTaskDefinition<Schema> {
  return definition;
}

export type SystemTaskHandler<Schema extends z.ZodType> = (
  payload: z.infer<Schema>,
  context: TaskContext,
) => Promise<void>;

/** Thrown by a handler, fails its task at once, with no further attempt (and, in a flow, the tasks waiting for it). */
export { UnrecoverableError as FinalTaskError } from "bullmq";
