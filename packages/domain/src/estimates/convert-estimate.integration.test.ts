import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import {
  convertEstimateRequestSchema,
  createEstimateRequestSchema,
  type ConvertEstimateRequest,
  type CreateEstimateRequest,
} from "@fieldops/shared/estimates";
import {
  createTestCompany,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { createTestCustomer, runAsOwner } from "../../../../tests/integration/use-case-fixtures.ts";
import { extendVisitHorizon } from "../jobs/extend-visit-horizon.ts";
import { getPortal } from "../portal/get-portal.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { approveEstimate } from "./approve-estimate.ts";
import { convertEstimate } from "./convert-estimate.ts";
import { createEstimate } from "./create-estimate.ts";
import { listEstimates } from "./list-estimates.ts";

let t: TestApp;
let app: Database;
let company: TestCompany;
let customerId: string;

/** Thursday 28 March 2030, in New York (the company's time zone). */
const NOW = new Date("2030-03-28T15:00:00Z");
const DAY = 86_400_000;

const OPTIONS: CreateEstimateRequest["options"] = [
  { name: "Spring cleanup", lineItems: [{ description: "Cleanup", quantity: 1, unitPriceCents: 18000 }] },
  {
    name: "Weekly mowing",
    recurrence: { frequency: "weekly", visits: 26 },
    lineItems: [{ description: "Mowing", quantity: 1, unitPriceCents: 4500, taxRatePercent: 8.25 }],
  },
];

beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
  company = await createTestCompany(t.db, { planId: "growth" });
  customerId = await createTestCustomer(t.db, company.id);
});
afterAll(() => t.close());

const inCompany = async <Result>(work: (scope: TenantScope<UserActor>) => Promise<Result>) =>
  (await runAsOwner(app, company, work)).result;

/** An estimate with the two options, sent, and approved by the customer on the option named. */
async function approvedEstimate(optionName: string) {
  const estimate = await inCompany((scope) =>
    createEstimate(scope, {
      ...createEstimateRequestSchema.parse({ customerId, title: "Lawn care 2030", options: OPTIONS }),
      now: NOW,
    }),
  );
  await t.db.estimate.update({ where: { id: estimate.id }, data: { status: "sent", sentAt: NOW } });
  const option = estimate.options.find((candidate) => candidate.name === optionName)!;
  await withTenant(app, company.id, (tx) =>
    approveEstimate(tx, { estimateId: estimate.id, optionId: option.id, signatureName: "Pat Henderson", now: NOW }),
  );
  return estimate;
}

const convert = (estimateId: string, request: ConvertEstimateRequest = {}) =>
  inCompany((scope) =>
    convertEstimate(scope, { ...convertEstimateRequestSchema.parse(request), estimateId, now: NOW }),
  );

describe("a recurring estimate option", () => {
  it("prices one visit, and the estimate is worth all of its visits, in the office's list and the customer's portal", async () => {
    const estimate = await approvedEstimate("Weekly mowing");
    const weekly = estimate.options[1]!;
    // $45.00 and 8.25 % tax ($3.71) a visit, 26 visits.
    expect(weekly).toMatchObject({
      recurrence: { frequency: "weekly", visits: 26 },
      subtotalCents: 4500,
      taxCents: 371,
      totalCents: 4871,
      allVisitsTotalCents: 4871 * 26,
    });
    expect(estimate.options[0]).toMatchObject({ recurrence: null, totalCents: 18000, allVisitsTotalCents: 18000 });
    expect(estimate.totalCents).toBe(4871 * 26);
    const listed = await withTenant(app, company.id, (tx) => listEstimates(tx, { customerId, limit: 100, now: NOW }));
    expect(listed.items.find((item) => item.id === estimate.id)?.totalCents).toBe(4871 * 26);

    await t.db.estimate.update({ where: { id: estimate.id }, data: { status: "sent" } });
    const portal = await withTenant(app, company.id, (tx) =>
      getPortal(tx, { access: { companyId: company.id, portalCustomerId: customerId }, now: NOW }),
    );
    expect(portal.estimates.find((item) => item.id === estimate.id)?.totalCents).toBe(4871 * 26);
  });

  it("becomes a recurring job of those visits, weekly from the first one, each with the length and window chosen", async () => {
    const estimate = await approvedEstimate("Weekly mowing");
    const { job, jobId } = await convert(estimate.id, {
      // Monday 1 April 2030, 9:00 in New York.
      firstVisitStart: "2030-04-01T13:00:00Z",
      visitDurationMinutes: 45,
      arrivalWindowMinutes: 30,
    });

    expect(job).toMatchObject({
      title: "Lawn care 2030",
      customerId,
      recurring: true,
      recurrence: { rule: "FREQ=WEEKLY;COUNT=26", start: "2030-04-01T13:00:00.000Z" },
      visitDurationMinutes: 45,
      arrivalWindowMinutes: 30,
    });
    expect(job!.lineItems.map((line) => [line.service, line.quantity, line.unitPriceCents, line.taxable])).toEqual([
      ["Mowing", 1, 4500, true],
    ]);
    // The rolling horizon: eight weeks of visits now, the rest as the weeks pass.
    expect(job!.visits).toHaveLength(8);

    await withTenant(app, company.id, (tx) =>
      extendVisitHorizon(tx, { jobId, until: new Date(NOW.getTime() + 400 * DAY) }),
    );
    const visits = await t.db.visit.findMany({ where: { jobId }, orderBy: { scheduledStart: "asc" } });
    expect(visits).toHaveLength(26);
    expect(visits[0]!.scheduledStart!.toISOString()).toBe("2030-04-01T13:00:00.000Z");
    expect(visits.at(-1)!.scheduledStart!.toISOString()).toBe("2030-09-23T13:00:00.000Z");
    expect(
      visits.every(
        (visit) => visit.status === "scheduled" && visit.durationMinutes === 45 && visit.arrivalWindowMinutes === 30,
      ),
    ).toBe(true);
    expect(await t.db.estimate.findUniqueOrThrow({ where: { id: estimate.id } })).toMatchObject({
      status: "converted",
      jobId,
    });
  });

  it("needs its first visit's start, and a one-off option refuses one; nothing is made", async () => {
    const recurring = await approvedEstimate("Weekly mowing");
    const once = await approvedEstimate("Spring cleanup");
    const jobs = await t.db.job.count({ where: { companyId: company.id } });

    await expect(convert(recurring.id)).rejects.toMatchObject({
      kind: "invalid_input",
      field: "firstVisitStart",
      message: '"Weekly mowing" repeats: give its first visit\'s start',
    });
    await expect(convert(once.id, { firstVisitStart: "2030-04-01T13:00:00Z" })).rejects.toMatchObject({
      kind: "invalid_input",
      field: "firstVisitStart",
    });
    expect(await t.db.job.count({ where: { companyId: company.id } })).toBe(jobs);
    expect(await t.db.estimate.findUniqueOrThrow({ where: { id: recurring.id } })).toMatchObject({
      status: "approved",
      jobId: null,
    });

    // A one-off option's job gets one visit to schedule, with the length chosen.
    const { job } = await convert(once.id, { visitDurationMinutes: 120 });
    expect(job).toMatchObject({ recurring: false, visitDurationMinutes: 120, arrivalWindowMinutes: null });
    expect(job!.visits).toMatchObject([{ status: "unscheduled", durationMinutes: 120 }]);
  });
});
