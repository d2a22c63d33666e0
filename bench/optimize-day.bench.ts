import { createTaskQueues } from "@fieldops/tasks/enqueue";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import type { Redis } from "ioredis";
import { withTenant, type Database } from "@fieldops/db";
import { optimizeRoutes } from "@fieldops/domain/dispatch/optimize-routes.handler";
import { seedSampleDay } from "@fieldops/domain/dispatch/sample-day";
import { addDays, dayInTimeZone } from "@fieldops/shared/company-time";
import { DEFAULT_BUDGET_SECONDS, routePlanResultSchema, type RoutePlanResult } from "@fieldops/shared/dispatch";
import { withScratchProduct } from "./scratch-product.ts";

export interface OptimizeDayBenchResult {
  crews: number;
  visits: number;
  budgetSeconds: number;
  /** From the plan's creation to its stored proposal, through the worker's handler (model, travel times, search). */
  readyMs: number;
  withinBudget: boolean;
  status: string;
  savedDriveMinutes: number;
  leftOut: number;
  distanceSource: string;
  /** The stored proposal (null when the plan failed). */
  result: RoutePlanResult | null;
}

/**
 * Times one optimized day the way the `optimize_routes` job computes it: a route plan row for the day and crews, then
 * the job's handler until the proposal is stored. `db` is the runtime role's client (row-level security applies), on
 * a database where `companyId` (a Pro company) has that day's visits, e.g. the scale seed's company.
 */
export async function measureOptimizeDay(input: {
  db: Database;
  redis: Redis;
  companyId: string;
  date: string;
  crewIds: string[];
  budgetSeconds?: number;
  osrmUrl?: string;
}): Promise<OptimizeDayBenchResult> {
  const budgetSeconds = input.budgetSeconds ?? DEFAULT_BUDGET_SECONDS;
  const plan = await withTenant(input.db, input.companyId, (tx) =>
    tx.routePlan.create({
      data: { companyId: input.companyId, date: input.date, crewIds: input.crewIds, budgetSeconds },
    }),
  );
  const queues = createTaskQueues(input.redis);
  const started = performance.now();
  try {
    await optimizeRoutes(
      { companyId: input.companyId, planId: plan.id, requestId: null },
      { db: input.db, redis: input.redis, taskId: `bench-${plan.id}`, osrmUrl: input.osrmUrl, queues },
    );
  } finally {
    await queues.close();
  }
  const readyMs = performance.now() - started;
  const stored = await withTenant(input.db, input.companyId, (tx) =>
    tx.routePlan.findUniqueOrThrow({ where: { id: plan.id } }),
  );
  const result = stored.result ? routePlanResultSchema.parse(stored.result) : null;
  return {
    crews: input.crewIds.length,
    visits: Object.keys(stored.snapshot as Record<string, number>).length,
    budgetSeconds,
    readyMs,
    withinBudget: readyMs <= budgetSeconds * 1000,
    status: stored.status,
    savedDriveMinutes: result ? Math.round(result.saved.driveSeconds / 60) : 0,
    leftOut: result?.leftOut.length ?? 0,
    distanceSource: result?.distanceSource ?? "none",
    result,
  };
}

export function formatOptimizeDayResult(result: OptimizeDayBenchResult): string {
  return [
    `optimize one day: ${result.crews} crews, ${result.visits} visits, budget ${result.budgetSeconds} s`,
    `  ready in ${(result.readyMs / 1000).toFixed(2)} s (${result.withinBudget ? "within" : "OVER"} budget), status ${result.status}`,
    `  saves ${result.savedDriveMinutes} min of driving, ${result.leftOut} visit(s) left out, distances: ${result.distanceSource}`,
  ].join("\n");
}

/**
 * `npm run bench:optimize`: a throwaway database with a Pro company whose day has 50 crews of 8 badly ordered visits,
 * optimized once with the default budget. BENCH_DATABASE_SERVER_URL (owner), BENCH_REDIS_URL, BENCH_CREWS,
 * BENCH_VISITS_PER_CREW and BENCH_BUDGET_SECONDS change the defaults.
 */
async function main(): Promise<void> {
  await withScratchProduct("fieldops_bench", { seedDemo: false }, async ({ owner, db, redis }) => {
    const tag = randomUUID().slice(0, 8);
    const company = await owner.company.create({
      data: {
        name: `Bench ${tag}`,
        slug: `bench-${tag}`,
        industry: "lawn-care",
        verticalId: "landscaping",
        planId: "pro",
        branding: { name: "Bench", logo: null, primaryColor: "#16a34a" },
        features: [],
      },
    });
    const date = addDays(dayInTimeZone(new Date(), company.timeZone), 7);
    const day = await seedSampleDay(owner, {
      companyId: company.id,
      date,
      crews: Number(process.env.BENCH_CREWS ?? 50),
      visitsPerCrew: Number(process.env.BENCH_VISITS_PER_CREW ?? 8),
    });
    const result = await measureOptimizeDay({
      db,
      redis,
      companyId: company.id,
      date,
      crewIds: day.crewIds,
      budgetSeconds: Number(process.env.BENCH_BUDGET_SECONDS ?? DEFAULT_BUDGET_SECONDS),
      osrmUrl: process.env.OSRM_URL,
    });
    console.log(formatOptimizeDayResult(result));
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
