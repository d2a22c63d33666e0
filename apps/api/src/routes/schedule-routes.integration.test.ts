import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { zonedWallClockToUtc } from "@fieldops/shared/company-time";
import { serverMessageSchema, type ServerMessage } from "@fieldops/shared/events";
import type { JobDetail, Visit } from "@fieldops/shared/jobs";
import { MAX_RANGE_VISITS, type ScheduleResponse } from "@fieldops/shared/schedule";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

const TIME_ZONE = "America/Denver";
/** A Monday; the crews work Monday to Friday, 8:00 to 17:00. */
const MONDAY = "2030-03-04";
const SUNDAY = "2030-03-10";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let owner: string;
let member: string;
let fieldUser: string;
let otherOwner: string;
let customerId: string;
let propertyId: string;
/** Mows and trims. */
let crewA: string;
/** Irrigation, with a 30-minute lunch break to fit between 12:00 and 13:00. */
let crewB: string;
let otherCrew: string;
let otherVisitId: string;

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);

/** A wall-clock time of a day on the company's calendar, as an instant. */
function at(day: string, time: string): string {
  const [y, m, d] = day.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  return zonedWallClockToUtc(Date.UTC(y!, m! - 1, d!, hh!, mm!), TIME_ZONE).toISOString();
}

async function newVisit(title: string, requiredSkills: string[] = []): Promise<Visit> {
  const response = await call("POST", "/api/jobs", owner, { customerId, propertyId, title, requiredSkills });
  expect(response.status).toBe(201);
  return (response.body as unknown as JobDetail).visits[0]!;
}

function schedule(
  visit: Visit,
  body: { crewId: string | null; start: string; durationMinutes?: number },
  token = owner,
) {
  return call("POST", `/api/visits/${visit.id}/schedule`, token, {
    durationMinutes: 60,
    version: visit.version,
    ...body,
  });
}

/** What a refused request must leave as it was: the visit and its job's history. */
async function snapshot(visit: Visit) {
  const row = await t.db.visit.findUniqueOrThrow({ where: { id: visit.id } });
  const notes = await t.db.jobNote.count({ where: { jobId: visit.jobId } });
  return { row, notes };
}

async function expectRefused(
  visit: Visit,
  body: Parameters<typeof schedule>[1],
  status: number,
  message: RegExp | string,
  token = owner,
) {
  const before = await snapshot(visit);
  const response = await schedule(visit, body, token);
  expect(response.status).toBe(status);
  expect(response.body.message).toMatch(message);
  expect(await snapshot(visit)).toEqual(before);
}

const weekdays = (crewId: string, companyId: string) =>
  [1, 2, 3, 4, 5].map((weekday) => ({ crewId, companyId, weekday, startMinute: 8 * 60, endMinute: 17 * 60 }));

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  await t.db.company.update({ where: { id: company.id }, data: { timeZone: TIME_ZONE } });
  [owner, member, fieldUser, otherOwner] = await Promise.all([
    signIn(t.url, company.users.owner.email),
    signIn(t.url, company.users.member.email),
    signIn(t.url, company.users.field_user.email),
    signIn(t.url, other.users.owner.email),
  ]);
  const customer = await t.db.customer.create({
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
  });
  customerId = customer.id;
  propertyId = (
    await t.db.customerProperty.create({
      data: {
        companyId: company.id,
        customerId,
        name: "Front yard",
        street: "1 Main St",
        city: "Boulder",
        region: "CO",
        postcode: "80302",
        latitude: 40,
        longitude: -105,
        position: 0,
      },
    })
  ).id;
  crewA = (
    await t.db.crew.create({
      data: { companyId: company.id, name: "Crew A", color: "#16a34a", skills: ["mowing", "trimming"] },
    })
  ).id;
  crewB = (
    await t.db.crew.create({
      data: { companyId: company.id, name: "Crew B", color: "#2563eb", skills: ["irrigation"] },
    })
  ).id;
  await t.db.crewWorkingHours.createMany({ data: [...weekdays(crewA, company.id), ...weekdays(crewB, company.id)] });
  await t.db.crewBreak.create({
    data: {
      crewId: crewB,
      companyId: company.id,
      windowStartMinute: 12 * 60,
      windowEndMinute: 13 * 60,
      durationMinutes: 30,
    },
  });

  otherCrew = (
    await t.db.crew.create({ data: { companyId: other.id, name: "Their Crew", color: "#000000", skills: [] } })
  ).id;
  await t.db.crewWorkingHours.createMany({ data: weekdays(otherCrew, other.id) });
  const otherCustomer = await t.db.customer.create({
    data: {
      companyId: other.id,
      name: "Their Customer",
      street: "2 Main St",
      city: "Boulder",
      region: "CO",
      postcode: "80302",
      latitude: 40,
      longitude: -105,
    },
  });
  const otherJob = (await call("POST", "/api/jobs", otherOwner, { customerId: otherCustomer.id, title: "Their job" }))
    .body as unknown as JobDetail;
  otherVisitId = otherJob.visits[0]!.id;
  expect(
    (
      await call("POST", `/api/visits/${otherVisitId}/schedule`, otherOwner, {
        crewId: otherCrew,
        start: at(MONDAY, "09:00"),
        durationMinutes: 60,
        version: 1,
      })
    ).status,
  ).toBe(200);
});
afterAll(() => t.close());

describe("GET /api/schedule", () => {
  it("gives the crews with their hours, the day's visits with their job, and the unassigned queue", async () => {
    const booked = await newVisit("Spring cleanup", ["mowing"]);
    expect((await schedule(booked, { crewId: crewA, start: at(MONDAY, "10:00"), durationMinutes: 90 })).status).toBe(
      200,
    );
    const nextDay = await newVisit("Hedge trimming");
    expect((await schedule(nextDay, { crewId: crewA, start: at("2030-03-05", "10:00") })).status).toBe(200);
    const waiting = await newVisit("Leak check");

    const response = await call("GET", `/api/schedule?from=${MONDAY}&to=${MONDAY}`, member);
    expect(response.status).toBe(200);
    const board = response.body as unknown as ScheduleResponse;
    expect(board).toMatchObject({
      timeZone: TIME_ZONE,
      from: MONDAY,
      to: MONDAY,
      rangeStart: at(MONDAY, "00:00"),
      rangeEnd: at("2030-03-05", "00:00"),
    });
    expect(board.crews.map((crew) => crew.name)).toEqual(["Crew A", "Crew B"]);
    expect(board.crews[1]).toMatchObject({
      color: "#2563eb",
      skills: ["irrigation"],
      breaks: [{ windowStart: "12:00", windowEnd: "13:00", durationMinutes: 30 }],
    });
    expect(board.crews[0]!.workingHours).toEqual(
      [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "08:00", end: "17:00" })),
    );
    const visit = board.visits.find((entry) => entry.id === booked.id);
    expect(visit).toMatchObject({
      jobId: booked.jobId,
      jobTitle: "Spring cleanup",
      customerName: "Henderson Family",
      propertyLabel: "Front yard",
      requiredSkills: ["mowing"],
      crewId: crewA,
      status: "scheduled",
      start: at(MONDAY, "10:00"),
      end: at(MONDAY, "11:30"),
      durationMinutes: 90,
      version: 2,
    });
    expect(board.visits.map((entry) => entry.id)).not.toContain(nextDay.id);
    expect(board.unassigned.map((entry) => entry.id)).toContain(waiting.id);
    expect(board.unassigned.map((entry) => entry.id)).not.toContain(booked.id);
    expect(board.unassignedTotal).toBe(board.unassigned.length);

    const week = (await call("GET", `/api/schedule?from=${MONDAY}&to=${SUNDAY}`, owner))
      .body as unknown as ScheduleResponse;
    expect(week.visits.map((entry) => entry.id)).toEqual(expect.arrayContaining([booked.id, nextDay.id]));
    expect(week.visitsOmitted).toBe(false);
    const crewADays = week.crewDays.filter((crewDay) => crewDay.crewId === crewA);
    expect(crewADays).toEqual(
      expect.arrayContaining([
        { crewId: crewA, day: MONDAY, visits: expect.any(Number), bookedMinutes: expect.any(Number) },
        { crewId: crewA, day: "2030-03-05", visits: expect.any(Number), bookedMinutes: expect.any(Number) },
      ]),
    );
    const visitsOf = (crewDay: { crewId: string | null; day: string }) =>
      week.visits.filter((entry) => entry.crewId === crewDay.crewId && entry.start!.slice(0, 10) === crewDay.day);
    for (const crewDay of crewADays) {
      expect(crewDay.visits).toBe(visitsOf(crewDay).length);
      expect(crewDay.bookedMinutes).toBe(visitsOf(crewDay).reduce((sum, entry) => sum + entry.durationMinutes, 0));
    }
  });

  it("a week too full to list gives each crew's load per day instead, and a day of it still lists its visits", async () => {
    const monday = "2030-04-01";
    const job = await newVisit("Route of the season");
    const starts = Array.from({ length: MAX_RANGE_VISITS + 1 }, (_, index) => {
      const day = `2030-04-0${1 + (index % 5)}`;
      return { day, start: new Date(at(day, "08:00")) };
    });
    await t.db.visit.createMany({
      data: starts.map(({ start }, index) => ({
        companyId: company.id,
        jobId: job.jobId,
        crewId: index % 2 === 0 ? crewA : crewB,
        status: "scheduled" as const,
        scheduledStart: start,
        scheduledEnd: new Date(start.getTime() + 30 * 60_000),
        durationMinutes: 30,
      })),
    });
    try {
      const week = (await call("GET", `/api/schedule?from=${monday}&to=2030-04-07`, member))
        .body as unknown as ScheduleResponse;
      expect(week.visitsOmitted).toBe(true);
      expect(week.visits).toEqual([]);
      expect(week.crewDays.reduce((sum, crewDay) => sum + crewDay.visits, 0)).toBe(MAX_RANGE_VISITS + 1);
      const expectedMonday = starts.filter(({ day }, index) => day === monday && index % 2 === 0).length;
      expect(week.crewDays.find((crewDay) => crewDay.crewId === crewA && crewDay.day === monday)).toEqual({
        crewId: crewA,
        day: monday,
        visits: expectedMonday,
        bookedMinutes: expectedMonday * 30,
      });
      const day = (await call("GET", `/api/schedule?from=${monday}&to=${monday}`, member))
        .body as unknown as ScheduleResponse;
      expect(day.visitsOmitted).toBe(false);
      expect(day.visits).toHaveLength(starts.filter(({ day: startDay }) => startDay === monday).length);
    } finally {
      await t.db.job.delete({ where: { id: job.jobId } });
    }
  });

  it("shows nothing of another company", async () => {
    const board = (await call("GET", `/api/schedule?from=${MONDAY}&to=${SUNDAY}`, owner))
      .body as unknown as ScheduleResponse;
    expect(board.crews.map((crew) => crew.id)).not.toContain(otherCrew);
    expect([...board.visits, ...board.unassigned].map((visit) => visit.id)).not.toContain(otherVisitId);
    const theirs = (await call("GET", `/api/schedule?from=${MONDAY}&to=${MONDAY}`, otherOwner))
      .body as unknown as ScheduleResponse;
    expect(theirs.crews.map((crew) => crew.name)).toEqual(["Their Crew"]);
    expect(theirs.visits.map((visit) => visit.id)).toEqual([otherVisitId]);
    expect(theirs.unassigned).toEqual([]);
  });

  it("refuses a field user, and a range that is not one to seven real days", async () => {
    expect((await call("GET", `/api/schedule?from=${MONDAY}&to=${MONDAY}`, fieldUser)).status).toBe(403);
    const eightDays = await call("GET", `/api/schedule?from=${MONDAY}&to=2030-03-11`, owner);
    expect(eightDays).toMatchObject({
      status: 400,
      body: { message: "The schedule covers at most 7 days at once", field: "to" },
    });
    expect((await call("GET", `/api/schedule?from=${MONDAY}&to=2030-03-03`, owner)).status).toBe(400);
    expect((await call("GET", `/api/schedule?from=2030-02-30&to=2030-03-01`, owner)).status).toBe(400);
    expect((await call("GET", `/api/schedule?from=${MONDAY}`, owner)).status).toBe(400);
    expect((await fetch(`${t.url}/api/schedule?from=${MONDAY}&to=${MONDAY}`)).status).toBe(401);
  });
});

describe("POST /api/visits/:id/schedule refuses, naming the problem, and changes nothing", () => {
  it("a double booking", async () => {
    const first = await newVisit("Weekly mowing");
    expect((await schedule(first, { crewId: crewA, start: at("2030-03-06", "09:00") })).status).toBe(200);
    const second = await newVisit("Aeration");
    await expectRefused(
      second,
      { crewId: crewA, start: at("2030-03-06", "09:30") },
      409,
      "Double booking: Crew A already has Weekly mowing from 9:00 to 10:00",
    );
  });

  it("a time outside the crew's working hours, or on a day it does not work", async () => {
    const visit = await newVisit("Late job");
    await expectRefused(
      visit,
      { crewId: crewA, start: at("2030-03-06", "16:30") },
      409,
      "16:30–17:30 is outside Crew A's working hours on Wednesday (8:00–17:00)",
    );
    await expectRefused(visit, { crewId: crewA, start: at(SUNDAY, "10:00") }, 409, "Crew A does not work on Sundays");
  });

  it("a crew without the job's skill", async () => {
    const visit = await newVisit("Sprinkler start-up", ["irrigation"]);
    await expectRefused(
      visit,
      { crewId: crewA, start: at("2030-03-07", "09:00") },
      409,
      "Crew A lacks the skill this visit needs: irrigation",
    );
    expect((await schedule(visit, { crewId: crewB, start: at("2030-03-07", "09:00") })).status).toBe(200);
  });

  it("a visit that leaves no room for the crew's break", async () => {
    const visit = await newVisit("Long lunch job", ["irrigation"]);
    await expectRefused(
      visit,
      { crewId: crewB, start: at("2030-03-08", "11:45"), durationMinutes: 60 },
      409,
      "Crew B would have no room for the 30-minute break between 12:00 and 13:00",
    );
    expect(
      (await schedule(visit, { crewId: crewB, start: at("2030-03-08", "11:30"), durationMinutes: 60 })).status,
    ).toBe(200);
  });

  it("another company's crew (404) and a field user (403)", async () => {
    const visit = await newVisit("Anything");
    await expectRefused(visit, { crewId: otherCrew, start: at("2030-03-06", "13:00") }, 404, "Crew not found");
    await expectRefused(visit, { crewId: crewA, start: at("2030-03-06", "13:00") }, 403, /access/, fieldUser);
    expect(
      (
        await call("POST", `/api/visits/${otherVisitId}/schedule`, owner, {
          crewId: crewA,
          start: at("2030-03-06", "14:00"),
          durationMinutes: 60,
          version: 2,
        })
      ).status,
    ).toBe(404);
  });

  it("a stale version (409), so two dispatchers moving the same visit cannot both win", async () => {
    const visit = await newVisit("Moved twice");
    expect((await schedule(visit, { crewId: crewA, start: at("2030-03-05", "14:00") })).status).toBe(200);
    await expectRefused(visit, { crewId: crewA, start: at("2030-03-05", "15:00") }, 409, /changed/);
  });

  it("puts each placement and move in the audit log, in the company's time, and nothing of a refused one", async () => {
    const visit = await newVisit("Audited aeration");
    const placed = await schedule(visit, { crewId: crewA, start: at("2030-03-05", "09:00") });
    expect(placed.status).toBe(200);
    const moved = { ...visit, version: (placed.body as unknown as Visit).version };
    expect((await schedule(moved, { crewId: crewB, start: at("2030-03-06", "10:00") })).status).toBe(200);
    await expectRefused(moved, { crewId: crewA, start: at("2030-03-07", "10:00") }, 409, /changed/);
    const entries = await t.db.auditLog.findMany({ where: { entityId: visit.id }, orderBy: { createdAt: "asc" } });
    const job = await t.db.job.findUniqueOrThrow({ where: { id: visit.jobId }, select: { number: true } });
    expect(
      entries.map((entry) => [entry.action, entry.actorUserId, (entry.metadata as { summary: string }).summary]),
    ).toEqual([
      [
        "visit.scheduled",
        company.users.owner.id,
        expect.stringMatching(
          new RegExp(`scheduled job #${job.number} \\(Audited aeration\\) for Mar 5, 2030, 9:00 AM MST with Crew A$`),
        ),
      ],
      [
        "visit.moved",
        company.users.owner.id,
        expect.stringMatching(
          new RegExp(
            `moved job #${job.number} \\(Audited aeration\\) from Mar 5, 2030, 9:00 AM MST with Crew A to Mar 6, 2030, 10:00 AM MST with Crew B$`,
          ),
        ),
      ],
    ]);
  });

  it("of two requests booking two different visits into the same slot at once, exactly one wins", async () => {
    const [one, two] = await Promise.all([newVisit("Race one"), newVisit("Race two")]);
    const slot = { crewId: crewA, start: at("2030-03-08", "15:00") };
    const results = await Promise.all([schedule(one!, slot), schedule(two!, slot)]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    expect(results.find((result) => result.status === 409)!.body.message).toMatch(
      /^Double booking: Crew A already has Race (one|two) from 15:00 to 16:00$/,
    );
    const booked = await t.db.visit.count({ where: { id: { in: [one!.id, two!.id] }, crewId: crewA } });
    expect(booked).toBe(1);
  });
});

describe("live updates", () => {
  /** A socket that records every message, with a way to wait for one. */
  function connect(token: string) {
    const socket = new WebSocket(`${t.url.replace("http", "ws")}/api/ws`, { headers: { cookie: `session=${token}` } });
    const messages: ServerMessage[] = [];
    socket.on("message", (raw) => messages.push(serverMessageSchema.parse(JSON.parse(String(raw)))));
    const waitFor = async (test: (message: ServerMessage) => boolean) => {
      for (let tries = 0; tries < 100; tries++) {
        const found = messages.find((message) => test(message));
        if (found) return found;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error("no such message in time");
    };
    return { socket, messages, waitFor };
  }

  const visitsChanged = (message: ServerMessage) =>
    message.type === "event" && message.event.name === "visits.changed" ? message.event.payload : null;

  it("another user of the company sees visits.changed after a schedule, and nothing of a refused one", async () => {
    const memberSocket = connect(member);
    const otherSocket = connect(otherOwner);
    await memberSocket.waitFor((message) => message.type === "ready");
    await otherSocket.waitFor((message) => message.type === "ready");
    const refused = await newVisit("Refused move", ["irrigation"]);
    const moved = await newVisit("Live move");
    expect((await schedule(refused, { crewId: crewA, start: at("2030-03-07", "13:00") })).status).toBe(409);
    expect((await schedule(moved, { crewId: crewA, start: at("2030-03-07", "13:00") })).status).toBe(200);

    const event = await memberSocket.waitFor(
      (message) =>
        (visitsChanged(message)?.visitIds.includes(moved.id) && visitsChanged(message)?.crewIds.length === 1) ?? false,
    );
    expect(visitsChanged(event)).toEqual({ visitIds: [moved.id], jobIds: [moved.jobId], crewIds: [crewA] });
    expect(event.type === "event" && event.requestId).toEqual(expect.any(String));
    expect(
      memberSocket.messages.filter(
        (message) => visitsChanged(message)?.visitIds.includes(refused.id) && visitsChanged(message)?.crewIds.length,
      ),
    ).toEqual([]);
    const jobEvent = memberSocket.messages.find(
      (message) =>
        message.type === "event" &&
        message.event.name === "jobs.changed" &&
        message.event.payload.jobIds.includes(moved.jobId),
    );
    expect(jobEvent).toBeDefined();
    expect(otherSocket.messages.filter((message) => message.type === "event")).toEqual([]);
    memberSocket.socket.close();
    otherSocket.socket.close();
  });

  it("job and crew writes announce jobs.changed and crews.changed", async () => {
    const socket = connect(member);
    await socket.waitFor((message) => message.type === "ready");
    const crewEvents = (crewId: string) =>
      socket.messages.filter(
        (message) =>
          message.type === "event" &&
          message.event.name === "crews.changed" &&
          message.event.payload.crewIds.includes(crewId),
      ).length;
    const created = await call("POST", "/api/crews", owner, {
      name: `Crew ${randomUUID().slice(0, 4)}`,
      color: "#123456",
    });
    expect(created.status).toBe(201);
    const crewId = String(created.body.id);
    await socket.waitFor(() => crewEvents(crewId) === 1);
    expect((await call("PATCH", `/api/crews/${crewId}`, owner, { skills: ["pruning"] })).status).toBe(200);
    await socket.waitFor(() => crewEvents(crewId) === 2);
    expect((await call("DELETE", `/api/crews/${crewId}`, member)).status).toBe(204);
    await socket.waitFor(() => crewEvents(crewId) === 3);

    const visit = await newVisit("Renamed later");
    expect((await call("PATCH", `/api/jobs/${visit.jobId}`, owner, { title: "Renamed" })).status).toBe(200);
    const jobEvents = () =>
      socket.messages.filter(
        (message) =>
          message.type === "event" &&
          message.event.name === "jobs.changed" &&
          message.event.payload.jobIds.includes(visit.jobId),
      ).length;
    await socket.waitFor(() => jobEvents() === 2);
    socket.socket.close();
  });
});
