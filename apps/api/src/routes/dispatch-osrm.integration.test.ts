import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { seedSampleDay } from "@fieldops/domain/dispatch/sample-day";
import { dayMatrix, osrmProvider } from "@fieldops/domain/dispatch/travel-matrix";
import { addDays, dayInTimeZone } from "@fieldops/shared/company-time";
import type { BestSlotsResponse, RoutePlan } from "@fieldops/shared/dispatch";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import {
  callApi,
  createTestCompany,
  drainQueues,
  signIn,
  startTestApp,
  startTestWorkers,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { startOsrmStandIn, standInMetres, type OsrmStandIn } from "../../../../tests/stand-ins/osrm-api.ts";

let osrm: OsrmStandIn;

let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let owner: string;
const today = dayInTimeZone(new Date(), "America/New_York");
const call = (method: string, path: string, body?: unknown) => callApi(t.url, method, path, owner, body);

beforeAll(async () => {
  osrm = await startOsrmStandIn();
  t = await startTestApp({ OSRM_URL: osrm.url });
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db);
  owner = await signIn(t.url, company.users.owner.email);
});
beforeEach(() => {
  osrm.requests.length = 0;
  osrm.mode = "ok";
});
afterAll(async () => {
  await workers.close();
  await t.close();
  await osrm.close();
});

async function optimize(date: string, crewIds: string[]): Promise<RoutePlan> {
  const queued = await call("POST", "/api/schedule/optimize", { date, crewIds, budgetSeconds: 1 });
  expect(queued.status).toBe(202);
  await drainQueues(t.runtime.context.queues, ["optimizer"]);
  return (await call("GET", `/api/route-plans/${queued.body.planId as string}`)).body as unknown as RoutePlan;
}

describe("route optimization with OSRM_URL set", () => {
  it("plans on the OSRM server's road distances", async () => {
    const date = addDays(today, 8);
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 2, visitsPerCrew: 3 });
    const plan = await optimize(date, day.crewIds);
    expect(osrm.requests.length).toBeGreaterThan(0);
    expect(osrm.requests.every((path) => path.startsWith("/table/v1/driving/"))).toBe(true);
    expect(plan.status).toBe("ready");
    expect(plan.result!.distanceSource).toBe("osrm");
    // The current plan's distance is the stand-in's, summed along each crew's route from the yard and back.
    const crews = await t.db.crew.findMany({ where: { id: { in: day.crewIds } } });
    let expected = 0;
    for (const crew of crews) {
      const yard = [crew.startLongitude!, crew.startLatitude!];
      const visits = await t.db.visit.findMany({
        where: { id: { in: day.routes.get(crew.id) } },
        include: { job: { include: { customer: true } } },
        orderBy: { scheduledStart: "asc" },
      });
      const stops = [
        yard,
        ...visits.map((visit) => [visit.job.customer.longitude!, visit.job.customer.latitude!]),
        yard,
      ];
      for (let i = 1; i < stops.length; i++) expected += standInMetres(stops[i - 1]!, stops[i]!);
    }
    expect(plan.result!.before.distanceMeters).toBeCloseTo(expected, -1);
    expect(plan.result!.after.distanceMeters).toBeLessThan(plan.result!.before.distanceMeters);

    const slots = (await call("GET", `/api/visits/${day.visitIds[0]}/best-slots?date=${date}`))
      .body as unknown as BestSlotsResponse;
    expect(slots.distanceSource).toBe("osrm");
  });

  it("falls back to straight lines, and says why, when the OSRM server fails", async () => {
    osrm.mode = "error";
    const date = addDays(today, 9);
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 2, visitsPerCrew: 2 });
    const plan = await optimize(date, day.crewIds);
    expect(osrm.requests.length).toBeGreaterThan(0);
    expect(plan.status).toBe("ready");
    expect(plan.result!.distanceSource).toBe("straight_line");
    expect(plan.result!.notes.join(" ")).toContain("straight-line estimates were used");
  });

  it("gives up on an OSRM server that does not answer within the timeout", async () => {
    osrm.mode = "hang";
    const started = Date.now();
    await expect(
      osrmProvider(osrm.url, 300).matrix([
        { lat: 40, lon: -105 },
        { lat: 40.1, lon: -105 },
      ]),
    ).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
    const fallback = await dayMatrix(
      [
        { lat: 40, lon: -105 },
        { lat: 40.1, lon: -105 },
      ],
      osrm.url.replace(/:\d+$/, ":1"),
    );
    expect(fallback.source).toBe("straight_line");
  });
});
