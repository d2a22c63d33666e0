import { readdir } from "node:fs/promises";
import { connect } from "node:net";
import { Queue } from "bullmq";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, onTestFailed } from "vitest";
import { WebSocket } from "ws";
import { SESSION_COOKIE } from "@fieldops/shared/auth";
import { serverMessageSchema, type ServerMessage } from "@fieldops/shared/events";
import { DATABASE_UNAVAILABLE, REDIS_UNAVAILABLE } from "@fieldops/api/http/http-error";
import { STATE_FILE_NAME } from "../../scripts/start/state-file.ts";
import { isAlive, startProduct, waitFor, type Part, type Product } from "./product.ts";

/**
 * Kills each part of `npm start` in turn (worker, API, PostgreSQL, Redis) while users keep signing in, and checks
 * that each comes back by itself, that requests needing a part that is down get a 503 instead of hanging, and that
 * no committed session and no queued activity is lost or doubled. Every sign-in is by a user of its own, so each
 * one's effects (its session, its `user.signed_in` audit entry written by the worker) can be counted exactly.
 */

const DEMO_PASSWORD = "demo-password-1";
/** Not a timing assertion: a request still unanswered after this long is a hang. */
const HANG_LIMIT_MS = 15_000;

type Outcome = "ok" | "unavailable" | "not-connected" | "uncertain" | "unexpected" | "hung";
interface TestUser {
  id: string;
  email: string;
}
interface Attempt {
  user: TestUser;
  outcome: Outcome;
  status?: number;
  message?: string;
  token?: string;
}

let product: Product;
let db: pg.Pool;
let redis: Redis;
let queue: Queue;
let users: TestUser[] = [];
const attempts: Attempt[] = [];
const timings: Record<string, number> = {};

const nextUser = () => {
  const user = users.shift();
  if (!user) throw new Error("no test users left");
  return user;
};

async function signIn(user: TestUser): Promise<Attempt> {
  let attempt: Attempt;
  try {
    const response = await fetch(`${product.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: user.email, password: DEMO_PASSWORD }),
      signal: AbortSignal.timeout(HANG_LIMIT_MS),
    });
    const body = (await response.json()) as { token?: string; message?: string };
    const outcome: Outcome = response.status === 200 ? "ok" : response.status === 503 ? "unavailable" : "unexpected";
    attempt = { user, outcome, status: response.status, message: body.message, token: body.token };
  } catch (error) {
    const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
    const outcome: Outcome =
      error instanceof Error && error.name === "TimeoutError"
        ? "hung"
        : cause?.code === "ECONNREFUSED"
          ? "not-connected"
          : "uncertain";
    attempt = {
      user,
      outcome,
      message: error instanceof Error ? `${error.message} ${cause?.code ?? ""}` : String(error),
    };
  }
  attempts.push(attempt);
  return attempt;
}

/** Sign-ins one after another, each by a new user, until stopped. */
function startTraffic() {
  let running = true;
  const loop = (async () => {
    while (running) {
      await signIn(nextUser());
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    await loop;
  };
}

interface Health {
  status?: string;
  database?: string;
  redis?: string;
}

async function health(): Promise<{ status: number; body: Health }> {
  const response = await fetch(`${product.url}/api/health`, { signal: AbortSignal.timeout(HANG_LIMIT_MS) });
  return { status: response.status, body: (await response.json()) as Health };
}

const printOutput = () => console.log(`[faults] what npm start wrote:\n${product.output.slice(-300).join("\n")}`);
const logged = (text: string) => product.output.some((line) => line.includes(text));

/** Kills a part, waits until npm start has a new one and the product is healthy; returns the time that took. */
async function killAndAwaitRecovery(part: Part, duringOutage: () => Promise<void> = async () => {}): Promise<number> {
  const killedAt = Date.now();
  const killed = await product.kill(part);
  await duringOutage();
  await waitFor(`a new ${part} and a healthy product`, async () => {
    const pid = await product.pid(part);
    return pid !== killed && isAlive(pid) && (await health()).status === 200;
  });
  return Date.now() - killedAt;
}

/** While a dependency is down, a sign-in answers 503 with this message (not a hang), and health says it is down. */
async function expectFast503(message: string, dependency: "database" | "redis") {
  let refused = false;
  let reported = false;
  await waitFor(
    `a 503 "${message}" and health reporting the ${dependency} down`,
    async () => {
      refused ||= (await signIn(nextUser())).message === message;
      const { status, body } = await health();
      reported ||= status === 503 && body.status === "degraded" && body[dependency] === "down";
      return refused && reported;
    },
    20_000,
  );
}

/** Blocks writes to audit_logs, so that the worker holds the jobs it takes; returns the connection holding the lock. */
async function holdAuditLogWrites(): Promise<pg.Client> {
  const locker = new pg.Client({ connectionString: await product.ownerUrl() });
  locker.on("error", () => {});
  await locker.connect();
  await locker.query("BEGIN");
  await locker.query("LOCK TABLE audit_logs IN SHARE MODE");
  return locker;
}

async function signInUsersWhoseJobsAreHeld(count: number): Promise<TestUser[]> {
  const held: TestUser[] = [];
  for (let i = 0; i < count; i++) {
    const attempt = await signIn(nextUser());
    expect(attempt.outcome).toBe("ok");
    held.push(attempt.user);
  }
  await waitFor("the worker to hold the jobs", async () => (await queue.getActiveCount()) >= count);
  return held;
}

async function signInActivityCounts(userIds: string[]): Promise<Map<string, number>> {
  const { rows } = await db.query<{ actorUserId: string; count: string }>(
    `SELECT "actorUserId", count(*) FROM audit_logs WHERE action = 'user.signed_in' AND "actorUserId" = ANY($1::uuid[]) GROUP BY 1`,
    [userIds],
  );
  return new Map(rows.map((row) => [row.actorUserId, Number(row.count)]));
}

const everyActivityRecordedOnce = (held: TestUser[]) => async () => {
  const counts = await signInActivityCounts(held.map((u) => u.id));
  return held.every((u) => counts.get(u.id) === 1);
};

beforeAll(async () => {
  product = await startProduct();
  const state = await product.state();
  // A pool, which replaces the connections PostgreSQL's crash breaks.
  db = new pg.Pool({ connectionString: await product.ownerUrl(), max: 2 });
  db.on("error", () => {});
  redis = new Redis(state.services.redis!.url, { maxRetriesPerRequest: null });
  redis.on("error", () => {});
  queue = new Queue("activity", { connection: redis });
  // Users with the demo password, in the demo company: one for each sign-in of the test.
  const { rows } = await db.query<TestUser>(
    `INSERT INTO users (id, "companyId", email, name, "passwordHash", role, permissions, "createdAt", "updatedAt")
     SELECT gen_random_uuid(), u."companyId", 'fault-' || n || '@faults.test', 'Fault user ' || n, u."passwordHash", u.role,
            u.permissions, now(), now()
     FROM users u, generate_series(1, 600) AS n WHERE u.email = 'member@demo.test'
     RETURNING id, email`,
  );
  users = rows;
}, 240_000);

afterAll(async () => {
  console.log(`[faults] recovery times (ms): ${JSON.stringify(timings)}`);
  await queue?.close().catch(() => {});
  redis?.disconnect();
  await db?.end().catch(() => {});
  await product?.cleanUp();
});

describe("npm start when its parts are killed", () => {
  it("restarts each part, answers 503 while a dependency is down, and loses no session and no job", async () => {
    onTestFailed(printOutput);
    const first = await signIn(nextUser());
    expect(first.outcome).toBe("ok");
    const stopTraffic = startTraffic();

    // The worker dies holding jobs: they are taken back by the next worker and take effect once.
    const locker = await holdAuditLogWrites();
    const heldByWorker = await signInUsersWhoseJobsAreHeld(3);
    const workerKilledAt = Date.now();
    timings.worker = await killAndAwaitRecovery("worker", async () => {
      await locker.query("ROLLBACK");
      await locker.end();
    });
    expect(logged("worker exited with signal SIGKILL; restarting in 1 s")).toBe(true);
    await waitFor("the dead worker's jobs to be done by the next one", everyActivityRecordedOnce(heldByWorker));
    timings.workerJobsTakenBack = Date.now() - workerKilledAt;

    // The API dies: it is restarted while the worker keeps working.
    timings.api = await killAndAwaitRecovery("api");
    expect(logged("api exited with signal SIGKILL; restarting in 1 s")).toBe(true);

    // PostgreSQL dies while the worker holds jobs: sign-in answers 503, and the jobs are done once it is back.
    const pgLocker = await holdAuditLogWrites();
    const heldDuringDatabaseCrash = await signInUsersWhoseJobsAreHeld(2);
    timings.postgres = await killAndAwaitRecovery("postgres", () => expectFast503(DATABASE_UNAVAILABLE, "database"));
    await pgLocker.end().catch(() => {});
    expect(logged("PostgreSQL exited with signal SIGKILL; restarting in 1 s")).toBe(true);
    await waitFor("the jobs in hand during the crash to be done", everyActivityRecordedOnce(heldDuringDatabaseCrash));

    // Redis dies: sign-in answers 503; when it is back the queue, the worker and live events work again.
    timings.redis = await killAndAwaitRecovery("redis", () => expectFast503(REDIS_UNAVAILABLE, "redis"));
    expect(logged("Redis exited with signal SIGKILL; restarting in 1 s")).toBe(true);
    await expectLiveEventsFlow();

    await stopTraffic();
    await waitFor("the queue to drain", async () => {
      const counts = await queue.getJobCounts("waiting", "active", "prioritized", "paused");
      // A schedule's next run (the hourly sweep) waits as a delayed job: only retries due soon count.
      const dueSoon = (await queue.getDelayed()).filter(
        (job) => !job.repeatJobKey && job.timestamp + (job.opts.delay ?? 0) < Date.now() + 60_000,
      );
      return Object.values(counts).every((n) => n === 0) && dueSoon.length === 0;
    });
    expect(await queue.getJobCounts("failed")).toEqual({ failed: 0 });
    await expectNothingLostOrDoubled();

    // Sessions committed before every crash still sign their users in.
    const stillSignedIn = await fetch(`${product.url}/api/user`, {
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(stillSignedIn.status).toBe(200);
  }, 300_000);

  it("stops everything on Ctrl-C, even while PostgreSQL and Redis are down", async () => {
    onTestFailed(printOutput);
    const state = await product.state();
    await product.kill("postgres");
    await product.kill("redis");
    const began = Date.now();
    const code = await Promise.race([
      product.interrupt(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("npm start did not stop")), 30_000)),
    ]);
    timings.ctrlC = Date.now() - began;
    expect(code).toBe(0);
    expect(Object.values(state.processes).filter(isAlive)).toEqual([]);
    const ports = [product.url, state.services.postgres!.url, state.services.redis!.url].map((url) =>
      Number(new URL(url).port),
    );
    expect(await Promise.all(ports.map(answers))).toEqual(ports.map(() => false));
    expect((await readdir(product.dataDir)).includes(STATE_FILE_NAME)).toBe(false);
  }, 60_000);
});

/** A socket of the demo company receives the activity of a sign-in made after Redis came back. */
async function expectLiveEventsFlow() {
  const watcher = await signIn(nextUser());
  expect({ outcome: watcher.outcome, status: watcher.status, message: watcher.message }).toEqual({
    outcome: "ok",
    status: 200,
    message: undefined,
  });
  const socket = new WebSocket(`${product.url.replace("http", "ws")}/api/ws`, {
    headers: { cookie: `${SESSION_COOKIE}=${watcher.token}`, origin: product.url },
  });
  const messages: ServerMessage[] = [];
  socket.on("message", (raw) => messages.push(serverMessageSchema.parse(JSON.parse(String(raw)))));
  try {
    await waitFor("the socket to be ready", async () => messages.some((m) => m.type === "ready"), 20_000);
    const actor = await signIn(nextUser());
    expect(actor.outcome).toBe("ok");
    await waitFor(
      "the new sign-in's activity on the socket",
      async () =>
        messages.some(
          (m) =>
            m.type === "event" && m.event.name === "activity.recorded" && m.event.payload.actorUserId === actor.user.id,
        ),
      20_000,
    );
  } finally {
    socket.close();
  }
}

/**
 * Each answered sign-in has exactly one session and one activity entry (unless the API logged that it could not
 * queue that entry, Redis being down at that moment); a sign-in whose answer was lost has at most one of each.
 */
async function expectNothingLostOrDoubled() {
  const ids = attempts.map((a) => a.user.id);
  const activities = await signInActivityCounts(ids);
  const { rows } = await db.query<{ userId: string; count: string }>(
    `SELECT "userId", count(*) FROM sessions WHERE "userId" = ANY($1::uuid[]) GROUP BY 1`,
    [ids],
  );
  const sessions = new Map(rows.map((row) => [row.userId, Number(row.count)]));
  const notQueued = new Set(
    product.output
      .filter((line) => line.includes("could not queue the activity entry"))
      .map((line) => (JSON.parse(line) as { userId: string }).userId),
  );
  const problems = attempts.flatMap((attempt) => {
    const id = attempt.user.id;
    const found = { sessions: sessions.get(id) ?? 0, activities: activities.get(id) ?? 0 };
    const expected =
      attempt.outcome === "ok" ? { sessions: 1, activities: notQueued.has(id) ? found.activities : 1 } : null;
    const wrong = expected
      ? found.sessions !== expected.sessions || found.activities !== expected.activities
      : found.sessions > 1 || found.activities > 1 || attempt.outcome === "unexpected" || attempt.outcome === "hung";
    return wrong ? [{ ...attempt, token: undefined, found }] : [];
  });
  expect(problems).toEqual([]);
  const outcomes: Record<string, number> = {};
  for (const { outcome } of attempts) outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
  console.log(
    `[faults] sign-ins: ${JSON.stringify(outcomes)}; activities the API logged as not queued: ${notQueued.size}`,
  );
}

/** Whether anything accepts connections on this local port. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
