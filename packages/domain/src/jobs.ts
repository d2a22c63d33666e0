import type { z } from "zod";
import type { JobQueues } from "@fieldops/jobs/enqueue";
import type {
  JobContext,
  JobDefinition,
  JobHandler,
  SystemJobDefinition,
  SystemJobHandler,
  TenantJobPayload,
} from "@fieldops/jobs/job-definition";
import { recordActivityJob } from "./activity/record-activity.job.ts";
import { recordActivity } from "./activity/record-activity.handler.ts";
import { optimizeRoutesJob } from "./dispatch/optimize-routes.job.ts";
import { optimizeRoutes } from "./dispatch/optimize-routes.handler.ts";
import { extendVisitHorizonsDailyJob } from "./jobs/extend-visit-horizons-daily.job.ts";
import { extendVisitHorizonsDaily } from "./jobs/extend-visit-horizons-daily.handler.ts";
import { extendVisitHorizonsJob } from "./jobs/extend-visit-horizons.job.ts";
import { extendVisitHorizons } from "./jobs/extend-visit-horizons.handler.ts";
import { sendInvoiceJob } from "./invoices/send-invoice.job.ts";
import { sendInvoice } from "./invoices/send-invoice.handler.ts";
import { expireModuleApprovalJob } from "./modules/expire-module-approval.job.ts";
import { expireModuleApproval } from "./modules/expire-module-approval.handler.ts";
import { runModuleJob } from "./modules/run-module.job.ts";
import { runModule } from "./modules/run-module.handler.ts";
import { sendInvitationJob } from "./team/send-invitation.job.ts";
import { sendInvitation } from "./team/send-invitation.handler.ts";
import { sendCustomerLinkJob } from "./notifications/send-customer-link.job.ts";
import { sendCustomerLink } from "./notifications/send-customer-link.handler.ts";
import { expireEstimatesHourlyJob } from "./estimates/expire-estimates-hourly.job.ts";
import { expireEstimatesHourly } from "./estimates/expire-estimates-hourly.handler.ts";
import { expireEstimatesJob } from "./estimates/expire-estimates.job.ts";
import { expireEstimates } from "./estimates/expire-estimates.handler.ts";
import { refreshIntegrationTokenJob } from "./integrations/refresh-integration-token.job.ts";
import { refreshIntegrationTokenHandler } from "./integrations/refresh-integration-token.handler.ts";
import { refreshIntegrationTokensHourlyJob } from "./integrations/refresh-integration-tokens-hourly.job.ts";
import { refreshIntegrationTokensHourly } from "./integrations/refresh-integration-tokens-hourly.handler.ts";
import { pruneTelemetryDailyJob } from "./telemetry/prune-telemetry-daily.job.ts";
import { pruneTelemetryDaily } from "./telemetry/prune-telemetry-daily.handler.ts";
import { quoteFeatureJob } from "./builds/quote-feature.job.ts";
import { quoteFeature } from "./builds/quote-feature.handler.ts";
import { buildStageJob } from "./builds/build-stage.job.ts";
import { runBuildStage } from "./builds/build-stage.handler.ts";

interface RegisteredJob {
  definition: { id: string; schema: z.ZodType };
  handler: (payload: unknown, context: JobContext) => Promise<void>;
}

function register<Schema extends z.ZodType<TenantJobPayload>>(
  definition: JobDefinition<Schema>,
  handler: JobHandler<Schema>,
): RegisteredJob {
  return { definition, handler } as unknown as RegisteredJob;
}

function registerSystem<Schema extends z.ZodType>(
  definition: SystemJobDefinition<Schema>,
  handler: SystemJobHandler<Schema>,
): RegisteredJob {
  return { definition, handler } as unknown as RegisteredJob;
}

/** The jobs that run on a schedule rather than being enqueued by a use case. */
export const SYSTEM_JOBS: readonly SystemJobDefinition<z.ZodType>[] = [
  extendVisitHorizonsDailyJob,
  expireEstimatesHourlyJob,
  refreshIntegrationTokensHourlyJob,
  pruneTelemetryDailyJob,
];

/** Every job the worker runs, by id. */
export const JOBS: ReadonlyMap<string, RegisteredJob> = new Map(
  [
    register(recordActivityJob, recordActivity),
    register(optimizeRoutesJob, optimizeRoutes),
    register(extendVisitHorizonsJob, extendVisitHorizons),
    register(runModuleJob, runModule),
    register(sendInvoiceJob, sendInvoice),
    register(expireModuleApprovalJob, expireModuleApproval),
    register(sendInvitationJob, sendInvitation),
    registerSystem(extendVisitHorizonsDailyJob, extendVisitHorizonsDaily),
    register(sendCustomerLinkJob, sendCustomerLink),
    register(expireEstimatesJob, expireEstimates),
    registerSystem(expireEstimatesHourlyJob, expireEstimatesHourly),
    register(refreshIntegrationTokenJob, refreshIntegrationTokenHandler),
    registerSystem(refreshIntegrationTokensHourlyJob, refreshIntegrationTokensHourly),
    registerSystem(pruneTelemetryDailyJob, pruneTelemetryDaily),
    register(quoteFeatureJob, quoteFeature),
    register(buildStageJob, runBuildStage),
  ].map((job) => [job.definition.id, job]),
);

/**
 * Keeps one schedule per system job in Redis. Upserting by the job's id makes it safe for every worker to call at each
 * start: restarts and several workers leave one schedule, and a changed pattern replaces the old one.
 */
export async function scheduleSystemJobs(queues: JobQueues): Promise<void> {
  for (const definition of SYSTEM_JOBS) {
    await queues
      .queue(definition.queue)
      .upsertJobScheduler(
        definition.id,
        { pattern: definition.pattern, tz: "UTC" },
        { name: definition.id, data: definition.schema.parse({}) },
      );
  }
}
