import { spawn, type ChildProcess } from "node:child_process";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { prepareDatabase } from "@fieldops/db/prepare-database";
import { prepareRuntimeAccess, redactedDatabaseUrl } from "@fieldops/db/runtime-role";
import { buildWebIfNeeded } from "./start/build-web.ts";
import { startEmbeddedPostgres, type LocalService } from "./start/embedded-postgres.ts";
import { REDIS_MISSING, redisServerInstalled, startLocalRedis } from "./start/local-redis.ts";

/**
 * `npm start`: the whole product on its defaults. Uses DATABASE_URL (with DATABASE_OWNER_URL) and REDIS_URL when set;
 * otherwise starts an embedded PostgreSQL (data in .data/, kept between runs) and the local redis-server on free
 * ports. Then migrates and seeds the demo world on an empty database as the owner, makes the runtime role ready,
 * builds the web app if needed, and runs the API and the worker as the runtime role.
 * Ctrl-C stops everything it started.
 */
const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
const dataDir = process.env.FIELDOPS_DATA_DIR ?? join(root, ".data");
const startedAt = performance.now();
const log = (line: string) => console.log(`[start] ${line}`);
const services: LocalService[] = [];
const children: ChildProcess[] = [];
let stopping = false;

let stopped: Promise<void> | null = null;

/** Stops the children, then the services; a second signal (tsx relays Ctrl-C once more) waits for the first stop. */
async function stopAll(code: number): Promise<never> {
  stopping = true;
  stopped ??= (async () => {
    const began = performance.now();
    log("stopping");
    await Promise.all(
      children.map(
        (child) =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
      ),
    );
    log(`API and worker stopped (${Math.round(performance.now() - began)} ms)`);
    for (const service of services.reverse()) await service.stop().catch(() => {});
    log(`stopped (${Math.round(performance.now() - began)} ms)`);
  })();
  await stopped;
  process.exit(code);
}
// embedded-postgres (through async-exit-hook) stops its server and exits on the first signal, while the API and
// the worker may still be finishing with the database and redis-server would be left running. This script stops
// everything itself, in order: children first, then the services.
for (const signal of ["SIGHUP", "SIGINT", "SIGTERM", "SIGBREAK"] as const) process.removeAllListeners(signal);
process.on("SIGINT", () => void stopAll(0));
process.on("SIGTERM", () => void stopAll(0));
process.on("SIGHUP", () => void stopAll(0));

async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && !stopping) {
    const ok = await fetch(url).then((response) => response.ok, () => false);
    if (ok) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the API did not become healthy at ${url} within 60 s`);
}

try {
  const env: NodeJS.ProcessEnv = { ...process.env };
  env.NODE_ENV ??= "development";
  if (!env.REDIS_URL && !redisServerInstalled()) {
    console.error(REDIS_MISSING);
    process.exit(1);
  }
  let ownerUrl = env.DATABASE_OWNER_URL;
  // Only on the embedded server, which nothing else uses, may the runtime role's password be set to ours.
  let ownServer = false;
  if (!env.DATABASE_URL) {
    if (ownerUrl) throw new Error("DATABASE_OWNER_URL is set without DATABASE_URL: set both (see README, Configuration)");
    const postgres = await startEmbeddedPostgres(dataDir, log);
    services.push(postgres);
    ownerUrl = postgres.url;
    env.DATABASE_URL = postgres.runtimeUrl;
    ownServer = true;
    log(`embedded PostgreSQL on ${redactedDatabaseUrl(postgres.url)}`);
  } else if (!ownerUrl) {
    throw new Error(
      "DATABASE_URL is set without DATABASE_OWNER_URL. DATABASE_URL is the restricted role the API and the worker " +
        "connect as; DATABASE_OWNER_URL is the role that owns the schema and runs the migrations (see README, Configuration)",
    );
  }
  if (!env.REDIS_URL) {
    const redis = await startLocalRedis(dataDir, log);
    services.push(redis);
    env.REDIS_URL = redis.url;
    log(`local Redis on ${redis.url}`);
  }
  await prepareDatabase(ownerUrl, { seedDemo: env.NODE_ENV !== "production", log });
  env.DATABASE_CONTEXT_KEY = (await prepareRuntimeAccess(ownerUrl, env.DATABASE_URL, { resetPassword: ownServer })).contextKey;
  // The API and the worker get the runtime role only.
  delete env.DATABASE_OWNER_URL;
  log(`the API and the worker connect as ${redactedDatabaseUrl(env.DATABASE_URL)}`);
  await buildWebIfNeeded(root, log);

  const run = (name: string, entry: string) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(root, entry)], { env, stdio: "inherit" });
    child.once("exit", (code, signal) => {
      if (stopping) return;
      log(`${name} stopped (${signal ?? `exit code ${code}`}); stopping everything`);
      void stopAll(code ?? 1);
    });
    children.push(child);
  };
  run("worker", "workers/src/main.ts");
  run("api", "apps/api/src/main.ts");
  const port = env.PORT ?? "3000";
  await waitForHealth(`http://127.0.0.1:${port}/api/health`);
  log(`FieldOps is running on http://localhost:${port} (ready in ${Math.round(performance.now() - startedAt)} ms)`);
} catch (error) {
  console.error(`[start] ${error instanceof Error && error.message ? error.message : JSON.stringify(error) ?? String(error)}`);
  await stopAll(1);
}
