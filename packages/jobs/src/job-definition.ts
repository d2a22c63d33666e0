import type { Redis } from "ioredis";
import type { z } from "zod";
import type { Env } from "@fieldops/config/env";
import type { Database } from "@fieldops/db";
import type { JobQueues } from "./enqueue.ts";
import type { QueueName } from "./queues.ts";

/** What a job carries always: the tenant it runs for. */
export interface TenantJobPayload {
  companyId: string;
}

export interface JobDefinition<Schema extends z.ZodType<TenantJobPayload>> {
  id: string;
  queue: QueueName;
  schema: Schema;
}

export function defineJob<Schema extends z.ZodType<TenantJobPayload>>(
  definition: JobDefinition<Schema>,
): JobDefinition<Schema> {
  return definition;
}

/** What every handler may use; a handler reaches tenant data only through `withTenant(db, payload.companyId, …)`. */
export interface JobContext {
  db: Database;
  redis: Redis;
  jobId: string;
  /** An OSRM server for road travel times; straight-line estimates when undefined. */
  osrmUrl?: string;
  /** For a job that hands work on to other jobs. */
  queues: JobQueues;
  /** The process's configuration, for jobs that call outside services (an integration's provider). */
  env?: Env;
  /** An OpenAI-compatible chat model jobs may ask (the quote job's spec); absent when none is configured. */
  model?: { apiKey: string; baseURL?: string; model: string } | null;
  /** Whether a failure now is final (BullMQ will not try again); a handler not told treats every try as the last. */
  finalAttempt?: boolean;
}

export type JobHandler<Schema extends z.ZodType<TenantJobPayload>> = (
  payload: z.infer<Schema>,
  context: JobContext,
) => Promise<void>;

/**
 * A job that runs for no one company (a daily fan-out): its handler reaches only what `withSystem` allows and hands
 * the work of each company to a tenant job.
 */
export interface SystemJobDefinition<Schema extends z.ZodType> {
  id: string;
  queue: QueueName;
  schema: Schema;
  /** When it runs, as a cron pattern in UTC; the worker keeps one schedule per id, however many start. */
  pattern: string;
}

export function defineSystemJob<Schema extends z.ZodType>(
  definition: SystemJobDefinition<Schema>,
): SystemJobDefinition<Schema> {
  return definition;
}

export type SystemJobHandler<Schema extends z.ZodType> = (
  payload: z.infer<Schema>,
  context: JobContext,
) => Promise<void>;

/** Thrown by a handler, fails its job at once, with no further attempt (and, in a flow, the jobs waiting for it). */
export { UnrecoverableError as FinalJobError } from "bullmq";
