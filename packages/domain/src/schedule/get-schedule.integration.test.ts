import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "@fieldops/db";
import { UNASSIGNED_QUEUE_LIMIT } from "@fieldops/shared/schedule";
import {
  createTestCompany,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { getSchedule } from "./get-schedule.ts";

let t: TestApp;
let company: TestCompany;
const waiting = UNASSIGNED_QUEUE_LIMIT + 5;

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
  const customer = await t.db.customer.create({
    data: {
      companyId: company.id,
      name: "Queue Customer",
      street: "1 Main St",
      city: "Denver",
      region: "CO",
      postcode: "80202",
      latitude: 39.7,
      longitude: -104.9,
    },
  });
  const job = await t.db.job.create({
    data: { companyId: company.id, customerId: customer.id, number: 1, title: "Many visits" },
  });
  await t.db.visit.createMany({
    data: Array.from({ length: waiting }, (_, index) => ({
      companyId: company.id,
      jobId: job.id,
      createdAt: new Date(Date.UTC(2030, 0, 1, 0, waiting - index)),
    })),
  });
});
afterAll(() => t.close());

describe("getSchedule's unassigned queue", () => {
  it("sends the oldest UNASSIGNED_QUEUE_LIMIT and says how many wait in all", async () => {
    const board = await withTenant(t.runtime.context.db, company.id, (tx) =>
      getSchedule(tx, { from: "2030-01-07", to: "2030-01-13" }),
    );
    expect(board.unassigned).toHaveLength(UNASSIGNED_QUEUE_LIMIT);
    expect(board.unassignedTotal).toBe(waiting);
    const created = board.unassigned.map((visit) => visit.createdAt);
    expect(created).toEqual([...created].sort());
  });
});
