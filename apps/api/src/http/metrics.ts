import { createHash, timingSafeEqual } from "node:crypto";
import { BlockList, isIPv4 } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { databasePoolUse } from "@fieldops/db";
import { QUEUE_NAMES } from "@fieldops/tasks/queues";
import { readTaskMetrics } from "@fieldops/tasks/task-metrics";
import type { AppContext } from "../context.ts";
import type { EventHub } from "../realtime/event-hub.ts";

export const METRICS_PATH = "/metrics";

/** The label of a request that matched no route (a 404, or the web app's page for an app route). */
const UNMATCHED_ROUTE = "unmatched";

/** Seconds; from a cached read (a few ms) to a slow report or a timeout. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The queues' states counted per queue (BullMQ's names). */
const QUEUE_STATES = ["waiting", "active", "delayed", "prioritized", "waiting-children", "failed"] as const;

function allowList(blocks: readonly string[]): BlockList {
  const list = new BlockList();
  for (const block of blocks) {
    const [address = "", bits] = block.split("/");
    const family = isIPv4(address) ? "ipv4" : "ipv6";
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  return list;
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * Whether the caller may read the metrics: its address is in METRICS_ALLOW_FROM, or it sends METRICS_TOKEN as a
 * bearer token (compared in constant time). A session or an API key gives no access: the figures span every company.
 */
function metricsAccess(context: AppContext): (request: FastifyRequest) => boolean {
  const allowed = allowList(context.env.METRICS_ALLOW_FROM);
  const token = context.env.METRICS_TOKEN ? digest(context.env.METRICS_TOKEN) : null;
  return (request) => {
    const address = request.ip.startsWith("::ffff:") ? request.ip.slice(7) : request.ip;
    if (allowed.check(address, isIPv4(address) ? "ipv4" : "ipv6")) return true;
    const [scheme, sent] = (request.headers.authorization ?? "").split(" ");
    return token !== null && scheme?.toLowerCase() === "bearer" && !!sent && timingSafeEqual(digest(sent), token);
  };
}

/**
 * GET /metrics in Prometheus's text format, and the hook that times every request by its route's pattern
 * (`/api/customers/:id`, never the URL with its ids). Queue, task and pool figures are read when scraped. Install it
 * before the routes; it is not part of the OpenAPI document (an operator's, not a client's).
 */
export function installMetrics(app: FastifyInstance, context: AppContext, hub: EventHub): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "fieldops_api_" });
  const latency = new Histogram({
    name: "fieldops_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by method, route pattern and status",
    labelNames: ["method", "route", "status_code"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const responses = new Counter({
    name: "fieldops_http_responses_total",
    help: "Answers by status code",
    labelNames: ["status_code"] as const,
    registers: [registry],
  });
  new Gauge({
    name: "fieldops_websockets_open",
    help: "WebSockets open on /api/ws in this process",
    registers: [registry],
    collect() {
      this.set(hub.size());
    },
  });
  const pool = new Gauge({
    name: "fieldops_db_pool_connections",
    help: "This process's PostgreSQL pool (node-postgres): connections in use and idle, queries waiting, and its limit",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      const use = databasePoolUse(context.db);
      if (!use) return;
      pool.set({ state: "in_use" }, use.total - use.idle);
      pool.set({ state: "idle" }, use.idle);
      pool.set({ state: "waiting" }, use.waiting);
      pool.set({ state: "max" }, use.max);
    },
  });
  const redisUp = new Gauge({
    name: "fieldops_metrics_redis_up",
    help: "1 when Redis answered this scrape (queue and task figures are missing otherwise)",
    registers: [registry],
  });
  const queueJobs = new Gauge({
    name: "fieldops_queue_jobs",
    help: "Tasks per BullMQ queue and state (failed: failed for good, kept 7 days)",
    labelNames: ["queue", "state"] as const,
    registers: [registry],
  });
  const oldestWaiting = new Gauge({
    name: "fieldops_queue_oldest_waiting_seconds",
    help: "Age of the queue's oldest task waiting for a worker (0 when none waits)",
    labelNames: ["queue"] as const,
    registers: [registry],
  });
  // Counters whose totals the workers keep in Redis: set at each scrape (reset, then increased to the total).
  const taskRuns = new Counter({
    name: "fieldops_task_runs_total",
    help: "Task runs by every worker, by queue, task and outcome (a failed attempt counts as failed)",
    labelNames: ["queue", "task", "outcome"] as const,
    registers: [registry],
  });
  const taskSeconds = new Counter({
    name: "fieldops_task_run_seconds_total",
    help: "Time every worker spent in each task's handler",
    labelNames: ["queue", "task"] as const,
    registers: [registry],
  });

  async function collectQueues(): Promise<void> {
    queueJobs.reset();
    oldestWaiting.reset();
    taskRuns.reset();
    taskSeconds.reset();
    try {
      const now = Date.now();
      await Promise.all(
        QUEUE_NAMES.map(async (name) => {
          const queue = context.queues.queue(name);
          const [counts, oldest] = await Promise.all([
            queue.getJobCounts(...QUEUE_STATES),
            queue.getJobs(["wait", "prioritized"], 0, 0, true),
          ]);
          for (const state of QUEUE_STATES) queueJobs.set({ queue: name, state }, counts[state] ?? 0);
          const since = Math.min(...oldest.map((job) => job.timestamp + (job.delay ?? 0)), now);
          oldestWaiting.set({ queue: name }, Math.max(0, (now - since) / 1000));
        }),
      );
      for (const row of await readTaskMetrics(context.redis)) {
        taskRuns.inc({ queue: row.queue, task: row.task, outcome: "completed" }, row.completed);
        taskRuns.inc({ queue: row.queue, task: row.task, outcome: "failed" }, row.failed);
        taskSeconds.inc({ queue: row.queue, task: row.task }, row.seconds);
      }
      redisUp.set(1);
    } catch {
      redisUp.set(0);
    }
  }

  app.addHook("onResponse", (request, reply, done) => {
    const status = String(reply.statusCode);
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    latency.observe({ method: request.method, route, status_code: status }, reply.elapsedTime / 1000);
    responses.inc({ status_code: status });
    done();
  });

  const mayRead = metricsAccess(context);
  app.get(METRICS_PATH, { schema: { hide: true }, logLevel: "warn" }, async (request, reply: FastifyReply) => {
    if (!mayRead(request)) return reply.status(403).send({ message: "Metrics are not readable from here." });
    await collectQueues();
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
