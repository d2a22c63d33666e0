import { withSystem } from "@fieldops/db";
import type { SystemTaskHandler } from "@fieldops/tasks/task-definition";
import { TELEMETRY_RETENTION_DAYS } from "@fieldops/shared/telemetry";
import type { pruneTelemetryDailyTask } from "./prune-telemetry-daily.task.ts";

/** Deletes web vitals, alerts and routing events older than the retention, across companies (system context). */
export const pruneTelemetryDaily: SystemTaskHandler<typeof pruneTelemetryDailyTask.schema> = async (
  _payload,
  { db },
) => {
  const before = new Date(Date.now() - TELEMETRY_RETENTION_DAYS * 24 * 3600 * 1000);
  await withSystem(db, async (tx) => {
    await tx.performanceMetric.deleteMany({ where: { occurredAt: { lt: before } } });
    await tx.performanceAlert.deleteMany({ where: { occurredAt: { lt: before } } });
    await tx.telemetryEvent.deleteMany({ where: { occurredAt: { lt: before } } });
  });
};
