import { randomUUID } from "node:crypto";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import { workerResources } from "./provided-context.ts";
import { buildApp } from "@fieldops/api/app";
import { createRuntime, type Runtime } from "@fieldops/api/create-context";
import { envSchema } from "@fieldops/config/env";
import { createLogger, type Logger } from "@fieldops/config/logger";
import { createDatabase, type Database } from "@fieldops/db";
import type { PlanId } from "@fieldops/shared/plans";
import type { Role } from "@fieldops/shared/roles";

type TenantRole = Exclude<Role, "admin">;
import { defaultPermissions } from "@fieldops/shared/roles";
import { hashPassword } from "@fieldops/domain/accounts/passwords";
import { inboundEmailSignature } from "@fieldops/domain/messages/receive-inbound-email";
import { modelConfigFromEnv } from "@fieldops/domain/assistant/model-config";
import { runWorkers, type RunningWorkers } from "@fieldops/worker/run-workers";
import type { TaskQueues } from "@fieldops/tasks/enqueue";

export interface TestApp {
  app: FastifyInstance;
  runtime: Runtime;
  /**
   * The schema owner's client, for fixtures and checks: row-level security does not limit it. The app itself
   * (`runtime.context.db`) connects as the restricted runtime role.
   */
  db: Database;
  url: string;
  /** Every log line the API wrote, for tests that read the logs. */
  logs: string[];
  close(): Promise<void>;
}

/** The real API on a free port, on this worker's test database and Redis. */
export async function startTestApp(overrides: Record<string, string> = {}): Promise<TestApp> {
  const resources = workerResources();
  const env = envSchema.parse({
    NODE_ENV: "test",
    DATABASE_URL: resources.databaseUrl,
    DATABASE_CONTEXT_KEY: resources.databaseContextKey,
    REDIS_URL: resources.redisUrl,
    LOG_LEVEL: "info",
    // As behind a proxy, so that tests can speak from several client addresses.
    TRUST_PROXY: "true",
    ...overrides,
  });
  const runtime = await createRuntime(env);
  const ownerDb = createDatabase(resources.ownerDatabaseUrl, { max: 3, contextKey: resources.databaseContextKey });
  const logs: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString());
      done();
    },
  });
  const app = await buildApp({
    context: runtime.context,
    hub: runtime.hub,
    logger: createLogger("api", "info", stream),
    webDistDir: env.WEB_DIST_DIR,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    app,
    runtime,
    db: ownerDb,
    url: `http://127.0.0.1:${port}`,
    logs,
    async close() {
      await app.close();
      await runtime.close();
      await ownerDb.$disconnect();
    },
  };
}

/** The real workers, in this process, on this worker's test Redis and database (their task lines to `logger`). */
export function startTestWorkers(testApp: TestApp, logger?: Logger): RunningWorkers {
  const { redis, db } = testApp.runtime.context;
  // The API's command connection fails fast; BullMQ's own must wait through outages instead.
  const connection = redis.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: undefined,
  });
  return runWorkers({
    connection,
    db,
    redis,
    concurrency: 5,
    osrmUrl: testApp.runtime.context.env.OSRM_URL,
    env: testApp.runtime.context.env,
    model: modelConfigFromEnv(testApp.runtime.context.env),
    logger,
  });
}

/** A delayed job due further off than this is work for later (an approval's expiry), not part of what is drained. */
const LATER_MS = 60_000;

/**
 * How many jobs of the queue are waiting, running, or delayed (a retry's backoff) but due soon. A schedule's next run
 * (an hourly sweep) is not the test's work: counted, it held a drain for up to a minute when the test ran just before
 * the hour's run (CI failed so at 06:04 UTC).
 */
async function pendingJobs(queue: ReturnType<TaskQueues["queue"]>): Promise<number> {
  const counts = await queue.getJobCounts("waiting", "active", "prioritized");
  const now = Date.now();
  const delayed = (await queue.getDelayed()).filter(
    (job) => !job.repeatJobKey && job.timestamp + (job.opts.delay ?? 0) < now + LATER_MS,
  );
  return Object.values(counts).reduce((sum, n) => sum + n, 0) + delayed.length;
}

/** Waits until no queue has waiting, active or soon-due delayed jobs. */
export async function drainQueues(queues: TaskQueues, names: Parameters<TaskQueues["queue"]>[0][] = ["activity"]) {
  // A hang guard, not a goal: on a machine running two suites at once, a QuickBooks push with its retries took longer
  // than 15 s.
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    const pending = await Promise.all(names.map((name) => pendingJobs(queues.queue(name))));
    if (pending.every((n) => n === 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error("queues did not drain within 45 s");
}

export const TEST_PASSWORD = "correct-horse-battery";
let passwordHash: Promise<string> | null = null;

export interface TestCompany {
  id: string;
  slug: string;
  users: Record<TenantRole, { id: string; email: string }>;
}

/** A company with one user of each tenant role, all with TEST_PASSWORD. */
export async function createTestCompany(
  db: Database,
  options: { name?: string; planId?: PlanId } = {},
): Promise<TestCompany> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const tag = randomUUID().slice(0, 8);
  const company = await db.company.create({
    data: {
      name: options.name ?? `Test Co ${tag}`,
      slug: `test-co-${tag}`,
      industry: "lawn-care",
      verticalId: "landscaping",
      planId: options.planId ?? "pro",
      branding: { name: `Test Co ${tag}`, logo: null, primaryColor: "#16a34a" },
      features: ["jobs"],
    },
  });
  const roles: TenantRole[] = ["owner", "member", "field_user"];
  const users = {} as TestCompany["users"];
  for (const role of roles) {
    const email = `${role}-${tag}@test.example`;
    const user = await db.user.create({
      data: {
        companyId: company.id,
        email,
        name: `${role} ${tag}`,
        passwordHash: await passwordHash,
        role,
        permissions: defaultPermissions(role),
      },
    });
    users[role] = { id: user.id, email };
  }
  return { id: company.id, slug: company.slug, users };
}

export async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  if (body === undefined) return fetch(url, { method: "POST", headers });
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

export async function signIn(baseUrl: string, email: string, password = TEST_PASSWORD): Promise<string> {
  const response = await post(`${baseUrl}/api/login`, { username: email, password });
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { token: string };
  return body.token;
}

/** Calls the API as the holder of a bearer token; the body parsed (null when empty). */
/** Fetches a file from the API (a PDF, a CSV) as a signed-in user: its status, headers and bytes. */
export async function downloadFromApi(baseUrl: string, path: string, token: string) {
  const response = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/**
 * Posts `body` as JSON to one of the e-mail provider's webhooks, signed as the provider signs it
 * (`X-FieldOps-Signature`, HMAC-SHA256 of the body with `secret`), or with the `signature` given.
 */
export async function postSignedEmailWebhook(
  baseUrl: string,
  path: string,
  secret: string,
  body: unknown,
  signature?: string,
) {
  const raw = JSON.stringify(body);
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-fieldops-signature": signature ?? inboundEmailSignature(secret, raw),
    },
    body: raw,
  });
  return { status: response.status, body: (await response.json()) as { message: string } };
}

export async function callApi<T = Record<string, unknown>>(
  baseUrl: string,
  method: string,
  path: string,
  token: string,
  body?: unknown,
) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T & { message?: string } };
}
