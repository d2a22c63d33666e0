import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { withSystem, withTenant } from "@fieldops/db";
import { readEventsAfter } from "@fieldops/events/company-stream";
import { taskJobId } from "@fieldops/tasks/enqueue";
import {
  createTestCompany,
  drainQueues,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { recordActivityTask } from "../activity/record-activity.task.ts";
import { systemActor, type TenantScope } from "../tenant-scope.ts";
import type { PendingEffectRow } from "./relay-effects.ts";
import { relayEffects } from "./relay-effects.ts";
import { flushRelayMarks } from "./relay-marks.ts";
import { openScope, runInScope, writeEffects, type EffectsDeps } from "./run-in-scope.ts";
import { sweepPendingEffects } from "./sweep-pending-effects.ts";

let t: TestApp;
let deps: EffectsDeps;
let company: TestCompany;
const actor = systemActor("test");

beforeAll(async () => {
  t = await startTestApp();
  const { db, redis, queues } = t.runtime.context;
  deps = { db, redis, queues };
  company = await createTestCompany(t.db);
});
afterAll(() => t.close());

/** What a use case does: one change announced, one activity entry to record. */
function announceAndRecord(scope: TenantScope, jobId: string, activityId: string) {
  scope.emit({ name: "jobs.changed", payload: { jobIds: [jobId] } });
  scope.enqueue(
    recordActivityTask,
    {
      companyId: scope.companyId,
      activityId,
      actorUserId: null,
      action: "test.effect",
      entityType: "job",
      entityId: jobId,
      summary: "An effect of the test",
      requestId: scope.requestId,
    },
    activityId,
  );
}

const published = async () => readEventsAfter(deps.redis, company.id, "0-0");
const announced = async (jobId: string) =>
  (await published()).filter((entry) => entry.event.name === "jobs.changed" && entry.event.payload.jobIds[0] === jobId);
const queuedTask = (activityId: string) =>
  deps.queues.queue("activity").getJob(taskJobId(recordActivityTask.id, activityId));
const rowsOfRequest = (requestId: string) =>
  t.db.pendingEffect.findMany({ where: { companyId: company.id, requestId } });
const pendingRows = (jobId: string) =>
  t.db.pendingEffect.findMany({
    where: {
      companyId: company.id,
      OR: [
        { payload: { path: ["jobIds"], array_contains: jobId } },
        { payload: { path: ["entityId"], equals: jobId } },
      ],
    },
  });

describe("a use case's effects go through the outbox", () => {
  it("are relayed as soon as the transaction has committed, with the request id, and marked relayed", async () => {
    const jobId = randomUUID();
    const activityId = randomUUID();
    await runInScope(deps, { companyId: company.id, actor, requestId: "request-1" }, async (scope) =>
      announceAndRecord(scope, jobId, activityId),
    );
    const [event] = await announced(jobId);
    expect(event?.requestId).toBe("request-1");
    expect((await queuedTask(activityId))?.data).toMatchObject({ activityId, requestId: "request-1" });
    // Marked with the next batch, within a few tens of milliseconds.
    await flushRelayMarks(deps.db);
    const rows = await rowsOfRequest("request-1");
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.relayedAt !== null)).toBe(true);
    // A relayed row keeps what it was, not what it carried (a customer's details, a link's token).
    expect(rows.map((row) => row.payload)).toEqual([{}, {}]);
    expect(await pendingRows(jobId)).toEqual([]);
  });

  it("are marked relayed within moments with no one asking, in the batch of every change relayed meanwhile", async () => {
    const jobIds = [randomUUID(), randomUUID()];
    await Promise.all(
      jobIds.map((jobId, index) =>
        runInScope(deps, { companyId: company.id, actor, requestId: `request-batch-${index}` }, async (scope) =>
          announceAndRecord(scope, jobId, randomUUID()),
        ),
      ),
    );
    await vi.waitFor(
      async () => {
        const rows = [...(await rowsOfRequest("request-batch-0")), ...(await rowsOfRequest("request-batch-1"))];
        expect(rows).toHaveLength(4);
        expect(rows.every((row) => row.relayedAt !== null)).toBe(true);
      },
      { timeout: 5000, interval: 50 },
    );
  });

  it("are neither published, enqueued nor kept when the use case fails", async () => {
    const jobId = randomUUID();
    const activityId = randomUUID();
    await expect(
      runInScope(deps, { companyId: company.id, actor }, async (scope) => {
        announceAndRecord(scope, jobId, activityId);
        throw new Error("refused");
      }),
    ).rejects.toThrow("refused");
    expect(await announced(jobId)).toEqual([]);
    expect(await queuedTask(activityId)).toBeUndefined();
    expect(await pendingRows(jobId)).toEqual([]);
  });

  it("a bad task payload rolls the change back", async () => {
    await expect(
      runInScope(deps, { companyId: company.id, actor }, async (scope) => {
        await scope.tx.customer.create({
          data: {
            companyId: company.id,
            name: "Rolled back",
            street: "1",
            city: "D",
            region: "CO",
            postcode: "1",
          },
        });
        scope.enqueue(recordActivityTask, { companyId: company.id } as never, "bad");
      }),
    ).rejects.toThrow();
    expect(await t.db.customer.count({ where: { companyId: company.id, name: "Rolled back" } })).toBe(0);
  });

  it("left behind by a process that died after the commit, are relayed by the sweeper, once", async () => {
    const jobId = randomUUID();
    const activityId = randomUUID();
    // What runInScope does up to the commit; the process "dies" before relaying.
    await withTenant(deps.db, company.id, async (tx) => {
      const effects: PendingEffectRow[] = [];
      announceAndRecord(
        openScope(tx, { companyId: company.id, actor, requestId: "request-2" }, effects),
        jobId,
        activityId,
      );
      await writeEffects(tx, effects);
    });
    expect(await announced(jobId)).toEqual([]);
    expect(await queuedTask(activityId)).toBeUndefined();

    await sweepPendingEffects(deps, { graceMs: 0 });
    await sweepPendingEffects(deps, { graceMs: 0 });
    const events = await announced(jobId);
    expect(events).toHaveLength(1);
    expect(events[0]!.requestId).toBe("request-2");
    expect(await queuedTask(activityId)).toBeDefined();
    const swept = await rowsOfRequest("request-2");
    expect(swept.length).toBeGreaterThan(0);
    expect(swept.every((row) => row.relayedAt !== null && JSON.stringify(row.payload) === "{}")).toBe(true);
  });

  it("the sweeper waits out the grace period, so it does not race the process that is relaying", async () => {
    const jobId = randomUUID();
    await withTenant(deps.db, company.id, async (tx) => {
      const effects: PendingEffectRow[] = [];
      openScope(tx, { companyId: company.id, actor }, effects).emit({
        name: "jobs.changed",
        payload: { jobIds: [jobId] },
      });
      await writeEffects(tx, effects);
    });
    await sweepPendingEffects(deps, { graceMs: 60_000 });
    expect(await announced(jobId)).toEqual([]);
    await sweepPendingEffects(deps, { graceMs: 0 });
    expect(await announced(jobId)).toHaveLength(1);
  });

  it("the system context reads and marks the outbox across companies but writes none of it", async () => {
    const other = await createTestCompany(t.db);
    await expect(
      withSystem(deps.db, (tx) =>
        tx.pendingEffect.create({
          data: { companyId: other.id, kind: "event", name: "jobs.changed", payload: { jobIds: [] }, position: 0 },
        }),
      ),
    ).rejects.toThrow();
    await expect(
      withTenant(deps.db, company.id, (tx) =>
        tx.pendingEffect.create({
          data: { companyId: other.id, kind: "event", name: "jobs.changed", payload: { jobIds: [] }, position: 0 },
        }),
      ),
    ).rejects.toThrow();
    expect(
      await withTenant(deps.db, other.id, (tx) => tx.pendingEffect.count({ where: { companyId: company.id } })),
    ).toBe(0);
  });

  it("a task relayed twice runs once", async () => {
    const jobId = randomUUID();
    const activityId = randomUUID();
    const effects: PendingEffectRow[] = [];
    await withTenant(deps.db, company.id, async (tx) =>
      announceAndRecord(openScope(tx, { companyId: company.id, actor }, effects), jobId, activityId),
    );
    const tasks = effects.filter((effect) => effect.kind === "task");
    await relayEffects(deps, tasks);
    await relayEffects(deps, tasks);
    const workers = startTestWorkers(t);
    try {
      await drainQueues(deps.queues, ["activity"]);
    } finally {
      await workers.close();
    }
    // The handler announces the entry each time it runs.
    const recorded = (await published()).filter(
      (entry) => entry.event.name === "activity.recorded" && entry.event.payload.id === activityId,
    );
    expect(recorded).toHaveLength(1);
  });
});
