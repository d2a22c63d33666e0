import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAdminOverview, UNAPPLIED_STRIPE_EVENT_ALERT_MS } from "@fieldops/domain/admin/get-admin-overview";
import {
  pruneStripeEventsDailyTask,
  STRIPE_EVENT_RETENTION_DAYS,
} from "@fieldops/domain/payments/prune-stripe-events-daily.task";
import type { RunningWorkers } from "./run-workers.ts";
import {
  createTestCompany,
  drainQueues,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
} from "../../tests/integration/test-app.ts";

const DAY_MS = 86_400_000;
let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db, { name: "Stuck Events Lawn Co" });
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

const storeEvent = (data: { receivedAt: Date; processedAt: Date | null; type?: string }) =>
  t.db.stripeEvent.create({
    data: {
      id: `evt_${randomUUID().replace(/-/g, "")}`,
      companyId: company.id,
      type: data.type ?? "payment_intent.succeeded",
      payload: {},
      receivedAt: data.receivedAt,
      processedAt: data.processedAt,
    },
  });

describe("Stripe events after they are applied", () => {
  it("are deleted nightly once applied longer ago than the retention; an event never applied is kept", async () => {
    const longAgo = new Date(Date.now() - (STRIPE_EVENT_RETENTION_DAYS + 1) * DAY_MS);
    const lately = new Date(Date.now() - (STRIPE_EVENT_RETENTION_DAYS - 1) * DAY_MS);
    const old = await storeEvent({ receivedAt: longAgo, processedAt: longAgo });
    const recent = await storeEvent({ receivedAt: lately, processedAt: lately });
    const neverApplied = await storeEvent({ receivedAt: longAgo, processedAt: null });

    await t.runtime.context.queues
      .queue(pruneStripeEventsDailyTask.queue)
      .add(pruneStripeEventsDailyTask.id, {}, { jobId: `${pruneStripeEventsDailyTask.id}_${randomUUID()}` });
    await drainQueues(t.runtime.context.queues, [pruneStripeEventsDailyTask.queue]);

    const kept = await t.db.stripeEvent.findMany({ where: { companyId: company.id }, select: { id: true } });
    expect(kept.map((row) => row.id).sort()).toEqual([recent.id, neverApplied.id].sort());
    expect(kept.map((row) => row.id)).not.toContain(old.id);
  });

  it("one still unapplied an hour after it arrived is on the platform's alerts, with its company", async () => {
    const now = new Date();
    const stuck = await storeEvent({
      receivedAt: new Date(now.getTime() - UNAPPLIED_STRIPE_EVENT_ALERT_MS - 60_000),
      processedAt: null,
      type: "charge.dispute.created",
    });
    const waiting = await storeEvent({ receivedAt: new Date(now.getTime() - 60_000), processedAt: null });
    const applied = await storeEvent({ receivedAt: new Date(now.getTime() - 2 * DAY_MS), processedAt: now });

    const { alerts } = await getAdminOverview(t.db, { queues: t.runtime.context.queues }, { offset: 0, limit: 5 }, now);
    const ours = alerts.filter((alert) => alert.source === "payment_event" && alert.companyId === company.id);
    expect(ours).toContainEqual(
      expect.objectContaining({
        title: "Stripe event charge.dispute.created not applied",
        companyName: "Stuck Events Lawn Co",
        detail: expect.stringContaining(stuck.id),
      }),
    );
    const named = ours.map((alert) => alert.detail).join("\n");
    expect(named).not.toContain(waiting.id);
    expect(named).not.toContain(applied.id);
  });
});
