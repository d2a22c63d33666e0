import { fileURLToPath } from "node:url";
import { withTenant, type Database } from "@fieldops/db";
import { DEMO_COMPANIES } from "@fieldops/db/seed-demo-world";
import { DEFAULT_BUDGET_SECONDS, type RoutePlanResult, type RouteTotals } from "@fieldops/shared/dispatch";
import { measureOptimizeDay } from "./optimize-day.bench.ts";
import { withScratchProduct } from "./scratch-product.ts";

/** The demo company the optimizer is shown on: the first with route optimization (Pro), Green Valley Lawn Care. */
const DEMO = DEMO_COMPANIES.find((company) => company.planId === "pro")!;

export interface BusiestDay {
  date: string;
  /** Visits on a crew that day (not canceled). */
  visits: number;
  /** Of those, the ones the optimizer may move (scheduled or dispatched). */
  movable: number;
}

/**
 * The company's day (in its time zone) with the most visits the optimizer may move, then the most visits on crews,
 * the latest first on a tie; null when no crew has a visit.
 */
export async function busiestDay(db: Database, companyId: string): Promise<BusiestDay | null> {
  const [day] = await withTenant(
    db,
    companyId,
    (tx) => tx.$queryRaw<BusiestDay[]>`
      SELECT to_char((v."scheduledStart" AT TIME ZONE 'UTC') AT TIME ZONE c."timeZone", 'YYYY-MM-DD') AS date,
        count(*)::int AS visits,
        (count(*) FILTER (WHERE v.status IN ('scheduled', 'dispatched')))::int AS movable
      FROM visits v JOIN companies c ON c.id = v."companyId"
      WHERE v."crewId" IS NOT NULL AND v."scheduledStart" IS NOT NULL AND v.status <> 'canceled'
      GROUP BY 1
      ORDER BY 3 DESC, 2 DESC, 1 DESC
      LIMIT 1`,
  );
  return day ?? null;
}

const minutes = (seconds: number) => `${Math.round(seconds / 60)} min`;
const km = (meters: number) => `${(meters / 1000).toFixed(1)} km`;
const totals = (route: RouteTotals) =>
  `${minutes(route.driveSeconds)}, ${km(route.distanceMeters)}${route.visits === undefined ? "" : `, ${route.visits} visits`}`;

/** Driving time and distance per crew and in total, now and proposed, and what the plan left out. */
export function formatDayProposal(day: BusiestDay, result: RoutePlanResult): string {
  const name = Math.max(5, ...result.crews.map((crew) => crew.crewName.length));
  const row = (label: string, now: RouteTotals, proposed: RouteTotals) =>
    `  ${label.padEnd(name)}  now ${totals(now).padEnd(28)}  proposed ${totals(proposed)}`;
  return [
    `${DEMO.name}, busiest day ${day.date}: ${day.visits} visits on crews, ${day.movable} the optimizer may move`,
    `distances: ${result.distanceSource}, times rounded to ${result.slotMinutes} min`,
    ...result.crews.map((crew) =>
      row(
        crew.crewName,
        { ...crew.current, visits: crew.current.stops.length },
        {
          ...crew.proposed,
          visits: crew.proposed.stops.length,
        },
      ),
    ),
    row("Total", result.before, result.after),
    `  saved: ${minutes(result.saved.driveSeconds)} and ${km(result.saved.distanceMeters)} of driving (negative: more)`,
    ...result.leftOut.map((entry) => `  left out: "${entry.jobTitle}": ${entry.reasonText}`),
    ...result.notes.map((note) => `  note: ${note}`),
  ].join("\n");
}

/**
 * `npm run bench:demo-day`: seeds the demo world in a throwaway database, finds the Pro demo company's busiest day and
 * runs the optimizer's proposal for it with every crew (as the `optimize_routes` task does), then prints driving time
 * and distance per crew and in total, now and proposed. BENCH_DATABASE_SERVER_URL (owner), BENCH_REDIS_URL,
 * BENCH_BUDGET_SECONDS and OSRM_URL change the defaults.
 */
async function main(): Promise<void> {
  await withScratchProduct("fieldops_bench_demo_day", { seedDemo: true }, async ({ owner, db, redis }) => {
    const company = await owner.company.findUniqueOrThrow({ where: { slug: DEMO.slug }, select: { id: true } });
    const day = await busiestDay(db, company.id);
    if (!day) throw new Error(`${DEMO.name} has no visit on a crew`);
    const crews = await owner.crew.findMany({ where: { companyId: company.id }, select: { id: true } });
    const measured = await measureOptimizeDay({
      db,
      redis,
      companyId: company.id,
      date: day.date,
      crewIds: crews.map((crew) => crew.id),
      budgetSeconds: Number(process.env.BENCH_BUDGET_SECONDS ?? DEFAULT_BUDGET_SECONDS),
      osrmUrl: process.env.OSRM_URL,
    });
    if (!measured.result) throw new Error(`the plan for ${day.date} ended ${measured.status}`);
    console.log(formatDayProposal(day, measured.result));
    console.log(`  proposal ready in ${(measured.readyMs / 1000).toFixed(2)} s (budget ${measured.budgetSeconds} s)`);
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await main();
  // A message port of the optimizer's thread stays open after the proposal (seen with _getActiveHandles): the bench
  // has printed everything and its database is dropped, so it ends here rather than wait for it.
  process.exit(0);
}
