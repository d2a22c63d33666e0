import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import type { UserdashResponse } from "@fieldops/shared/userdash";
import type { VisitStatus } from "@fieldops/shared/visit-lifecycle";
import {
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<"owner" | "member" | "fieldUser" | "otherOwner" | "otherFieldUser", string> = {
  owner: "",
  member: "",
  fieldUser: "",
  otherOwner: "",
  otherFieldUser: "",
};
/** The test companies are in America/New_York. */
const TIME_ZONE = "America/New_York";
let jobNumber = 1;

async function get(token: string) {
  const response = await fetch(`${t.url}/api/userdash`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, body: (await response.json()) as UserdashResponse };
}

/** Noon of the company's day `days` from today. */
function noon(days: number): Date {
  const today = dayInTimeZone(new Date(), TIME_ZONE);
  return new Date(startOfDayInTimeZone(addDays(today, days), TIME_ZONE).getTime() + 12 * 3_600_000);
}

async function createCrew(companyId: string, name: string, memberId?: string) {
  const crew = await t.db.crew.create({ data: { companyId, name, color: "#16a34a", skills: [] } });
  if (memberId) await t.db.crewMember.create({ data: { crewId: crew.id, userId: memberId, companyId } });
  return crew.id;
}

async function createVisit(
  companyId: string,
  options: { title: string; crewId?: string | null; start?: Date | null; status?: VisitStatus },
) {
  const customer = await t.db.customer.create({
    data: {
      companyId,
      name: `Customer of ${options.title}`,
      street: "1 Main St",
      city: "Boulder",
      region: "CO",
      postcode: "80302",
      latitude: 40,
      longitude: -105,
    },
  });
  const property = await t.db.customerProperty.create({
    data: {
      companyId,
      customerId: customer.id,
      street: "12 Elm Street",
      city: "Denver",
      region: "CO",
      postcode: "80202",
      latitude: 39.7,
      longitude: -105,
      accessNotes: "Dog in the back yard",
      gateCode: "4321",
      position: 0,
    },
  });
  const job = await t.db.job.create({
    data: {
      companyId,
      customerId: customer.id,
      propertyId: property.id,
      number: jobNumber++,
      title: options.title,
      instructions: "Bring the long hose",
      checklist: {
        create: [
          { companyId, position: 0, label: "Check the sprinklers" },
          { companyId, position: 1, label: "Photograph the lawn", done: true },
        ],
      },
    },
  });
  const start = options.start ?? null;
  const visit = await t.db.visit.create({
    data: {
      companyId,
      jobId: job.id,
      crewId: options.crewId ?? null,
      status: options.status ?? (start ? "scheduled" : "unscheduled"),
      scheduledStart: start,
      scheduledEnd: start ? new Date(start.getTime() + 3_600_000) : null,
    },
  });
  return { jobId: job.id, visitId: visit.id };
}

const titles = (body: UserdashResponse) =>
  Object.fromEntries(body.crews.map((crew) => [crew.crewName ?? "(none)", crew.visits.map((visit) => visit.jobTitle)]));

let ownVisit: { jobId: string; visitId: string };
let lateVisit: { jobId: string; visitId: string };
let waiting: { jobId: string; visitId: string };

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  [tokens.owner, tokens.member, tokens.fieldUser, tokens.otherOwner, tokens.otherFieldUser] = await Promise.all([
    signIn(t.url, company.users.owner.email),
    signIn(t.url, company.users.member.email),
    signIn(t.url, company.users.field_user.email),
    signIn(t.url, other.users.owner.email),
    signIn(t.url, other.users.field_user.email),
  ]);
  const crewA = await createCrew(company.id, "Alpha crew", company.users.field_user.id);
  const crewB = await createCrew(company.id, "Bravo crew");
  ownVisit = await createVisit(company.id, { title: "Mow the Hendersons", crewId: crewA, start: noon(0) });
  await createVisit(company.id, { title: "Hedge at the Parks", crewId: crewB, start: noon(0) });
  await createVisit(company.id, { title: "Canceled today", crewId: crewA, start: noon(0), status: "canceled" });
  await createVisit(company.id, { title: "Tomorrow's mow", crewId: crewA, start: noon(1) });
  await createVisit(company.id, { title: "Done yesterday", crewId: crewB, start: noon(-1), status: "completed" });
  lateVisit = await createVisit(company.id, { title: "Missed yesterday", crewId: crewB, start: noon(-1) });
  waiting = await createVisit(company.id, { title: "Waiting for a time" });
  const otherCrew = await createCrew(other.id, "Other crew", other.users.field_user.id);
  await createVisit(other.id, { title: "Another company's mow", crewId: otherCrew, start: noon(0) });
  await createVisit(other.id, { title: "Another company's late work", crewId: otherCrew, start: noon(-1) });
});
afterAll(() => t.close());

describe("GET /api/userdash", () => {
  it("shows a member today's visits by crew, the late work and the unscheduled work, in the company's time zone", async () => {
    const { status, body } = await get(tokens.member);
    expect(status).toBe(200);
    expect(body.date).toBe(dayInTimeZone(new Date(), TIME_ZONE));
    expect(body.timeZone).toBe(TIME_ZONE);
    expect(titles(body)).toEqual({ "Alpha crew": ["Mow the Hendersons"], "Bravo crew": ["Hedge at the Parks"] });
    expect(body.late.map((item) => item.jobTitle)).toContain("Missed yesterday");
    expect(body.late.map((item) => item.jobTitle)).not.toContain("Done yesterday");
    expect(body.late.find((item) => item.jobTitle === "Missed yesterday")).toMatchObject({
      visitId: lateVisit.visitId,
      jobId: lateVisit.jobId,
      crewName: "Bravo crew",
    });
    expect(body.unscheduled).toEqual([
      expect.objectContaining({
        visitId: waiting.visitId,
        jobId: waiting.jobId,
        jobTitle: "Waiting for a time",
        customerName: "Customer of Waiting for a time",
      }),
    ]);
  });

  it("shows the owner the same day", async () => {
    const owner = await get(tokens.owner);
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual((await get(tokens.member)).body);
  });

  it("shows a field user only their own crews' visits of today, with the property, access notes and checklist", async () => {
    const { status, body } = await get(tokens.fieldUser);
    expect(status).toBe(200);
    expect(titles(body)).toEqual({ "Alpha crew": ["Mow the Hendersons"] });
    expect(body.late).toEqual([]);
    expect(body.unscheduled).toEqual([]);
    expect(body.crews[0]!.visits[0]).toMatchObject({
      id: ownVisit.visitId,
      jobId: ownVisit.jobId,
      status: "scheduled",
      version: 1,
      instructions: "Bring the long hose",
      property: { address: "12 Elm Street, Denver, CO 80202", accessNotes: "Dog in the back yard", gateCode: "4321" },
      checklist: [
        { label: "Check the sprinklers", done: false },
        { label: "Photograph the lawn", done: true },
      ],
    });
  });

  it("shows a field user in no crew nothing", async () => {
    const crewMember = await t.db.crewMember.findUniqueOrThrow({ where: { userId: company.users.field_user.id } });
    await t.db.crewMember.delete({
      where: { crewId_userId: { crewId: crewMember.crewId, userId: crewMember.userId } },
    });
    try {
      expect((await get(tokens.fieldUser)).body.crews).toEqual([]);
    } finally {
      await t.db.crewMember.create({ data: crewMember });
    }
  });

  it("never shows another company's visits", async () => {
    const stranger = await get(tokens.otherOwner);
    expect(titles(stranger.body)).toEqual({ "Other crew": ["Another company's mow"] });
    const late = stranger.body.late.map((item) => item.jobTitle);
    expect(late).toContain("Another company's late work");
    expect(late.every((title) => title.startsWith("Another company's"))).toBe(true);
    expect(stranger.body.unscheduled).toEqual([]);
    expect(titles((await get(tokens.otherFieldUser)).body)).toEqual({ "Other crew": ["Another company's mow"] });
  });

  it("asks for a session", async () => {
    expect((await fetch(`${t.url}/api/userdash`)).status).toBe(401);
  });
});
