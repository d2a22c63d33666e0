import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ICAL from "ical.js";
import { zonedWallClockToUtc } from "@fieldops/shared/company-time";
import type { CalendarFeedList } from "@fieldops/shared/calendars";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

const TIME_ZONE = "America/Denver";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let tokens: Record<"owner" | "member" | "field" | "otherOwner", string>;
let crewA: string;
let crewB: string;
let otherCrew: string;
let jobId: string;

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);

/** A wall-clock time on the company's calendar, as an instant. */
function at(day: string, time: string): Date {
  const [y, m, d] = day.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return zonedWallClockToUtc(Date.UTC(y!, m! - 1, d!, hh!, mm!), TIME_ZONE);
}

/** Days from today on the company's calendar, so the visits fall inside the feed's window. */
function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

async function visitAt(start: Date, crewId: string | null, status: "scheduled" | "completed" = "scheduled") {
  return t.db.visit.create({
    data: {
      companyId: company.id,
      jobId,
      crewId,
      status,
      scheduledStart: start,
      scheduledEnd: new Date(start.getTime() + 90 * 60_000),
      durationMinutes: 90,
    },
  });
}

interface FeedEvent {
  uid: string;
  summary: string;
  location: string | null;
  description: string;
  status: string | null;
  sequence: number;
  zone: string;
  localHour: number;
  start: Date;
}

/** Reads a feed as a calendar app would, with ical.js: the events, their time zone and their instants. */
async function readFeed(url: string): Promise<{ status: number; contentType: string | null; events: FeedEvent[] }> {
  const response = await fetch(url);
  const text = await response.text();
  if (response.status !== 200) return { status: response.status, contentType: null, events: [] };
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => {
    const event = new ICAL.Event(vevent);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location ?? null,
      description: event.description,
      status: (vevent.getFirstPropertyValue("status") as string | null) ?? null,
      sequence: event.sequence,
      zone: String(vevent.getFirstProperty("dtstart")?.getParameter("tzid")),
      localHour: event.startDate.hour,
      start: event.startDate.toJSDate(),
    };
  });
  return { status: response.status, contentType: response.headers.get("content-type"), events };
}

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db, { planId: "growth" });
  other = await createTestCompany(t.db);
  await t.db.company.update({ where: { id: company.id }, data: { timeZone: TIME_ZONE } });
  const [owner, member, field, otherOwner] = await Promise.all([
    signIn(t.url, company.users.owner.email),
    signIn(t.url, company.users.member.email),
    signIn(t.url, company.users.field_user.email),
    signIn(t.url, other.users.owner.email),
  ]);
  tokens = { owner: owner!, member: member!, field: field!, otherOwner: otherOwner! };
  const crew = (companyId: string, name: string) =>
    t.db.crew.create({ data: { companyId, name, color: "#16a34a" } }).then((row) => row.id);
  crewA = await crew(company.id, "Crew A");
  crewB = await crew(company.id, "Crew B");
  otherCrew = await crew(other.id, "Their crew");
  await t.db.crewMember.create({ data: { crewId: crewA, userId: company.users.field_user.id, companyId: company.id } });
  const customer = await t.db.customer.create({
    data: {
      companyId: company.id,
      name: "Henderson Family",
      street: "1 Main St",
      city: "Boulder",
      region: "CO",
      postcode: "80302",
    },
  });
  const property = await t.db.customerProperty.create({
    data: {
      companyId: company.id,
      customerId: customer.id,
      name: "Home",
      street: "1 Main St",
      city: "Boulder",
      region: "CO",
      postcode: "80302",
      position: 0,
      gateCode: "4821",
    },
  });
  const job = await t.db.job.create({
    data: { companyId: company.id, customerId: customer.id, propertyId: property.id, number: 117, title: "Aeration" },
  });
  jobId = job.id;
});

afterAll(() => t?.close());

describe("calendar feeds", () => {
  it("gives a crew's visits at the company's wall-clock time on both sides of a change of summer time", async () => {
    // On 2027-03-14 the mountain states go to summer time: 9:00 is 16:00 UTC before, 15:00 UTC after (both inside
    // the feed's 180 days ahead of the test's day).
    const before = await visitAt(at("2027-03-12", "09:00"), crewA);
    const after = await visitAt(at("2027-03-15", "09:00"), crewA);
    const elsewhere = await visitAt(at("2027-03-15", "13:00"), crewB);
    const issued = await call("POST", "/api/calendar-feeds", tokens.owner, { crewId: crewA });
    expect(issued.status).toBe(201);
    const url = (issued.body as { url: string }).url;
    expect(url).toMatch(new RegExp(`/api/calendars/crew/${crewA}/[A-Za-z0-9_-]{43}/feed\\.ics$`));

    const feed = await readFeed(url.replace(/^https?:\/\/[^/]+/, t.url));
    expect(feed.contentType).toContain("text/calendar");
    const ours = feed.events.filter((event) =>
      [before.id, after.id].some((id) => event.uid.startsWith(`visit-${id}@`)),
    );
    expect(ours.map((event) => [event.zone, event.localHour, event.start.toISOString()])).toEqual([
      [TIME_ZONE, 9, "2027-03-12T16:00:00.000Z"],
      [TIME_ZONE, 9, "2027-03-15T15:00:00.000Z"],
    ]);
    expect(ours[0]).toMatchObject({
      summary: "Aeration (Henderson Family) · job #117",
      location: "1 Main St, Boulder, CO 80302",
      status: "CONFIRMED",
    });
    expect(ours[0]!.description).toContain("Gate code: 4821");
    expect(feed.events.some((event) => event.uid.startsWith(`visit-${elsewhere.id}@`))).toBe(false);
  });

  it("follows a move (a new SEQUENCE at the new time), a cancellation and a visit that left the crew", async () => {
    const moved = await visitAt(at(dayFromNow(3), "10:00"), crewA);
    const canceled = await visitAt(at(dayFromNow(4), "10:00"), crewA);
    const left = await visitAt(at(dayFromNow(5), "10:00"), crewA);
    const url = (
      (await call("POST", "/api/calendar-feeds", tokens.member, { crewId: crewA })).body as { url: string }
    ).url.replace(/^https?:\/\/[^/]+/, t.url);
    const first = (await readFeed(url)).events.find((event) => event.uid.startsWith(`visit-${moved.id}@`))!;

    await t.db.visit.update({
      where: { id: moved.id },
      data: {
        scheduledStart: at(dayFromNow(3), "14:30"),
        scheduledEnd: at(dayFromNow(3), "16:00"),
        version: { increment: 1 },
      },
    });
    await t.db.visit.update({ where: { id: canceled.id }, data: { status: "canceled", version: { increment: 1 } } });
    await t.db.visit.update({ where: { id: left.id }, data: { crewId: crewB, version: { increment: 1 } } });
    const events = (await readFeed(url)).events;
    const again = events.find((event) => event.uid === first.uid)!;
    expect(again.sequence).toBeGreaterThan(first.sequence);
    expect([again.localHour, again.start.getTime() - first.start.getTime()]).toEqual([14, 4.5 * 3600_000]);
    expect(events.find((event) => event.uid.startsWith(`visit-${canceled.id}@`))?.status).toBe("CANCELLED");
    expect(events.some((event) => event.uid.startsWith(`visit-${left.id}@`))).toBe(false);
  });

  it("a field user has their own feed of their crew's visits, but cannot make a crew's", async () => {
    const visit = await visitAt(at(dayFromNow(6), "08:00"), crewA);
    expect((await call("POST", "/api/calendar-feeds", tokens.field, { crewId: crewA })).status).toBe(403);
    const own = await call("POST", "/api/calendar-feeds", tokens.field, {});
    expect(own.status).toBe(201);
    const url = (own.body as { url: string }).url;
    expect(url).toContain(`/api/calendars/user/${company.users.field_user.id}/`);
    const events = (await readFeed(url.replace(/^https?:\/\/[^/]+/, t.url))).events;
    expect(events.some((event) => event.uid.startsWith(`visit-${visit.id}@`))).toBe(true);
    const list = (await call("GET", "/api/calendar-feeds", tokens.field)).body as CalendarFeedList;
    expect(list.feeds).toEqual([expect.objectContaining({ kind: "user", label: "My visits", active: true })]);
  });

  it("a new link replaces the old one; a revoked, wrong or malformed link opens nothing; both are audited", async () => {
    const first = (await call("POST", "/api/calendar-feeds", tokens.owner, { crewId: crewB })).body as { url: string };
    const second = (await call("POST", "/api/calendar-feeds", tokens.owner, { crewId: crewB })).body as { url: string };
    const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, t.url);
    expect((await fetch(local(first.url))).status).toBe(404);
    expect((await fetch(local(second.url))).status).toBe(200);
    const wrong = local(second.url).replace(/\/[A-Za-z0-9_-]{43}\//, `/${"A".repeat(43)}/`);
    expect((await fetch(wrong)).status).toBe(404);
    expect((await fetch(`${t.url}/api/calendars/crew/${crewB}/short/feed.ics`)).status).toBe(404);
    expect((await fetch(`${t.url}/api/calendars/crew/not-a-uuid/${"A".repeat(43)}/feed.ics`)).status).toBe(400);

    const listed = (await call("GET", "/api/calendar-feeds", tokens.owner)).body as CalendarFeedList;
    expect(listed.feeds.find((feed) => feed.subjectId === crewB)).toMatchObject({ label: "Crew B", active: true });
    expect((await call("DELETE", `/api/calendar-feeds?crewId=${crewB}`, tokens.owner)).status).toBe(204);
    expect((await fetch(local(second.url))).status).toBe(404);
    const audited = await t.db.auditLog.findMany({
      where: { entityId: crewB, action: { startsWith: "calendar." } },
      orderBy: { createdAt: "asc" },
    });
    expect(audited.map((entry) => entry.action)).toEqual([
      "calendar.feed_issued",
      "calendar.feed_issued",
      "calendar.feed_revoked",
    ]);
  });

  it("another company's crew is not found, and its owner sees none of ours", async () => {
    expect((await call("POST", "/api/calendar-feeds", tokens.owner, { crewId: otherCrew })).status).toBe(404);
    expect((await call("POST", "/api/calendar-feeds", tokens.otherOwner, { crewId: crewA })).status).toBe(404);
    expect((await call("DELETE", `/api/calendar-feeds?crewId=${crewA}`, tokens.otherOwner)).status).toBe(404);
    const theirs = (await call("GET", "/api/calendar-feeds", tokens.otherOwner)).body as CalendarFeedList;
    expect(theirs.feeds.map((feed) => feed.label).sort()).toEqual(["My visits", "Their crew"]);
    // A link of ours opens nothing under their crew's id.
    const ours = (await call("POST", "/api/calendar-feeds", tokens.owner, { crewId: crewA })).body as { url: string };
    const swapped = ours.url.replace(/^https?:\/\/[^/]+/, t.url).replace(crewA, otherCrew);
    expect((await fetch(swapped)).status).toBe(404);
  });

  it("HIPAA mode writes no customer's name, address or notes", async () => {
    await t.db.company.update({ where: { id: company.id }, data: { hipaaMode: true } });
    try {
      const visit = await visitAt(at(dayFromNow(7), "11:00"), crewA);
      const url = (
        (await call("POST", "/api/calendar-feeds", tokens.owner, { crewId: crewA })).body as { url: string }
      ).url.replace(/^https?:\/\/[^/]+/, t.url);
      const event = (await readFeed(url)).events.find((entry) => entry.uid.startsWith(`visit-${visit.id}@`))!;
      expect(event.summary).toBe("Visit: job #117");
      expect(event.location).toBeNull();
      expect(event.description).not.toMatch(/Henderson|Main St|4821/);
    } finally {
      await t.db.company.update({ where: { id: company.id }, data: { hipaaMode: false } });
    }
  });

  it("is refused below the Growth plan, and a company that loses the plan's feature serves its links nothing", async () => {
    const url = (
      (await call("POST", "/api/calendar-feeds", tokens.owner, { crewId: crewA })).body as { url: string }
    ).url.replace(/^https?:\/\/[^/]+/, t.url);
    await t.db.company.update({ where: { id: company.id }, data: { planId: "starter" } });
    try {
      expect((await fetch(url)).status).toBe(404);
      const refused = await call("POST", "/api/calendar-feeds", tokens.owner, { crewId: crewA });
      expect(refused).toMatchObject({ status: 403, body: { requiredPlan: "growth" } });
    } finally {
      await t.db.company.update({ where: { id: company.id }, data: { planId: "growth" } });
    }
  });
});
