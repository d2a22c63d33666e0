import { withSystem } from "@fieldops/db";
import type { SystemJobHandler } from "@fieldops/jobs/job-definition";
import { TELEMETRY_RETENTION_DAYS } from "@fieldops/shared/telemetry";
import type { pruneTelemetryDailyJob } from "./prune-telemetry-daily.job.ts";

/** Deletes web vitals, alerts and routing events older than the retention, across companies (system context). */
export const pruneTelemetryDaily: SystemJobHandler<typeof pruneTelemetryDailyJob.schema> = async (_payload, { db }) => {
  const before = new Date(Date.now() - TELEMETRY_RETENTION_DAYS * 24 * 3600 * 1000);
  await withSystem(db, async (tx) => {
    await tx.performanceMetric.deleteMany({ where: { occurredAt: { lt: before } } });
    await tx.performanceAlert.deleteMany({ where: { occurredAt: { lt: before } } });
    await tx.telemetryEvent.deleteMany({ where: { occurredAt: { lt: before } } });
  });
};
