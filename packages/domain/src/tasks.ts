import type { z } from "zod";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import type {
  TaskContext,
  TaskDefinition,
  TaskHandler,
  SystemTaskDefinition,
  SystemTaskHandler,
  TenantTaskPayload,
} from "@fieldops/tasks/task-definition";
import { recordActivityTask } from "./activity/record-activity.task.ts";
import { recordActivity } from "./activity/record-activity.handler.ts";
import { optimizeRoutesTask } from "./dispatch/optimize-routes.task.ts";
import { optimizeRoutes } from "./dispatch/optimize-routes.handler.ts";
import { extendVisitHorizonsDailyTask } from "./jobs/extend-visit-horizons-daily.task.ts";
import { extendVisitHorizonsDaily } from "./jobs/extend-visit-horizons-daily.handler.ts";
import { extendVisitHorizonsTask } from "./jobs/extend-visit-horizons.task.ts";
import { extendVisitHorizons } from "./jobs/extend-visit-horizons.handler.ts";
import { sendInvoiceTask } from "./invoices/send-invoice.task.ts";
import { sendInvoice } from "./invoices/send-invoice.handler.ts";
import { expireModuleApprovalTask } from "./modules/expire-module-approval.task.ts";
import { expireModuleApproval } from "./modules/expire-module-approval.handler.ts";
import { runModuleTask } from "./modules/run-module.task.ts";
import { runModule } from "./modules/run-module.handler.ts";
import { sendInvitationTask } from "./team/send-invitation.task.ts";
import { sendInvitation } from "./team/send-invitation.handler.ts";
import { sendCustomerLinkTask } from "./notifications/send-customer-link.task.ts";
import { sendCustomerLink } from "./notifications/send-customer-link.handler.ts";
import { expireEstimatesHourlyTask } from "./estimates/expire-estimates-hourly.task.ts";
import { expireEstimatesHourly } from "./estimates/expire-estimates-hourly.handler.ts";
import { expireEstimatesTask } from "./estimates/expire-estimates.task.ts";
import { expireEstimates } from "./estimates/expire-estimates.handler.ts";
import { refreshIntegrationTokenTask } from "./integrations/refresh-integration-token.task.ts";
import { refreshIntegrationTokenHandler } from "./integrations/refresh-integration-token.handler.ts";
import { refreshIntegrationTokensHourlyTask } from "./integrations/refresh-integration-tokens-hourly.task.ts";
import { refreshIntegrationTokensHourly } from "./integrations/refresh-integration-tokens-hourly.handler.ts";
import { pruneTelemetryDailyTask } from "./telemetry/prune-telemetry-daily.task.ts";
import { pruneTelemetryDaily } from "./telemetry/prune-telemetry-daily.handler.ts";
import { quoteFeatureTask } from "./builds/quote-feature.task.ts";
import { quoteFeature } from "./builds/quote-feature.handler.ts";
import { buildStageTask } from "./builds/build-stage.task.ts";
import { runBuildStage } from "./builds/build-stage.handler.ts";
import { locateImportedCustomersTask } from "./customers/locate-imported-customers.task.ts";
import { locateImportedCustomers } from "./customers/locate-imported-customers.handler.ts";
import { deliverMessageTask } from "./outbox/deliver-message.task.ts";
import { deliverMessage } from "./outbox/deliver-message.handler.ts";
import { deliverWebhookTask } from "./webhooks/deliver-webhook.task.ts";
import { deliverWebhook } from "./webhooks/deliver-webhook.handler.ts";
import { pushToQuickBooksTask } from "./quickbooks/push-to-quickbooks.task.ts";
import { pushToQuickBooksHandler } from "./quickbooks/push-to-quickbooks.handler.ts";
import { pullQuickBooksPaymentsTask } from "./quickbooks/pull-quickbooks-payments.task.ts";
import { pullQuickBooksPaymentsHandler } from "./quickbooks/pull-quickbooks-payments.handler.ts";
import { pullQuickBooksPaymentsPeriodicallyTask } from "./quickbooks/pull-quickbooks-payments-periodically.task.ts";
import { runAutomationTask } from "./automations/run-automation.task.ts";
import { answerCustomerMessageTask } from "./customer-assistant/answer-customer-message.task.ts";
import { answerCustomerMessage } from "./customer-assistant/answer-customer-message.handler.ts";
import { runAutomation } from "./automations/run-automation.handler.ts";
import { queueAutomationRunsTask } from "./automations/queue-automation-runs.task.ts";
import { queueAutomationRuns } from "./automations/queue-automation-runs.handler.ts";
import { queueAutomationRunsDailyTask } from "./automations/queue-automation-runs-daily.task.ts";
import { queueAutomationRunsDaily } from "./automations/queue-automation-runs-daily.handler.ts";
import { pullQuickBooksPaymentsPeriodically } from "./quickbooks/pull-quickbooks-payments-periodically.handler.ts";
import { processStripeEventTask } from "./payments/process-stripe-event.task.ts";
import { processStripeEventHandler } from "./payments/process-stripe-event.handler.ts";
import { pruneStripeEventsDailyTask } from "./payments/prune-stripe-events-daily.task.ts";
import { pruneStripeEventsDaily } from "./payments/prune-stripe-events-daily.handler.ts";

interface RegisteredTask {
  definition: { id: string; schema: z.ZodType };
  handler: (payload: unknown, context: TaskContext) => Promise<void>;
}

function register<Schema extends z.ZodType<TenantTaskPayload>>(
  definition: TaskDefinition<Schema>,
  handler: TaskHandler<Schema>,
): RegisteredTask {
  return { definition, handler } as unknown as RegisteredTask;
}

function registerSystem<Schema extends z.ZodType>(
  definition: SystemTaskDefinition<Schema>,
  handler: SystemTaskHandler<Schema>,
): RegisteredTask {
  return { definition, handler } as unknown as RegisteredTask;
}

/** The tasks that run on a schedule rather than being enqueued by a use case. */
export const SYSTEM_TASKS: readonly SystemTaskDefinition<z.ZodType>[] = [
  extendVisitHorizonsDailyTask,
  expireEstimatesHourlyTask,
  refreshIntegrationTokensHourlyTask,
  pruneTelemetryDailyTask,
  pullQuickBooksPaymentsPeriodicallyTask,
  queueAutomationRunsDailyTask,
  pruneStripeEventsDailyTask,
];

/** Every task the worker runs, by id. */
export const TASKS: ReadonlyMap<string, RegisteredTask> = new Map(
  [
    register(recordActivityTask, recordActivity),
    register(optimizeRoutesTask, optimizeRoutes),
    register(extendVisitHorizonsTask, extendVisitHorizons),
    register(runModuleTask, runModule),
    register(sendInvoiceTask, sendInvoice),
    register(expireModuleApprovalTask, expireModuleApproval),
    register(sendInvitationTask, sendInvitation),
    registerSystem(extendVisitHorizonsDailyTask, extendVisitHorizonsDaily),
    register(sendCustomerLinkTask, sendCustomerLink),
    register(expireEstimatesTask, expireEstimates),
    registerSystem(expireEstimatesHourlyTask, expireEstimatesHourly),
    register(refreshIntegrationTokenTask, refreshIntegrationTokenHandler),
    registerSystem(refreshIntegrationTokensHourlyTask, refreshIntegrationTokensHourly),
    registerSystem(pruneTelemetryDailyTask, pruneTelemetryDaily),
    register(quoteFeatureTask, quoteFeature),
    register(buildStageTask, runBuildStage),
    register(locateImportedCustomersTask, locateImportedCustomers),
    register(deliverMessageTask, deliverMessage),
    register(deliverWebhookTask, deliverWebhook),
    register(pushToQuickBooksTask, pushToQuickBooksHandler),
    register(pullQuickBooksPaymentsTask, pullQuickBooksPaymentsHandler),
    registerSystem(pullQuickBooksPaymentsPeriodicallyTask, pullQuickBooksPaymentsPeriodically),
    register(runAutomationTask, runAutomation),
    register(answerCustomerMessageTask, answerCustomerMessage),
    register(queueAutomationRunsTask, queueAutomationRuns),
    registerSystem(queueAutomationRunsDailyTask, queueAutomationRunsDaily),
    register(processStripeEventTask, processStripeEventHandler),
    registerSystem(pruneStripeEventsDailyTask, pruneStripeEventsDaily),
  ].map((job) => [job.definition.id, job]),
);

/**
 * Keeps one schedule per system task in Redis. Upserting by the task's id makes it safe for every worker to call at each
 * start: restarts and several workers leave one schedule, and a changed pattern replaces the old one.
 */
export async function scheduleSystemTasks(queues: TaskQueues): Promise<void> {
  for (const definition of SYSTEM_TASKS) {
    await queues
      .queue(definition.queue)
      .upsertJobScheduler(
        definition.id,
        { pattern: definition.pattern, tz: "UTC" },
        { name: definition.id, data: definition.schema.parse({}) },
      );
  }
}
