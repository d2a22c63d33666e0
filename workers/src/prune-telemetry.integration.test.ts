import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pruneTelemetryDailyTask } from "@fieldops/domain/telemetry/prune-telemetry-daily.task";
import { TELEMETRY_RETENTION_DAYS } from "@fieldops/shared/telemetry";
import type { RunningWorkers } from "./run-workers.ts";
import { drainQueues, startTestApp, startTestWorkers, type TestApp } from "../../tests/integration/test-app.ts";

const DAY_MS = 86_400_000;
let t: TestApp;
let workers: RunningWorkers;
beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

describe("the daily telemetry pruning", () => {
  it("deletes vitals, alerts and routing events older than the retention, and keeps the rest", async () => {
    const route = `/prune-${randomUUID()}`;
    const old = new Date(Date.now() - (TELEMETRY_RETENTION_DAYS + 1) * DAY_MS);
    const recent = new Date(Date.now() - (TELEMETRY_RETENTION_DAYS - 1) * DAY_MS);
    for (const occurredAt of [old, recent]) {
      await t.db.performanceMetric.create({ data: { route, lcp: 1000, occurredAt } });
      await t.db.performanceAlert.create({
        data: { route, kind: "metric", type: "x", metric: "lcp", value: 3000, threshold: 2500, occurredAt },
      });
      await t.db.telemetryEvent.create({ data: { event: "tenant_navigation", toPath: route, occurredAt } });
    }

    await t.runtime.context.queues
      .queue(pruneTelemetryDailyTask.queue)
      .add(pruneTelemetryDailyTask.id, {}, { jobId: `${pruneTelemetryDailyTask.id}_${randomUUID()}` });
    await drainQueues(t.runtime.context.queues, [pruneTelemetryDailyTask.queue]);

    for (const rows of [
      await t.db.performanceMetric.findMany({ where: { route } }),
      await t.db.performanceAlert.findMany({ where: { route } }),
      await t.db.telemetryEvent.findMany({ where: { toPath: route } }),
    ]) {
      expect(rows.map((row) => row.occurredAt)).toEqual([recent]);
    }
  });
});
