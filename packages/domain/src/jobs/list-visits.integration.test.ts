import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import {
  createTestCompany,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { listVisits } from "./list-visits.ts";

let t: TestApp;
let app: Database;
let company: TestCompany;
let other: TestCompany;
const monday = new Date("2030-01-07T00:00:00Z");
const at = (hours: number) => new Date(monday.getTime() + hours * 3600_000);
const ids: Record<string, string> = {};

/** A job with visits at the given hours after `monday` (null: unscheduled), on `crewId`. */
async function visitsAt(companyId: string, crewId: string | null, named: Record<string, number | null>) {
  const customer = await t.db.customer.create({
    data: {
      companyId,
      name: "Ada",
      street: "1 Main St",
      city: "Denver",
      region: "CO",
      postcode: "80202",
      latitude: 39.7,
      longitude: -104.9,
    },
  });
  const job = await t.db.job.create({
    data: { companyId, customerId: customer.id, number: Object.keys(ids).length + 1, title: "Mowing" },
  });
  for (const [name, hours] of Object.entries(named)) {
    const visit = await t.db.visit.create({
      data: {
        companyId,
        jobId: job.id,
        crewId,
        status: hours === null ? "unscheduled" : "scheduled",
        scheduledStart: hours === null ? null : at(hours),
        scheduledEnd: hours === null ? null : at(hours + 1),
        durationMinutes: 60,
      },
    });
    ids[name] = visit.id;
  }
}

beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  const mine = await t.db.crew.create({
    data: { companyId: company.id, name: "Crew Mine", color: "#16a34a", skills: [] },
  });
  const theirs = await t.db.crew.create({
    data: { companyId: company.id, name: "Crew Theirs", color: "#2563eb", skills: [] },
  });
  await t.db.crewMember.create({
    data: { companyId: company.id, crewId: mine.id, userId: company.users.field_user.id },
  });
  const elsewhere = await t.db.crew.create({
    data: { companyId: other.id, name: "Crew Elsewhere", color: "#2563eb", skills: [] },
  });
  await visitsAt(company.id, mine.id, { mineLate: 30, mineEarly: 2, beforeRange: -1, atRangeEnd: 7 * 24 });
  await visitsAt(company.id, theirs.id, { theirs: 10, unscheduled: null });
  await visitsAt(other.id, elsewhere.id, { elsewhere: 5 });
});
afterAll(() => t.close());

const week = { from: monday.toISOString(), to: at(7 * 24).toISOString() };
const list = (actor: { userId: string; role: "owner" | "field_user" }, limit = 200) =>
  withTenant(app, company.id, (tx) => listVisits(tx, { ...week, limit, actor }));

describe("listVisits", () => {
  it("lists the company's visits starting in [from, to), earliest first, with their crew's name", async () => {
    const { items } = await list({ userId: company.users.owner.id, role: "owner" });
    expect(items.map((visit) => visit.id)).toEqual([ids.mineEarly, ids.theirs, ids.mineLate]);
    expect(items[1]).toMatchObject({
      crewName: "Crew Theirs",
      status: "scheduled",
      scheduledStart: at(10).toISOString(),
      scheduledEnd: at(11).toISOString(),
      durationMinutes: 60,
      startedAt: null,
      completedAt: null,
      version: 1,
    });
  });

  it("gives a field user only their own crews' visits", async () => {
    const { items } = await list({ userId: company.users.field_user.id, role: "field_user" });
    expect(items.map((visit) => visit.id)).toEqual([ids.mineEarly, ids.mineLate]);
  });

  it("stops at the limit", async () => {
    const { items } = await list({ userId: company.users.owner.id, role: "owner" }, 2);
    expect(items.map((visit) => visit.id)).toEqual([ids.mineEarly, ids.theirs]);
  });
});
