import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
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

/**
 * A stand-in OSRM server: /table/v1/driving/{lon,lat;...} answers in OSRM's format with Manhattan distances
 * (1 m per 0.00001 degree) driven at 10 m/s. `mode` makes it fail or hang.
 */
let osrm: Server;
let osrmUrl: string;
let requests: string[] = [];
let mode: "ok" | "error" | "hang" = "ok";
const metres = (a: number[], b: number[]) => Math.round((Math.abs(a[0]! - b[0]!) + Math.abs(a[1]! - b[1]!)) * 100_000);

let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
let owner: string;
const today = dayInTimeZone(new Date(), "America/New_York");
const call = (method: string, path: string, body?: unknown) => callApi(t.url, method, path, owner, body);

beforeAll(async () => {
  osrm = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://localhost");
    requests.push(url.pathname);
    if (mode === "hang") return;
    const match = /^\/table\/v1\/driving\/(.+)$/.exec(url.pathname);
    if (!match || mode === "error") {
      response
        .writeHead(500, { "content-type": "application/json" })
        .end(JSON.stringify({ code: "Error", message: "down" }));
      return;
    }
    const coordinates = match[1]!.split(";").map((pair) => pair.split(",").map(Number));
    const distances = coordinates.map((from) => coordinates.map((to) => metres(from, to)));
    response
      .writeHead(200, { "content-type": "application/json" })
      .end(JSON.stringify({ code: "Ok", distances, durations: distances.map((row) => row.map((d) => d / 10)) }));
  });
  await new Promise<void>((resolve) => osrm.listen(0, "127.0.0.1", resolve));
  osrmUrl = `http://127.0.0.1:${(osrm.address() as AddressInfo).port}`;
  t = await startTestApp({ OSRM_URL: osrmUrl });
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db);
  owner = await signIn(t.url, company.users.owner.email);
});
beforeEach(() => {
  requests = [];
  mode = "ok";
});
afterAll(async () => {
  await workers.close();
  await t.close();
  osrm.closeAllConnections();
  await new Promise<void>((resolve) => osrm.close(() => resolve()));
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
    expect(requests.length).toBeGreaterThan(0);
    expect(requests.every((path) => path.startsWith("/table/v1/driving/"))).toBe(true);
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
      for (let i = 1; i < stops.length; i++) expected += metres(stops[i - 1]!, stops[i]!);
    }
    expect(plan.result!.before.distanceMeters).toBeCloseTo(expected, -1);
    expect(plan.result!.after.distanceMeters).toBeLessThan(plan.result!.before.distanceMeters);

    const slots = (await call("GET", `/api/visits/${day.visitIds[0]}/best-slots?date=${date}`))
      .body as unknown as BestSlotsResponse;
    expect(slots.distanceSource).toBe("osrm");
  });

  it("falls back to straight lines, and says why, when the OSRM server fails", async () => {
    mode = "error";
    const date = addDays(today, 9);
    const day = await seedSampleDay(t.db, { companyId: company.id, date, crews: 2, visitsPerCrew: 2 });
    const plan = await optimize(date, day.crewIds);
    expect(requests.length).toBeGreaterThan(0);
    expect(plan.status).toBe("ready");
    expect(plan.result!.distanceSource).toBe("straight_line");
    expect(plan.result!.notes.join(" ")).toContain("straight-line estimates were used");
  });

  it("gives up on an OSRM server that does not answer within the timeout", async () => {
    mode = "hang";
    const started = Date.now();
    await expect(
      osrmProvider(osrmUrl, 300).matrix([
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
      osrmUrl.replace(/:\d+$/, ":1"),
    );
    expect(fallback.source).toBe("straight_line");
  });
});
