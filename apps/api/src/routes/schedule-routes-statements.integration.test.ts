import { fillPath } from "@fieldops/shared/endpoint";
import { jobEndpoints, visitEndpoints } from "@fieldops/shared/jobs";
import { authEndpoints } from "@fieldops/shared/auth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { zonedWallClockToUtc } from "@fieldops/shared/company-time";
import type { JobDetail, Visit } from "@fieldops/shared/jobs";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

const TIME_ZONE = "America/Denver";
/** A Monday; the crew works Monday to Friday, 7:00 to 19:00. */
const MONDAY = "2030-03-04";
/**
 * The statements one drag on the schedule takes, transaction control included: BEGIN, the signed tenant context (2),
 * the company's free trial (a lapsed one refuses every write), the visit with its crew and the caller's membership, the crew's lock, the update returning the visit, the placement
 * check (the moved visit with its crew's rules, the crew's bookings around it), the job's history note, the audit
 * log's entry (the job's number and title, the company's time zone, the crews' names, the entry), the company's enabled
 * automations and webhook subscriptions (a visit moved is announced to both), its visits.changed into the outbox,
 * COMMIT: 18. Marking it relayed comes after the answer, in a batch with every change relayed meanwhile.
 */
const SCHEDULE_STATEMENTS = 18;

let t: TestApp;
let company: TestCompany;
let owner: string;
let customerId: string;
let crewId: string;

function at(time: string, day = MONDAY): string {
  const [y, m, d] = day.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return zonedWallClockToUtc(Date.UTC(y!, m! - 1, d!, hh!, mm!), TIME_ZONE).toISOString();
}

async function newVisit(title: string): Promise<Visit> {
  const response = await callApi(t.url, "POST", jobEndpoints.list.path, owner, {
    customerId,
    title,
    requiredSkills: ["mowing"],
  });
  expect(response.status).toBe(201);
  return (response.body as unknown as JobDetail).visits[0]!;
}

/** Schedules a visit as the owner; the answer and the SQL statements the server sent for it (its Server-Timing). */
async function schedule(visit: Visit, start: string): Promise<{ status: number; visit: Visit; statements: number }> {
  const response = await fetch(`${t.url}${fillPath(visitEndpoints.schedule.path, { id: visit.id })}`, {
    method: "POST",
    headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
    body: JSON.stringify({ crewId, start, durationMinutes: 60, version: visit.version }),
  });
  const statements = /db;desc="queries";dur=(\d+)/.exec(response.headers.get("server-timing") ?? "")?.[1];
  if (statements === undefined) throw new Error("no statement count in Server-Timing");
  return { status: response.status, visit: (await response.json()) as Visit, statements: Number(statements) };
}

beforeAll(async () => {
  t = await startTestApp({ FIELDOPS_REQUEST_METRICS: "true" });
  company = await createTestCompany(t.db);
  await t.db.company.update({ where: { id: company.id }, data: { timeZone: TIME_ZONE } });
  owner = await signIn(t.url, company.users.owner.email);
  customerId = (
    await t.db.customer.create({
      data: {
        companyId: company.id,
        name: "Henderson Family",
        street: "1 Main St",
        city: "Boulder",
        region: "CO",
        postcode: "80302",
        latitude: 40,
        longitude: -105,
      },
    })
  ).id;
  crewId = (
    await t.db.crew.create({ data: { companyId: company.id, name: "Crew A", color: "#16a34a", skills: ["mowing"] } })
  ).id;
  await t.db.crewWorkingHours.createMany({
    data: [1, 2, 3, 4, 5].map((weekday) => ({
      crewId,
      companyId: company.id,
      weekday,
      startMinute: 7 * 60,
      endMinute: 19 * 60,
    })),
  });
  await t.db.crewBreak.create({
    data: { crewId, companyId: company.id, windowStartMinute: 11 * 60, windowEndMinute: 14 * 60, durationMinutes: 30 },
  });
  await t.db.crewMember.createMany({
    data: [company.users.field_user.id, company.users.member.id].map((userId) => ({
      crewId,
      userId,
      companyId: company.id,
    })),
  });
});
afterAll(() => t?.close());

describe("POST /api/visits/:id/schedule statements", () => {
  it("stay few and do not grow with the crew's bookings that day", async () => {
    // The first request of a session also reads the session.
    expect((await callApi(t.url, "GET", authEndpoints.user.path, owner)).status).toBe(200);

    const counts: number[] = [];
    for (const [index, hour] of ["07:00", "08:00", "09:00", "10:00", "15:00", "16:00"].entries()) {
      const visit = await newVisit(`Mowing ${index + 1}`);
      const result = await schedule(visit, at(hour));
      expect(result.status).toBe(200);
      expect(result.visit).toMatchObject({
        crewId,
        crewName: "Crew A",
        status: "scheduled",
        scheduledStart: at(hour),
        version: visit.version + 1,
      });
      counts.push(result.statements);
    }
    expect(Math.max(...counts)).toBeLessThanOrEqual(SCHEDULE_STATEMENTS);
    expect(new Set(counts).size).toBe(1);
  });
});
