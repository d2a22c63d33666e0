import type { Redis } from "ioredis";
import type { z } from "zod";
import type { Database } from "@fieldops/db";
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
}

export type JobHandler<Schema extends z.ZodType<TenantJobPayload>> = (
  payload: z.infer<Schema>,
  context: JobContext,
) => Promise<void>;
