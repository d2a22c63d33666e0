import { fillPath } from "@fieldops/shared/endpoint";
import { scheduleEndpoints } from "@fieldops/shared/schedule";
import { jobEndpoints, visitEndpoints } from "@fieldops/shared/jobs";
import { authEndpoints } from "@fieldops/shared/auth";
import { customerEndpoints } from "@fieldops/shared/customers";
import { cpus, loadavg } from "node:os";
import {
  SCALE_COMPANY,
  SCALE_PASSWORD,
  SMALL_COMPANY,
  scaleCompanySeeded,
  scaleOwnerEmail,
  seedScaleCompany,
  type ScaleCompanySize,
} from "@fieldops/db/seed-scale-company";
import { reportIdSchema, reportEndpoints } from "@fieldops/shared/reports";
import { addDays, dayInTimeZone, mondayOf, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import type { CustomerListResponse } from "@fieldops/shared/customers";
import {
  DEFAULT_BUDGET_SECONDS,
  type RoutePlan,
  type RoutePlanQueued,
  dispatchEndpoints,
} from "@fieldops/shared/dispatch";
import type { JobListResponse, Visit } from "@fieldops/shared/jobs";
import { freePort } from "../scripts/start/free-port.ts";
import { benchEnvironment, ownerUrlOf, startProduct, stopProduct } from "./product.ts";
import { percentile } from "./stats.ts";

/**
 * `npm run bench` (scale section; alone: `npm run bench:scale`): the API at the size it must stay fast at, the
 * company of `npm run seed:scale` (10,000 customers, 50 crews, 100,000 visits). For each request of the dispatcher's
 * day, after a warm-up, BENCH_SCALE_REQUESTS requests one at a time: p50 and p95 of the server time and the SQL
 * statements per request, both read from the Server-Timing header (FIELDOPS_REQUEST_METRICS), beside the goals;
 * and a few optimized days for all crews against their budget. Then the same in the small company of the same
 * shape, whose statement counts must be the same.
 *
 * With DATABASE_URL, DATABASE_OWNER_URL and REDIS_URL set it runs `npm start` on them; otherwise on an embedded
 * PostgreSQL and Redis in .data/bench-scale, kept between runs. Either way it seeds the two companies when missing.
 */
const requests = Number(process.env.BENCH_SCALE_REQUESTS ?? 200);
const warmUp = Number(process.env.BENCH_SCALE_WARMUP ?? 20);
const P95_GOAL_MS = 50;
/** BENCH_SCALE_ONLY=<part of a request's name>: measure only the matching requests (while working on one of them). */
const only = process.env.BENCH_SCALE_ONLY?.toLowerCase();
const selected = (name: string) => only === undefined || name.toLowerCase().includes(only);
const TIME_ZONE = "America/Chicago";

/** A signed-in owner: the session cookie, and the headers that let it change things (a page of the app's own). */
export interface BenchSession {
  baseUrl: string;
  cookie: string;
}

interface Sample {
  ms: number;
  /** The API process's CPU time during the request: its work, without the waiting on a busy machine. */
  cpuMs: number;
  queries: number;
}

interface Measured {
  name: string;
  samples: Sample[];
  /** The p95 server time it must stay under. */
  goalMs: number;
}

/**
 * Optimizing one day for every crew, as the dispatcher asks for it: POST /api/schedule/optimize for the next working
 * day at least two days ahead, then GET /api/route-plans/:id until the worker's proposal is ready. Each sample is the
 * time from the request to the ready proposal (the worker's queue included), with the POST's CPU time and
 * statements; the budget is the plan's own.
 */
export async function benchOptimizeDayAtScale(
  baseUrl: string,
  cookie: string,
): Promise<{ samples: Sample[]; budgetMs: number }> {
  const session = { baseUrl, cookie };
  const runs = Number(process.env.BENCH_SCALE_OPTIMIZE_RUNS ?? 3);
  const date = await nextWorkingDay(session, 2);
  const samples: Sample[] = [];
  let budgetMs = DEFAULT_BUDGET_SECONDS * 1000;
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    const queued = await call<RoutePlanQueued>(session, "POST", dispatchEndpoints.optimize.path, { date });
    for (;;) {
      const plan = (
        await call<RoutePlan>(session, "GET", fillPath(dispatchEndpoints.getPlan.path, { id: queued.body.planId }))
      ).body;
      if (plan.status === "ready") {
        budgetMs = plan.budgetSeconds * 1000;
        break;
      }
      if (plan.status !== "queued" && plan.status !== "running")
        throw new Error(`the route plan ended ${plan.status}: ${plan.error ?? ""}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    samples.push({ ...queued.sample, ms: performance.now() - started });
  }
  return { samples, budgetMs };
}

/** The first day `after` days or more ahead on which the company's crews have visits (not a Sunday). */
async function nextWorkingDay(session: BenchSession, after: number): Promise<string> {
  const today = dayInTimeZone(new Date(), TIME_ZONE);
  for (let days = after; days < after + 7; days++) {
    const date = addDays(today, days);
    const query = new URLSearchParams({
      from: startOfDayInTimeZone(date, TIME_ZONE).toISOString(),
      to: startOfDayInTimeZone(addDays(date, 1), TIME_ZONE).toISOString(),
      limit: "1",
    });
    if ((await call<{ items: Visit[] }>(session, "GET", `${visitEndpoints.list.path}?${query}`)).body.items.length > 0)
      return date;
  }
  throw new Error("no visits in the coming week");
}

function headersFor(session: BenchSession, body: boolean): Record<string, string> {
  return {
    cookie: session.cookie,
    origin: session.baseUrl,
    ...(body ? { "content-type": "application/json" } : {}),
  };
}

async function call<T>(
  session: BenchSession,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ body: T; sample: Sample }> {
  const response = await fetch(`${session.baseUrl}${path}`, {
    method,
    headers: headersFor(session, body !== undefined),
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  const timing = /app;dur=([\d.]+), cpu;dur=([\d.]+), db;desc="queries";dur=(\d+)/.exec(
    response.headers.get("server-timing") ?? "",
  );
  if (!timing) throw new Error(`${method} ${path}: no Server-Timing header (is FIELDOPS_REQUEST_METRICS on?)`);
  return {
    body: (await response.json()) as T,
    sample: { ms: Number(timing[1]), cpuMs: Number(timing[2]), queries: Number(timing[3]) },
  };
}

async function signIn(baseUrl: string, email: string): Promise<BenchSession> {
  const response = await fetch(`${baseUrl}${authEndpoints.login.path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: email, password: SCALE_PASSWORD }),
  });
  if (!response.ok) throw new Error(`sign-in as ${email}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  return { baseUrl, cookie };
}

/** Runs `request` warm-up + n times, one at a time, keeping the samples after the warm-up. */
async function measure(
  name: string,
  n: number,
  request: (index: number) => Promise<Sample>,
  goalMs = P95_GOAL_MS,
): Promise<Measured> {
  const samples: Sample[] = [];
  if (!selected(name)) return { name, samples, goalMs };
  for (let index = 0; index < warmUp + n; index++) {
    const sample = await request(index);
    if (index >= warmUp) samples.push(sample);
  }
  return { name, samples, goalMs };
}

/**
 * A report is read less often than a list and sums a month of the company's work, so its goal is looser than an
 * interactive screen's.
 */
const REPORT_P95_GOAL_MS = 200;

/** This week's Monday to Sunday on the company's calendar, as the schedule shows it. */
function thisWeek(): { from: string; to: string } {
  const monday = mondayOf(dayInTimeZone(new Date(), TIME_ZONE));
  return { from: monday, to: addDays(monday, 6) };
}

/** The schedule screen's week: every crew, the week's visits and the unassigned queue. */
const weekSchedulePath = ({ from, to }: { from: string; to: string }) =>
  `${scheduleEndpoints.get.path}?${new URLSearchParams({ from, to })}`;

/** The dispatcher's requests, in the company of `session`, n times each. */
async function benchCompany(session: BenchSession, n: number): Promise<Measured[]> {
  const get = async <T>(path: string) => (await call<T>(session, "GET", path)).sample;
  const results: Measured[] = [];

  results.push(await measure("jobs list, first page", n, () => get(jobEndpoints.list.path)));
  // A page some way down: 40 pages of 25 in.
  let cursor: string | null = null;
  for (let page = 0; page < 40; page++) {
    const path: string = cursor
      ? `${jobEndpoints.list.path}?${new URLSearchParams({ cursor })}`
      : jobEndpoints.list.path;
    cursor = (await call<JobListResponse>(session, "GET", path)).body.nextCursor;
    if (!cursor) break;
  }
  if (!cursor) throw new Error("the company has fewer than 41 pages of jobs");
  const laterPage = `${jobEndpoints.list.path}?${new URLSearchParams({ cursor })}`;
  results.push(await measure("jobs list, page 41 (cursor)", n, () => get(laterPage)));

  // Filtered by a rare status: a few hundred unscheduled jobs among 60,000.
  results.push(
    await measure("jobs list, status unscheduled", n, () => get(`${jobEndpoints.list.path}?status=unscheduled`)),
  );

  results.push(await measure('customer search, name "ander"', n, () => get(`${customerEndpoints.list.path}?q=ander`)));
  const someone = (await call<CustomerListResponse>(session, "GET", `${customerEndpoints.list.path}?limit=1`)).body
    .items[0];
  const digits = someone?.phone?.replace(/\D/g, "").slice(3, 7);
  if (!digits) throw new Error("no customer with a phone number");
  results.push(
    await measure("customer search, phone digits", n, () => get(`${customerEndpoints.list.path}?q=${digits}`)),
  );

  const week = thisWeek();
  results.push(await measure("week schedule, all crews", n, () => get(weekSchedulePath(week))));

  // Dragging: the last visit of a crew's day a few days ahead moves 30 minutes later (the seeded days keep their
  // last hour free) and back, each move naming the version it saw.
  const date = await nextWorkingDay(session, 2);
  // The afternoon only: a whole day of 50 crews is more than one page of visits.
  const afternoon = new Date(startOfDayInTimeZone(date, TIME_ZONE).getTime() + 14 * 3600_000).toISOString();
  const query = new URLSearchParams({
    from: afternoon,
    to: startOfDayInTimeZone(addDays(date, 1), TIME_ZONE).toISOString(),
    limit: "500",
  });
  const listed = (await call<{ items: Visit[] }>(session, "GET", `${visitEndpoints.list.path}?${query}`)).body.items;
  const crewId = listed.find((candidate) => candidate.status === "scheduled")?.crewId;
  const found = listed.filter((candidate) => candidate.crewId === crewId && candidate.status === "scheduled").at(-1);
  if (!found?.scheduledStart) throw new Error(`no scheduled visit on ${date}`);
  let visit: Visit = found;
  const home = found.scheduledStart;
  const later = new Date(Date.parse(home) + 30 * 60_000).toISOString();
  const moveTo = async (start: string) => {
    const moved = await call<Visit>(session, "POST", fillPath(visitEndpoints.schedule.path, { id: visit.id }), {
      crewId: visit.crewId,
      start,
      durationMinutes: visit.durationMinutes,
      version: visit.version,
    });
    visit = moved.body;
    return moved.sample;
  };
  results.push(await measure("drag a visit (schedule)", n, (index) => moveTo(index % 2 === 0 ? later : home)));
  if (visit.scheduledStart !== home) await moveTo(home);

  // The reports screen's first view: this month so far, each report as the screen asks for it.
  const today = dayInTimeZone(new Date(), TIME_ZONE);
  const month = new URLSearchParams({ from: `${today.slice(0, 7)}-01`, to: today });
  for (const report of reportIdSchema.options) {
    const path = `${fillPath(reportEndpoints.get.path, { report })}?${month}`;
    results.push(await measure(`report: ${report}, this month`, n, () => get(path), REPORT_P95_GOAL_MS));
  }

  if (selected("optimize one day, all crews")) {
    const optimize = await benchOptimizeDayAtScale(session.baseUrl, session.cookie);
    results.push({ name: "optimize one day, all crews", samples: optimize.samples, goalMs: optimize.budgetMs });
  }
  return results;
}

/**
 * The statements of most requests. A few take more: the first request after the session cache (30 s) expires also
 * reads the session, which is not the request's own work.
 */
function usualQueries(samples: Sample[]): number {
  const tally = new Map<number, number>();
  for (const { queries } of samples) tally.set(queries, (tally.get(queries) ?? 0) + 1);
  return [...tally].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
}

async function ensureSeeded(ownerUrl: string, size: ScaleCompanySize): Promise<void> {
  if (await scaleCompanySeeded(ownerUrl, size)) return;
  const { ms } = await seedScaleCompany(ownerUrl, size);
  console.log(`seeded ${size.name} in ${(ms / 1000).toFixed(1)} s`);
}

const { env, dataDir, external } = await benchEnvironment("bench-scale", {
  FIELDOPS_REQUEST_METRICS: "true",
  LOG_LEVEL: "warn",
});
const port = await freePort();
const product = startProduct(port, env);
try {
  await product.healthy;
  const ownerUrl = await ownerUrlOf(dataDir);
  await ensureSeeded(ownerUrl, SCALE_COMPANY);
  await ensureSeeded(ownerUrl, SMALL_COMPANY);
  const baseUrl = `http://127.0.0.1:${port}`;
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(loadavg()[0]!), 1000);
  const began = performance.now();
  const scale = await benchCompany(await signIn(baseUrl, scaleOwnerEmail(SCALE_COMPANY)), requests);
  const small = await benchCompany(
    await signIn(baseUrl, scaleOwnerEmail(SMALL_COMPANY)),
    Math.max(10, Math.round(requests / 10)),
  );
  clearInterval(sampler);
  const seconds = (performance.now() - began) / 1000;

  const { customers, crews, visits } = SCALE_COMPANY;
  console.log(
    `\nat scale: ${customers} customers, ${crews} crews, ${visits} visits (npm run seed:scale), ${external ? "on DATABASE_URL" : "embedded PostgreSQL"}`,
  );
  console.log(
    `${requests} requests each after ${warmUp} warm-up, one at a time; server time and SQL statements from Server-Timing`,
  );
  console.log(
    `goals: p95 < ${P95_GOAL_MS} ms for reads and the drag, < ${REPORT_P95_GOAL_MS} ms for reports, the optimizer within its budget; as many statements per request in the small company (${SMALL_COMPANY.customers} customers, ${SMALL_COMPANY.crews} crews, ${SMALL_COMPANY.visits} visits)\n`,
  );
  const pad = (text: string | number, width: number) => String(text).padEnd(width);
  console.log(
    `${pad("request", 34)}${pad("p50 ms", 9)}${pad("p95 ms", 9)}${pad("p95 goal", 13)}${pad("CPU p50", 9)}${pad("SQL", 5)}${pad("(max)", 7)}${pad("SQL small", 11)}same`,
  );
  const missed: string[] = [];
  for (const result of scale.filter((measured) => measured.samples.length > 0)) {
    const times = result.samples.map((sample) => sample.ms);
    const p95 = percentile(times, 95);
    const smallResult = small.find((candidate) => candidate.name === result.name);
    const scaleCount = usualQueries(result.samples);
    const smallCount = smallResult ? usualQueries(smallResult.samples) : Number.NaN;
    const met = p95 < result.goalMs && scaleCount === smallCount;
    if (!met)
      missed.push(
        p95 < result.goalMs
          ? `${result.name} (${scaleCount} statements at scale, ${smallCount} in the small company)`
          : `${result.name} (p95 ${p95.toFixed(1)} ms, goal < ${result.goalMs} ms)`,
      );
    const maxCount = Math.max(...result.samples.map((sample) => sample.queries));
    console.log(
      `${pad(result.name, 34)}${pad(percentile(times, 50).toFixed(1), 9)}${pad(p95.toFixed(1), 9)}${pad(p95 < result.goalMs ? `< ${result.goalMs}` : `MISSED ${result.goalMs}`, 13)}` +
        `${pad(
          percentile(
            result.samples.map((sample) => sample.cpuMs),
            50,
          ).toFixed(1),
          9,
        )}` +
        `${pad(scaleCount, 5)}${pad(`(${maxCount})`, 7)}${pad(smallCount, 11)}${scaleCount === smallCount ? "yes" : "NO"}`,
    );
  }
  const average = loads.reduce((sum, value) => sum + value, 0) / Math.max(1, loads.length);
  console.log(
    `\n${seconds.toFixed(0)} s; 1-minute load average during the run: mean ${average.toFixed(2)}, max ${Math.max(...loads).toFixed(2)} on ${cpus().length} cores`,
  );
  console.log(
    "CPU: the API process's CPU time per request (PostgreSQL's is not in it); on a busy machine the server time is",
  );
  console.log(
    "mostly waiting for a core. SQL: the statements of most requests, transaction control included; (max): the most of any request",
  );
  console.log(missed.length === 0 ? "all goals met" : `goals MISSED: ${missed.join("; ")}`);
} finally {
  await stopProduct(product.child);
}
