import type { z } from "zod";
import type { JobDefinition, JobHandler, TenantJobPayload } from "@fieldops/jobs/job-definition";
import { recordActivityJob } from "./activity/record-activity.job.ts";
import { recordActivity } from "./activity/record-activity.handler.ts";
import { optimizeRoutesJob } from "./dispatch/optimize-routes.job.ts";
import { optimizeRoutes } from "./dispatch/optimize-routes.handler.ts";

interface RegisteredJob<Schema extends z.ZodType<TenantJobPayload>> {
  definition: JobDefinition<Schema>;
  handler: JobHandler<Schema>;
}

function register<Schema extends z.ZodType<TenantJobPayload>>(
  definition: JobDefinition<Schema>,
  handler: JobHandler<Schema>,
): RegisteredJob<z.ZodType<TenantJobPayload>> {
  return { definition, handler } as unknown as RegisteredJob<z.ZodType<TenantJobPayload>>;
}

/** Every job the worker runs, by id. */
export const JOBS: ReadonlyMap<string, RegisteredJob<z.ZodType<TenantJobPayload>>> = new Map(
  [register(recordActivityJob, recordActivity), register(optimizeRoutesJob, optimizeRoutes)].map((job) => [job.definition.id, job]),
);
