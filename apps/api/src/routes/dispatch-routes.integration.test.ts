import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedSampleDay, type SampleDay } from "@fieldops/domain/dispatch/sample-day";
import { queueRoutePlan } from "@fieldops/domain/dispatch/request-route-plan";
import { readEventsAfter } from "@fieldops/events/company-stream";
import { addDays, dayInTimeZone, startOfDayInTimeZone, WEEKDAY_NAMES, weekdayOf } from "@fieldops/shared/company-time";
import type { BestSlotsResponse, RoutePlan } from "@fieldops/shared/dispatch";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import {
  createTestCompany,
  drainQueues,
  signIn,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
  callApi,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let growth: TestCompany;
let other: TestCompany;
let owner: string;
let member: string;
let fieldUser: string;
let growthOwner: string;
let otherOwner: string;
const timeZone = "America/New_York";
const today = dayInTimeZone(new Date(), timeZone);
let nextDay = 7;
/** A day of its own for each test, a week or more ahead. */
const freshDate = () => addDays(today, nextDay++);

const call = (method: string, path: string, token: string, body?: unknown) => callApi(t.url, method, path, token, body);

async function optimize(
  date: string,
  crewIds: string[],
  token = owner,
  path = "/api/schedule/optimize",
): Promise<RoutePlan> {
  const queued = await call("POST", path, token, { date, crewIds, budgetSeconds: 1 });
  expect(queued.status, JSON.stringify(queued.body)).toBe(202);
  await drainQueues(t.runtime.context.queues, ["optimizer"]);
  const plan = await call("GET", `/api/route-plans/${queued.body.planId as string}`, token);
  expect(plan.status).toBe(200);
  return plan.body as unknown as RoutePlan;
}

const visitState = (ids: string[]) =>
  t.db.visit.findMany({
    where: { id: { in: ids } },
    select: { id: true, crewId: true, scheduledStart: true, scheduledEnd: true, version: true, status: true },
    orderBy: { id: "asc" },
  });

function expectMatchesProposal(plan: RoutePlan, rows: Awaited<ReturnType<typeof visitState>>, crewIds: string[]) {
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const crew of plan.result!.crews.filter((entry) => crewIds.includes(entry.crewId))) {
    for (const stop of crew.proposed.stops) {
      const row = byId.get(stop.visitId)!;
      expect(row).toMatchObject({ crewId: crew.crewId, status: "scheduled" });
      expect(row.scheduledStart!.toISOString()).toBe(stop.start);
      expect(row.scheduledEnd!.toISOString()).toBe(stop.end);
    }
  }
}

beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db, { name: "Optimal Lawns" });
  growth = await createTestCompany(t.db, { name: "Growing Lawns", planId: "growth" });
  other = await createTestCompany(t.db, { name: "Other Lawns" });
  [owner, member, fieldUser, growthOwner, otherOwner] = await Promise.all([
    signIn(t.url, company.users.owner.email),
    signIn(t.url, company.users.member.email),
    signIn(t.url, company.users.field_user.email),
    signIn(t.url, growth.users.owner.email),
    signIn(t.url, other.users.owner.email),
  ]);
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

describe("optimizing a day", () => {
  it("proposes routes that cut the driving of a badly planned day, and says so live", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 3, visitsPerCrew: 4 });
    const plan = await optimize(date, day.crewIds, member);
    expect(plan).toMatchObject({ status: "ready", kind: "optimize", date, error: null });
    const result = plan.result!;
    expect(result.distanceSource).toBe("straight_line");
    expect(result.after.driveSeconds).toBeLessThan(result.before.driveSeconds * 0.7);
    expect(result.saved.driveSeconds).toBe(result.before.driveSeconds - result.after.driveSeconds);
    expect(result.saved.distanceMeters).toBeGreaterThan(0);
    expect(result.leftOut).toEqual([]);
    // Every visit is planned once, in its crew's hours, without overlaps.
    const planned = result.crews.flatMap((crew) => crew.proposed.stops.map((stop) => stop.visitId));
    expect(planned.sort()).toEqual([...day.visitIds].sort());
    const dayStart = startOfDayInTimeZone(date, timeZone).getTime();
    for (const crew of result.crews) {
      expect(crew.current.stops.map((stop) => stop.visitId)).toEqual(day.routes.get(crew.crewId));
      crew.proposed.stops.forEach((stop, i) => {
        expect(Date.parse(stop.start)).toBeGreaterThanOrEqual(dayStart + 7 * 3_600_000);
        expect(Date.parse(stop.end)).toBeLessThanOrEqual(dayStart + 19 * 3_600_000);
        if (i > 0) expect(Date.parse(stop.start)).toBeGreaterThanOrEqual(Date.parse(crew.proposed.stops[i - 1]!.end));
      });
    }
    expect(result.moves.length).toBeGreaterThan(0);
    const events = await readEventsAfter(t.runtime.context.redis, company.id, "0-0");
    const updates = events.flatMap((entry) =>
      entry.event.name === "route_plan.updated" && entry.event.payload.planId === plan.id
        ? [entry.event.payload.status]
        : [],
    );
    expect(updates).toEqual(["running", "ready"]);
  });

  it("keeps a visit with a promised time within its window", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 2, visitsPerCrew: 4 });
    const promised = day.routes.get(day.crewIds[0]!)![0]!;
    const at = startOfDayInTimeZone(date, timeZone).getTime() + 15 * 3_600_000;
    await t.db.visit.update({
      where: { id: promised },
      data: { scheduledStart: new Date(at), scheduledEnd: new Date(at + 45 * 60_000), arrivalWindowMinutes: 15 },
    });
    const plan = await optimize(date, day.crewIds);
    const stop = plan.result!.crews.flatMap((crew) => crew.proposed.stops).find((entry) => entry.visitId === promised)!;
    expect(Math.abs(Date.parse(stop.start) - at)).toBeLessThanOrEqual(15 * 60_000);
  });

  it("applies all of a plan in one go, and a second apply changes nothing", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 3, visitsPerCrew: 4 });
    const plan = await optimize(date, day.crewIds);
    const applied = await call("POST", `/api/route-plans/${plan.id}/apply`, owner, {});
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    expect(applied.body).toMatchObject({ status: "applied", appliedCrewIds: expect.arrayContaining(day.crewIds) });
    const after = await visitState(day.visitIds);
    expectMatchesProposal(plan, after, day.crewIds);
    expect(after.some((row) => row.version === 2)).toBe(true);
    const events = await readEventsAfter(t.runtime.context.redis, company.id, "0-0");
    const changed = events.flatMap((entry) =>
      entry.event.name === "visits.changed" ? entry.event.payload.visitIds : [],
    );
    expect(changed).toEqual(expect.arrayContaining(after.filter((row) => row.version > 1).map((row) => row.id)));

    const again = await call("POST", `/api/route-plans/${plan.id}/apply`, owner, {});
    expect(again.status).toBe(200);
    expect(await visitState(day.visitIds)).toEqual(after);
    // One entry in the audit log for the apply, none for the repeat.
    const moved = after.filter((row) => row.version > 1).length;
    const audited = await t.db.auditLog.findMany({ where: { entityId: plan.id } });
    expect(
      audited.map((entry) => [entry.action, entry.actorUserId, (entry.metadata as { summary: string }).summary]),
    ).toEqual([
      [
        "dispatch.routes_applied",
        company.users.owner.id,
        expect.stringMatching(
          new RegExp(`applied the optimized routes of .+ for \\w{3} \\d+, \\d{4}: ${moved} visits? moved$`),
        ),
      ],
    ]);
  });

  it("applies Crew A alone on a day where the other crews have proposals too: every other visit keeps its crew and time", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 3, visitsPerCrew: 4 });
    const plan = await optimize(date, day.crewIds);
    const [crewA, ...others] = day.crewIds;
    const partA = plan.result!.crews.find((crew) => crew.crewId === crewA)!;
    // The whole plan trades visits between crews (every sample crew crosses town): Crew A's part alone keeps its own.
    expect(partA.tradesWith.length).toBeGreaterThan(0);
    expect(partA.alone).not.toBeNull();
    expect(partA.alone!.stops.map((stop) => stop.visitId).sort()).toEqual([...day.routes.get(crewA!)!].sort());
    const before = await visitState(day.visitIds);

    const part = await call("POST", `/api/route-plans/${plan.id}/apply`, member, { crewIds: [crewA] });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toMatchObject({ status: "ready", appliedCrewIds: [crewA] });
    const afterPart = await visitState(day.visitIds);
    const mine = new Set(day.routes.get(crewA!)!);
    for (const [i, row] of afterPart.entries()) {
      if (mine.has(row.id)) continue;
      expect(row, "a visit of another crew").toEqual(before[i]);
    }
    for (const stop of partA.alone!.stops) {
      const row = afterPart.find((entry) => entry.id === stop.visitId)!;
      expect(row).toMatchObject({ crewId: crewA, status: "scheduled" });
      expect(row.scheduledStart!.toISOString()).toBe(stop.start);
      expect(row.scheduledEnd!.toISOString()).toBe(stop.end);
    }
    const events = await readEventsAfter(t.runtime.context.redis, company.id, "0-0");
    const moved = events.flatMap((entry) =>
      entry.event.name === "visits.changed" && entry.event.payload.visitIds.some((id: string) => mine.has(id))
        ? entry.event.payload.crewIds
        : [],
    );
    expect(new Set(moved)).toEqual(new Set([crewA]));

    // Applying it again changes nothing; the other crews, applied later, take their own days alone too.
    expect((await call("POST", `/api/route-plans/${plan.id}/apply`, member, { crewIds: [crewA] })).status).toBe(200);
    expect(await visitState(day.visitIds)).toEqual(afterPart);
    const rest = await call("POST", `/api/route-plans/${plan.id}/apply`, member, {});
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    expect(rest.body.status).toBe("applied");
    const final = await visitState(day.visitIds);
    for (const crewId of others) {
      const crew = plan.result!.crews.find((entry) => entry.crewId === crewId)!;
      for (const stop of (crew.alone ?? crew.proposed).stops) {
        const row = final.find((entry) => entry.id === stop.visitId)!;
        expect(row).toMatchObject({ crewId });
        expect(row.scheduledStart!.toISOString()).toBe(stop.start);
      }
    }
    for (const [crewId, visitIds] of day.routes)
      for (const id of visitIds) expect(final.find((row) => row.id === id)!.crewId).toBe(crewId);
  });

  it("takes unassigned visits of the day from the queue as the board shows it: a closed job's visit stays out", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 2, visitsPerCrew: 2 });
    const [openVisit, closedVisit] = day.routes.get(day.crewIds[1]!)!;
    await t.db.visit.updateMany({ where: { id: { in: [openVisit!, closedVisit!] } }, data: { crewId: null } });
    const closed = await t.db.visit.findUniqueOrThrow({ where: { id: closedVisit! }, select: { jobId: true } });
    await t.db.job.update({ where: { id: closed.jobId }, data: { closedAt: new Date() } });
    const plan = await optimize(date, day.crewIds);
    const planned = plan.result!.crews.flatMap((crew) => crew.proposed.stops.map((stop) => stop.visitId));
    expect(planned).toContain(openVisit);
    expect(planned).not.toContain(closedVisit);
    expect(plan.result!.leftOut.map((entry) => entry.visitId)).not.toContain(closedVisit);
  });

  it("plans a day of 9 visits with one unlocatable customer: the other 8 around it, that one listed with its reason", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 3, visitsPerCrew: 3 });
    expect(day.visitIds).toHaveLength(9);
    const crewB = day.crewIds[1]!;
    const lost = day.routes.get(crewB)![1]!;
    const lostRow = await t.db.visit.findUniqueOrThrow({ where: { id: lost }, include: { job: true } });
    await t.db.customer.update({
      where: { id: lostRow.job.customerId },
      data: { latitude: null, longitude: null, locationPrecision: null },
    });

    const plan = await optimize(date, day.crewIds);
    expect(plan.status).toBe("ready");
    const result = plan.result!;
    expect(result.leftOut).toEqual([
      {
        visitId: lost,
        jobTitle: lostRow.job.title,
        crewId: crewB,
        reason: "no_location",
        reasonText: "No location: check the address",
        customerId: lostRow.job.customerId,
        stays: true,
      },
    ]);
    const planned = result.crews.flatMap((crew) => crew.proposed.stops.map((stop) => stop.visitId));
    expect(planned.sort()).toEqual(day.visitIds.filter((id) => id !== lost).sort());
    expect(result.before.visits).toBe(8);
    expect(result.after.visits).toBe(8);
    // Driving figures a dispatcher can believe: a few kilometres around one town, and no longer than now.
    for (const crew of result.crews) {
      for (const totals of [crew.current, crew.proposed]) {
        if (totals.stops.length > 0) expect(totals.driveSeconds).toBeGreaterThan(0);
        expect(totals.driveSeconds).toBeLessThan(3 * 3600);
        expect(totals.distanceMeters).toBeLessThan(150_000);
      }
    }
    expect(result.after.driveSeconds).toBeLessThanOrEqual(result.before.driveSeconds);
    expect(result.saved.driveSeconds).toBe(result.before.driveSeconds - result.after.driveSeconds);
    // Nothing is planned over the time the visit without a location keeps on its crew.
    const onB = result.crews.find((crew) => crew.crewId === crewB)!;
    for (const stop of [...onB.proposed.stops, ...(onB.alone?.stops ?? [])]) {
      expect(
        Date.parse(stop.end) <= lostRow.scheduledStart!.getTime() ||
          Date.parse(stop.start) >= lostRow.scheduledEnd!.getTime(),
      ).toBe(true);
    }

    const applied = await call("POST", `/api/route-plans/${plan.id}/apply`, owner, {});
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    const after = await visitState(day.visitIds);
    expect(after.find((row) => row.id === lost)).toMatchObject({
      crewId: crewB,
      scheduledStart: lostRow.scheduledStart,
      scheduledEnd: lostRow.scheduledEnd,
      version: 1,
    });
    expectMatchesProposal(plan, after, day.crewIds);
  });

  it("rounds proposed times to the company's slot, 5 minutes unless it chose another", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 2, visitsPerCrew: 4 });
    const dayStart = startOfDayInTimeZone(date, timeZone).getTime();
    const onTheSlot = (plan: RoutePlan, minutes: number) => {
      expect(plan.result!.slotMinutes).toBe(minutes);
      const starts = plan.result!.crews.flatMap((crew) =>
        [...crew.proposed.stops, ...(crew.alone?.stops ?? [])].map((stop) => Date.parse(stop.start) - dayStart),
      );
      expect(starts.length).toBeGreaterThan(0);
      for (const start of starts) expect(start % (minutes * 60_000)).toBe(0);
    };
    onTheSlot(await optimize(date, day.crewIds), 5);
    await t.db.company.update({ where: { id: company.id }, data: { scheduleSlotMinutes: 15 } });
    try {
      onTheSlot(await optimize(date, day.crewIds), 15);
    } finally {
      await t.db.company.update({ where: { id: company.id }, data: { scheduleSlotMinutes: 5 } });
    }
  });

  it("proposes no change, not a longer day called a saving, when the day is already as short as it gets", async () => {
    const date = freshDate();
    // One crew, its visits along one street in order: nothing shorter exists.
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 1, visitsPerCrew: 3 });
    const plan = await optimize(date, day.crewIds);
    const result = plan.result!;
    expect(result.saved.driveSeconds).toBeGreaterThanOrEqual(0);
    expect(result.after.driveSeconds).toBeLessThanOrEqual(result.before.driveSeconds);
    const [crew] = result.crews;
    expect(crew!.proposed.driveSeconds).toBeLessThanOrEqual(crew!.current.driveSeconds);
    if (result.saved.driveSeconds === 0) {
      expect(result.notes).toContain(
        "The optimizer found no plan better than the current one, so it proposes no change.",
      );
      expect(crew!.proposed.stops).toEqual(crew!.current.stops);
    }
  });

  it("plans each crew from its start: a crew with none is left out with the reason, and with none at all nothing is queued", async () => {
    const yardless = await createTestCompany(t.db, { name: "Yardless Lawns" });
    const yardlessOwner = await signIn(t.url, yardless.users.owner.email);
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: yardless.id, date, crews: 2, visitsPerCrew: 2 });
    // The second crew starts at the company's yard, which the company has not set.
    const [planned, homeless] = day.crewIds;
    await t.db.crew.update({
      where: { id: homeless },
      data: { startKind: "yard", startLatitude: null, startLongitude: null, startLocationPrecision: null },
    });
    const before = await visitState(day.routes.get(homeless!)!);
    const plan = await optimize(date, day.crewIds, yardlessOwner);
    expect(plan.status).toBe("ready");
    expect(plan.result!.crews.map((crew) => crew.crewId)).toEqual([planned]);
    expect(plan.result!.notes.join(" ")).toMatch(
      /was left out \(its visits stay as they are\)\. The company has no yard yet/,
    );
    expect((await call("POST", `/api/route-plans/${plan.id}/apply`, yardlessOwner, {})).status).toBe(200);
    expect(await visitState(day.routes.get(homeless!)!)).toEqual(before);

    const refused = await call("POST", "/api/schedule/optimize", yardlessOwner, { date, crewIds: [homeless] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("No crew has a place to start and end its day.");
    expect(refused.body.message).toContain("The company has no yard yet");
    expect(await t.db.routePlan.count({ where: { companyId: yardless.id } })).toBe(1);
  });

  it("refuses a day none of the crews works, saying so, and records no plan", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 2, visitsPerCrew: 1 });
    const weekday = weekdayOf(date);
    await t.db.crewWorkingHours.deleteMany({ where: { crewId: { in: day.crewIds }, weekday } });
    const plansBefore = await t.db.routePlan.count({ where: { companyId: company.id } });
    const refused = await call("POST", "/api/schedule/optimize", owner, { date, crewIds: day.crewIds });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(`No crew works on ${WEEKDAY_NAMES[weekday]}s: ${date} has nothing to optimize.`);
    expect(await t.db.routePlan.count({ where: { companyId: company.id } })).toBe(plansBefore);
  });

  it("refuses to apply a plan whose visit changed since, naming it, and writes nothing", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 2, visitsPerCrew: 4 });
    const plan = await optimize(date, day.crewIds);
    const changed = day.visitIds[1]!;
    await t.db.visit.update({ where: { id: changed }, data: { version: { increment: 1 } } });
    const before = await visitState(day.visitIds);
    const refused = await call("POST", `/api/route-plans/${plan.id}/apply`, owner, {});
    expect(refused.status).toBe(409);
    const title = (await t.db.visit.findUniqueOrThrow({ where: { id: changed }, include: { job: true } })).job.title;
    expect(refused.body.message).toContain(title);
    expect(refused.body.message).toContain("route was not applied");
    expect(await visitState(day.visitIds)).toEqual(before);
    expect((await call("GET", `/api/route-plans/${plan.id}`, owner)).body.status).toBe("stale");
  });

  it("re-checks only the crews applied: a visit moved since refuses its crew, naming it, and not another", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 2, visitsPerCrew: 3 });
    const plan = await optimize(date, day.crewIds);
    const [crewA, crewB] = day.crewIds;
    // A dispatcher moves one of Crew B's visits an hour later on the board.
    const movedId = day.routes.get(crewB!)![0]!;
    const moved = await t.db.visit.findUniqueOrThrow({ where: { id: movedId }, include: { job: true } });
    await t.db.visit.update({
      where: { id: movedId },
      data: {
        scheduledStart: new Date(moved.scheduledStart!.getTime() + 3_600_000),
        scheduledEnd: new Date(moved.scheduledEnd!.getTime() + 3_600_000),
        version: { increment: 1 },
      },
    });
    const crewBName = plan.result!.crews.find((crew) => crew.crewId === crewB)!.crewName;
    const before = await visitState(day.visitIds);
    const refused = await call("POST", `/api/route-plans/${plan.id}/apply`, owner, { crewIds: [crewB] });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `${crewBName}'s route was not applied: "${moved.job.title}" was changed since this plan was made. Optimize the day again.`,
    );
    expect(await visitState(day.visitIds)).toEqual(before);
    const alone = await call("POST", `/api/route-plans/${plan.id}/apply`, owner, { crewIds: [crewA] });
    expect(alone.status, JSON.stringify(alone.body)).toBe(200);
    for (const id of day.routes.get(crewB!)!)
      expect((await visitState([id]))[0]).toEqual(before.find((row) => row.id === id));
  });

  it("rolls the whole apply back when a placement rule is broken meanwhile", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 2, visitsPerCrew: 4 });
    const plan = await optimize(date, day.crewIds);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    const busiest = [...plan.result!.crews].sort((a, b) => b.proposed.stops.length - a.proposed.stops.length)[0]!
      .crewId;
    await t.db.crewWorkingHours.update({
      where: { crewId_weekday: { crewId: busiest, weekday } },
      data: { endMinute: 7 * 60 + 30 },
    });
    const before = await visitState(day.visitIds);
    const refused = await call("POST", `/api/route-plans/${plan.id}/apply`, owner, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain("working hours");
    expect(await visitState(day.visitIds)).toEqual(before);
    expect((await t.db.routePlan.findUniqueOrThrow({ where: { id: plan.id } })).appliedCrewIds).toEqual([]);
    expect(await t.db.auditLog.count({ where: { entityId: plan.id } })).toBe(0);
  });

  it("re-plans the rest of today from the crews' positions, keeping started work where it is", async () => {
    const day = await seedSampleDay(t.db, { companyId: company.id, date: today, crews: 2, visitsPerCrew: 4 });
    const started = day.routes.get(day.crewIds[0]!)![0]!;
    await t.db.visit.update({ where: { id: started }, data: { status: "in_progress", startedAt: new Date() } });
    const replan = await optimize(today, day.crewIds, owner, "/api/schedule/replan");
    expect(replan).toMatchObject({ status: "ready", kind: "replan" });
    const proposed = replan.result!.crews.flatMap((crew) => crew.proposed.stops);
    expect(proposed.map((stop) => stop.visitId)).not.toContain(started);
    expect(replan.result!.leftOut.map((entry) => entry.visitId)).not.toContain(started);
    for (const stop of proposed)
      expect(Date.parse(stop.start)).toBeGreaterThanOrEqual(Date.parse(replan.createdAt) - 60_000);
    for (const entry of replan.result!.leftOut) expect(entry.reasonText.length).toBeGreaterThan(10);

    const notToday = await call("POST", "/api/schedule/replan", owner, { date: freshDate() });
    expect(notToday.status).toBe(400);
    expect(notToday.body.message).toContain("Only today");
    const past = await call("POST", "/api/schedule/optimize", owner, { date: addDays(today, -1) });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("A past day cannot be optimized");
  });
});

describe("who may optimize", () => {
  it("refuses plans without route optimization, naming the Pro plan", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: growth.id, date, crews: 1, visitsPerCrew: 2 });
    for (const [path, body] of [
      ["/api/schedule/optimize", { date }],
      ["/api/schedule/replan", { date: today }],
    ] as const) {
      const refused = await call("POST", path, growthOwner, body);
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain("Pro plan");
    }
    const slots = await call("GET", `/api/visits/${day.visitIds[0]}/best-slots?date=${date}`, growthOwner);
    expect(slots.status).toBe(403);
    expect(await t.db.routePlan.count({ where: { companyId: growth.id } })).toBe(0);
  });

  it("fails a queued plan in the worker when the company's plan no longer includes it", async () => {
    const starter = await createTestCompany(t.db, { planId: "starter" });
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: starter.id, date, crews: 1, visitsPerCrew: 2 });
    const row = await t.db.routePlan.create({
      data: { companyId: starter.id, date, crewIds: day.crewIds, budgetSeconds: 1 },
    });
    await queueRoutePlan(t.runtime.context.queues, { companyId: starter.id, planId: row.id, requestId: null });
    await drainQueues(t.runtime.context.queues, ["optimizer"]);
    const failed = await t.db.routePlan.findUniqueOrThrow({ where: { id: row.id } });
    expect(failed.status).toBe("failed");
    expect(failed.error).toContain("Pro plan");
    expect(failed.result).toBeNull();
  });

  it("answers 404 for another company's plan, visit or crews", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 1, visitsPerCrew: 2 });
    const plan = await optimize(date, day.crewIds);
    expect((await call("GET", `/api/route-plans/${plan.id}`, otherOwner)).status).toBe(404);
    expect((await call("POST", `/api/route-plans/${plan.id}/apply`, otherOwner, {})).status).toBe(404);
    expect((await call("GET", `/api/visits/${day.visitIds[0]}/best-slots?date=${date}`, otherOwner)).status).toBe(404);
    expect((await call("POST", "/api/schedule/optimize", otherOwner, { date, crewIds: day.crewIds })).status).toBe(404);
    expect((await call("GET", `/api/route-plans/${randomUUID()}`, owner)).status).toBe(404);
    expect((await visitState(day.visitIds)).every((row) => row.version === 1)).toBe(true);
  });

  it("refuses field users everything", async () => {
    const date = freshDate();
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 1, visitsPerCrew: 2 });
    const plan = await optimize(date, day.crewIds);
    expect((await call("POST", "/api/schedule/optimize", fieldUser, { date })).status).toBe(403);
    expect((await call("POST", "/api/schedule/replan", fieldUser, { date: today })).status).toBe(403);
    expect((await call("GET", `/api/route-plans/${plan.id}`, fieldUser)).status).toBe(403);
    expect((await call("POST", `/api/route-plans/${plan.id}/apply`, fieldUser, {})).status).toBe(403);
    expect((await call("GET", `/api/visits/${day.visitIds[0]}/best-slots?date=${date}`, fieldUser)).status).toBe(403);
    expect((await visitState(day.visitIds)).every((row) => row.version === 1)).toBe(true);
  });
});

describe("GET /api/visits/:id/best-slots", () => {
  // A company of its own: every crew of the company is a candidate, and the other tests' crews work every day.
  let slotsCompany: TestCompany;
  let slotsOwner: string;
  let slotsMember: string;
  beforeAll(async () => {
    slotsCompany = await createTestCompany(t.db, { name: "Slot Lawns" });
    [slotsOwner, slotsMember] = await Promise.all([
      signIn(t.url, slotsCompany.users.owner.email),
      signIn(t.url, slotsCompany.users.member.email),
    ]);
  });

  async function unscheduledVisit(requiredSkills: string[]) {
    const company = slotsCompany;
    const customer = await t.db.customer.create({
      data: {
        companyId: company.id,
        name: "Slot Customer",
        street: "1 Pearl St",
        city: "Boulder",
        region: "CO",
        postcode: "80302",
        latitude: 40.02,
        longitude: -105.28,
      },
    });
    const counter = await t.db.jobCounter.upsert({
      where: { companyId: company.id },
      create: { companyId: company.id, lastNumber: 1 },
      update: { lastNumber: { increment: 1 } },
    });
    const job = await t.db.job.create({
      data: {
        companyId: company.id,
        customerId: customer.id,
        number: counter.lastNumber,
        title: "Sprinkler repair",
        requiredSkills,
        visitDurationMinutes: 60,
      },
    });
    return t.db.visit.create({ data: { companyId: company.id, jobId: job.id, durationMinutes: 60 } });
  }

  it("suggests only crews with the skills, inside their hours, cheapest first", async () => {
    const date = freshDate();
    const day: SampleDay = await seedSampleDay(t.db, { companyId: slotsCompany.id, date, crews: 2, visitsPerCrew: 4 });
    const skilled = await t.db.crew.create({
      data: {
        companyId: slotsCompany.id,
        name: "Irrigation Crew",
        color: "#2563eb",
        skills: ["irrigation"],
        startKind: "address",
        startLatitude: 40.0,
        startLongitude: -105.2,
        startLocationPrecision: "manual",
      },
    });
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    await t.db.crewWorkingHours.create({
      data: { crewId: skilled.id, companyId: slotsCompany.id, weekday, startMinute: 10 * 60, endMinute: 15 * 60 },
    });
    const dayStart = startOfDayInTimeZone(date, timeZone).getTime();

    const needsSkill = await unscheduledVisit(["irrigation"]);
    const only = await call("GET", `/api/visits/${needsSkill.id}/best-slots?date=${date}`, slotsMember);
    expect(only.status, JSON.stringify(only.body)).toBe(200);
    const onlySlots = only.body as unknown as BestSlotsResponse;
    expect(onlySlots.items.map((slot) => slot.crewId)).toEqual([skilled.id]);
    expect(Date.parse(onlySlots.items[0]!.start)).toBeGreaterThanOrEqual(dayStart + 10 * 3_600_000);
    expect(Date.parse(onlySlots.items[0]!.end)).toBeLessThanOrEqual(dayStart + 15 * 3_600_000);

    const anyCrew = await unscheduledVisit([]);
    const slots = (await call("GET", `/api/visits/${anyCrew.id}/best-slots?date=${date}`, slotsOwner))
      .body as unknown as BestSlotsResponse;
    expect(slots.distanceSource).toBe("straight_line");
    expect(new Set(slots.items.map((slot) => slot.crewId))).toEqual(new Set([...day.crewIds, skilled.id]));
    const minutes = slots.items.map((slot) => slot.addedDriveMinutes);
    expect(minutes).toEqual([...minutes].sort((a, b) => a - b));
    // The sample crews are booked 8:00–11:45 (with travel in between): a slot never overlaps a booked visit.
    const booked = await t.db.visit.findMany({ where: { crewId: { in: day.crewIds } } });
    for (const slot of slots.items.filter((entry) => day.crewIds.includes(entry.crewId))) {
      expect(Date.parse(slot.start)).toBeGreaterThanOrEqual(dayStart + 7 * 3_600_000);
      expect(Date.parse(slot.end)).toBeLessThanOrEqual(dayStart + 19 * 3_600_000);
      for (const visit of booked.filter((entry) => entry.crewId === slot.crewId)) {
        expect(
          Date.parse(slot.start) >= visit.scheduledEnd!.getTime() ||
            Date.parse(slot.end) <= visit.scheduledStart!.getTime(),
        ).toBe(true);
      }
    }
  });
});
