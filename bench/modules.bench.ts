import { moduleEndpoints } from "@fieldops/shared/modules";
import { randomBytes } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { Queue, Worker } from "bullmq";
import { Redis } from "ioredis";
import WebSocket from "ws";
import { createDatabase } from "@fieldops/db";
import { DEMO_PASSWORD } from "@fieldops/db/seed-demo-world";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import { hashToken } from "@fieldops/domain/accounts/sessions";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { serverMessageSchema } from "@fieldops/shared/events";
import { defaultPermissions } from "@fieldops/shared/roles";
import { freePort } from "../scripts/start/free-port.ts";
import { STATE_FILE_NAME, type StartState } from "../scripts/start/state-file.ts";
import { diskSyncLatency } from "./disk-sync.ts";
import { embeddedEnvironment, freshDataDir, ownerUrlOf, root, startProduct, stopProduct } from "./product.ts";
import { percentile } from "./stats.ts";

/**
 * `npm run bench` (modules section; alone: `npx tsx bench/modules.bench.ts`): BENCH_MODULE_USERS users (50) of one
 * company, each with its socket on /api/ws, all at once, each running BENCH_MODULE_RUNS create-job modules (5) one
 * after another, twice:
 * - as people do, each starting their next run a moment (0.5 to 1.5 s, 1 s on average) after the last one finished,
 *   after three such runs each to warm up: p50/p95 from `POST /api/modules/execute` to the run's `module.run_updated`
 *   (succeeded) on the user's socket, the figure with a goal;
 * - back to back, with no pause at all: the runs completed per second (the latency then only says how long the queue
 *   is). Beside it, raw BullMQ on the same Redis: no-op jobs through one worker with the product's concurrency, added
 *   in bulk.
 *
 * With DATABASE_URL, DATABASE_OWNER_URL and REDIS_URL set it runs `npm start` on them; otherwise on an embedded
 * PostgreSQL and Redis in a fresh folder, removed afterwards.
 */
const users = Number(process.env.BENCH_MODULE_USERS ?? 50);
const runsPerUser = Number(process.env.BENCH_MODULE_RUNS ?? 5);
const rawJobs = Number(process.env.BENCH_RAW_JOBS ?? 5000);
const P95_GOAL_MS = 100;
const WARM_UP_RUNS = 3;

interface BenchUser {
  token: string;
  socket: WebSocket;
  /** When each run's completion event arrived, by run id. */
  done: Map<string, number>;
  waiting: Map<string, () => void>;
}

async function openSocket(baseUrl: string, token: string): Promise<BenchUser> {
  const socket = new WebSocket(`${baseUrl.replace("http", "ws")}${API_PATHS.socket}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const user: BenchUser = { token, socket, done: new Map(), waiting: new Map() };
  await new Promise<void>((resolve, reject) => {
    socket.on("error", reject);
    socket.on("message", (raw) => {
      // Every run also tells the whole company its jobs and visits changed (50 sockets each): those are not validated
      // here, as a browser would do that on its own CPU, not on the one the server is measured on.
      const peek = JSON.parse(String(raw)) as { type?: unknown; event?: { name?: unknown } };
      if (peek.type === "ready") resolve();
      if (peek.type !== "event" || peek.event?.name !== "module.run_updated") return;
      const message = serverMessageSchema.parse(peek);
      if (message.type !== "event" || message.event.name !== "module.run_updated") return;
      const { runId, status } = message.event.payload;
      if (status !== "succeeded" && status !== "failed") return;
      if (status === "failed") console.error(`run ${runId} failed: ${message.event.payload.error ?? ""}`);
      user.done.set(runId, performance.now());
      user.waiting.get(runId)?.();
    });
  });
  return user;
}

/** Answers other than 200, by status and message: counted and shown, not hidden. */
const refused = new Map<string, number>();

/**
 * From the request to the completion event and to the request's answer (the run stored and queued), in ms; null when
 * the API refused the request.
 */
async function runOnce(
  baseUrl: string,
  user: BenchUser,
  customerId: string,
  title: string,
): Promise<{ completed: number; answered: number } | null> {
  const started = performance.now();
  const response = await fetch(`${baseUrl}${moduleEndpoints.execute.path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${user.token}`, "content-type": "application/json" },
    body: JSON.stringify({ moduleId: "create-job", params: { customerId, title } }),
  });
  const answer = (await response.json()) as { runId?: string; success?: boolean };
  const answered = performance.now() - started;
  if (!response.ok || !answer.runId) {
    const key = `${response.status} ${JSON.stringify(answer).slice(0, 200)}`;
    refused.set(key, (refused.get(key) ?? 0) + 1);
    return null;
  }
  const runId = answer.runId;
  if (!user.done.has(runId)) await new Promise<void>((resolve) => user.waiting.set(runId, resolve));
  user.waiting.delete(runId);
  return { completed: user.done.get(runId)! - started, answered };
}

/** Raw BullMQ on the same Redis: `count` no-op jobs added in bulk and processed by one worker of concurrency 10. */
async function rawBullmq(redisUrl: string, count: number): Promise<number> {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const prefix = `bench-raw-${process.pid}`;
  const queue = new Queue("noop", { connection, prefix });
  let processed = 0;
  let finished!: () => void;
  const allDone = new Promise<void>((resolve) => (finished = resolve));
  const workerConnection = connection.duplicate({ maxRetriesPerRequest: null });
  const worker = new Worker("noop", async () => {}, {
    connection: workerConnection,
    prefix,
    concurrency: 10,
    autorun: false,
  });
  worker.on("completed", () => {
    if (++processed === count) finished();
  });
  const started = performance.now();
  for (let i = 0; i < count; i += 500) {
    await queue.addBulk(
      Array.from({ length: Math.min(500, count - i) }, (_, j) => ({
        name: "noop",
        data: { n: i + j },
        opts: { removeOnComplete: true },
      })),
    );
  }
  void worker.run();
  await allDone;
  const seconds = (performance.now() - started) / 1000;
  await worker.close();
  await queue.obliterate({ force: true });
  await queue.close();
  workerConnection.disconnect();
  connection.disconnect();
  return count / seconds;
}

async function serviceUrls(dataDir: string | null): Promise<{ ownerUrl: string; redisUrl: string }> {
  if (dataDir === null) return { ownerUrl: process.env.DATABASE_OWNER_URL!, redisUrl: process.env.REDIS_URL! };
  const state = JSON.parse(await readFile(join(dataDir, STATE_FILE_NAME), "utf8")) as StartState;
  if (!state.services.postgres?.url || !state.services.redis?.url)
    throw new Error("npm start reported no PostgreSQL or Redis");
  return { ownerUrl: await ownerUrlOf(dataDir), redisUrl: state.services.redis.url };
}

const external = Boolean(process.env.DATABASE_URL && process.env.DATABASE_OWNER_URL && process.env.REDIS_URL);
const dataDir = external ? null : await freshDataDir("bench-modules-");
const env = dataDir ? embeddedEnvironment(dataDir, { LOG_LEVEL: "warn" }) : { ...process.env, LOG_LEVEL: "warn" };
const port = await freePort();
const product = startProduct(port, env);
const tag = `${process.pid}-${Date.now()}`;
let ownerDb: ReturnType<typeof createDatabase> | null = null;
const sockets: WebSocket[] = [];
try {
  await product.healthy;
  const baseUrl = `http://127.0.0.1:${port}`;
  const { ownerUrl, redisUrl } = await serviceUrls(dataDir);
  ownerDb = createDatabase(ownerUrl, { max: 4 });
  const db = ownerDb;
  const owner = await db.user.findUniqueOrThrow({ where: { email: "owner@demo.test" }, select: { companyId: true } });
  const companyId = owner.companyId!;
  const customer = await db.customer.findFirstOrThrow({ where: { companyId }, select: { id: true } });
  // The bench's users, each with a session of its own (signing 50 people in at once would meet the sign-in limits).
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const tokens: string[] = [];
  for (let i = 0; i < users; i++) {
    const user = await db.user.create({
      data: {
        companyId,
        email: `bench-${tag}-${i}@demo.test`,
        name: `Bench User ${i}`,
        passwordHash,
        role: "member",
        permissions: defaultPermissions("member"),
      },
    });
    const token = randomBytes(32).toString("base64url");
    await db.session.create({
      data: {
        tokenHash: hashToken(token),
        userId: user.id,
        companyId,
        ipAddress: "127.0.0.1",
        userAgent: "modules.bench",
        expiresAt: new Date(Date.now() + 86_400_000),
      },
    });
    tokens.push(token);
  }
  const benchUsers = await Promise.all(tokens.map((token) => openSocket(baseUrl, token)));
  sockets.push(...benchUsers.map((user) => user.socket));

  /**
   * Each user runs `warmUp` runs that are not measured, then BENCH_MODULE_RUNS that are, in one go: a freshly started
   * server compiles its hot paths and query plans during its first few hundred runs, and users who all started at once
   * spread out over their pauses, as people do (a pause for everyone between the two would bunch them up again).
   */
  const phase = async (name: string, pauseMs: () => number, warmUp = 0) => {
    const samples: number[] = [];
    const answered: number[] = [];
    let measuredFrom = Number.POSITIVE_INFINITY;
    await Promise.all(
      benchUsers.map(async (user, i) => {
        for (let run = 0; run < warmUp + runsPerUser; run++) {
          await new Promise((resolve) => setTimeout(resolve, pauseMs()));
          if (run === warmUp) measuredFrom = Math.min(measuredFrom, performance.now());
          const ms = await runOnce(baseUrl, user, customer.id, `Bench ${name} ${i}.${run}`);
          if (ms !== null && run >= warmUp) {
            samples.push(ms.completed);
            answered.push(ms.answered);
          }
        }
      }),
    );
    const seconds = (performance.now() - measuredFrom) / 1000;
    return { samples, answered, runsPerSecond: samples.length / seconds };
  };
  const paced = await phase("paced", () => 500 + Math.random() * 1000, WARM_UP_RUNS);
  const saturated = await phase("saturated", () => 0);
  for (const socket of sockets) socket.close();
  const raw = await rawBullmq(redisUrl, rawJobs);

  const load = loadavg()
    .map((n) => n.toFixed(2))
    .join(", ");
  const sync = await diskSyncLatency(dataDir ?? root);
  const p50 = percentile(paced.samples, 50);
  const p95 = percentile(paced.samples, 95);
  console.log(
    `\nmodules: ${users} users at once, ${runsPerUser} create-job runs each, POST /api/modules/execute → module.run_updated on the socket`,
  );
  console.log(
    `  each user starting a run about a second after their last (after ${WARM_UP_RUNS} such runs each to warm up): ${paced.samples.length} runs, ${paced.runsPerSecond.toFixed(0)} runs/s offered`,
  );
  console.log(
    `    p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   (goal p95 < ${P95_GOAL_MS} ms: ${p95 < P95_GOAL_MS ? "met" : "MISSED"})`,
  );
  console.log(
    `    of which the request's answer (the run stored and queued): p50 ${percentile(paced.answered, 50).toFixed(1)} ms   p95 ${percentile(paced.answered, 95).toFixed(1)} ms`,
  );
  console.log(`  back to back, no pause: ${saturated.samples.length} runs`);
  console.log(
    `    module throughput: ${saturated.runsPerSecond.toFixed(0)} runs/s (each a request, a worker transaction and events); p50 ${percentile(saturated.samples, 50).toFixed(0)} ms, p95 ${percentile(saturated.samples, 95).toFixed(0)} ms in the queue's wake`,
  );
  console.log(
    `    raw BullMQ, same Redis: ${raw.toFixed(0)} no-op jobs/s (${rawJobs} added in bulk, one worker, concurrency 10)`,
  );
  for (const [answer, count] of refused) console.log(`  refused ${count}×: ${answer}`);
  console.log(
    `  this disk's fsync (each commit waits for one, and each Redis write): p50 ${sync.p50.toFixed(1)} ms, p95 ${sync.p95.toFixed(1)} ms`,
  );
  console.log(`  load average (1, 5, 15 min): ${load} on ${cpus().length} CPUs`);

  await db.user.deleteMany({ where: { email: { startsWith: `bench-${tag}-` } } });
  await db.job.deleteMany({ where: { companyId, title: { startsWith: "Bench " } } });
  await db.moduleRun.deleteMany({ where: { companyId, params: { path: ["title"], string_starts_with: "Bench " } } });
} finally {
  for (const socket of sockets) socket.terminate();
  await ownerDb?.$disconnect();
  await stopProduct(product.child);
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
}
