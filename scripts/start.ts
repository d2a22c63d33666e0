import "@fieldops/config/load-dotenv";
import { join } from "node:path";
import { describeFileStorage, mailConfigurationProblem, readFileStorageSettings } from "@fieldops/config/env";
import { REPOSITORY_ROOT, RUNS_COMPILED } from "@fieldops/config/repository";
import { prepareDatabase } from "@fieldops/db/prepare-database";
import { prepareRuntimeAccess, redactedDatabaseUrl } from "@fieldops/db/runtime-role";
import { dataDirFromEnv } from "./db/database-url.ts";
import { buildWebIfNeeded, requireWebBuild } from "./start/build-web.ts";
import { startEmbeddedPostgres, type LocalService } from "./start/embedded-postgres.ts";
import { REDIS_MISSING, redisServerInstalled, startLocalRedis } from "./start/local-redis.ts";
import { freePort } from "./start/free-port.ts";
import { createStateFile } from "./start/state-file.ts";
import { spawnNodeProcess, stopChild, supervise, type Supervisor } from "./start/supervise.ts";

/**
 * `npm start`: the whole product on its defaults. Uses DATABASE_URL (with DATABASE_OWNER_URL) and REDIS_URL when set;
 * otherwise starts an embedded PostgreSQL (data in .data/, kept between runs) and the local redis-server on free
 * ports. Then migrates and seeds the demo world on an empty database as the owner, makes the runtime role ready,
 * builds the web app if needed, and runs the API and the worker as the runtime role. Without SMTP_URL (not in
 * production) the worker also runs the local mail catcher on a free port, and e-mails are sent to it.
 * It restarts any of these that dies (with a growing delay), and records their pids in <data dir>/npm-start.json.
 * Ctrl-C stops everything it started.
 *
 * `npm run dev` (`--dev`): the same, for working on the code: the API and the worker restart when a file they import
 * changes, and instead of the built web app, Vite's development server (on WEB_DEV_PORT, 5173 by default) serves the
 * sources with hot reload and forwards /api to the API.
 *
 * Compiled by `npm run build` (dist/server/scripts/start.js, which `npm start` runs under NODE_ENV=production), it runs
 * the compiled API and worker with plain `node`, and serves the web app that build made instead of building one.
 */
const root = REPOSITORY_ROOT;
const dataDir = dataDirFromEnv();
const startedAt = performance.now();
const log = (line: string) => console.log(`[start] ${line}`);
/** What runs under supervision: the services (PostgreSQL, Redis) and the processes that need them (API, worker). */
const services: Supervisor[] = [];
const children: Supervisor[] = [];
const port = Number(process.env.PORT ?? 3000);
const dev = process.argv.includes("--dev");
/** Vite's development server (`npm run dev`), closed by a stop. */
let webDevServer: { close(): Promise<void> } | null = null;
const stateFile = createStateFile(dataDir, port);
let stopping = false;

let stopped: Promise<void> | null = null;

/** Stops the children, then the services; a second signal (tsx relays Ctrl-C once more) waits for the first stop. */
async function stopAll(code: number): Promise<never> {
  stopping = true;
  stopped ??= (async () => {
    const began = performance.now();
    log("stopping");
    // A service that dies now stays down: the API and the worker stop without it.
    for (const service of services) service.cancelRestarts();
    await Promise.all([...children.map((child) => child.stop()), webDevServer?.close()]);
    log(`API and worker stopped (${Math.round(performance.now() - began)} ms)`);
    // Through their supervisors, which first cancel a restart under way.
    for (const service of services.reverse()) await service.stop().catch(() => {});
    stateFile.remove();
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

/** The embedded PostgreSQL and the local Redis this script started are restarted when they die. */
function superviseService(key: "postgres" | "redis", service: LocalService): void {
  stateFile.setService(key, service.url);
  stateFile.setProcess(key, service.running.pid);
  services.push(
    supervise(service.running, {
      name: key === "postgres" ? "PostgreSQL" : "Redis",
      log,
      restart: () => service.restart(),
      stop: () => service.stop(),
      onRestart: (running) => stateFile.setProcess(key, running.pid),
    }),
  );
}

/** Resolves when the API answers 200, or at once when a stop was asked for meanwhile. */
async function waitForHealth(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (stopping) return;
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the API did not become healthy at ${url} within 60 s`);
}

try {
  // The API keeps uploaded photos and signatures under the same data folder.
  const env: NodeJS.ProcessEnv = { ...process.env, FIELDOPS_DATA_DIR: dataDir };
  env.NODE_ENV ??= "development";
  if (RUNS_COMPILED) requireWebBuild(env.WEB_DIST_DIR ?? join(root, "dist/web"));
  const mailProblem = mailConfigurationProblem({
    NODE_ENV: env.NODE_ENV === "production" ? "production" : "development",
    SMTP_URL: env.SMTP_URL || undefined,
  });
  if (mailProblem) throw new Error(mailProblem);
  const storage = readFileStorageSettings(env);
  if (!env.REDIS_URL && !redisServerInstalled()) {
    console.error(REDIS_MISSING);
    process.exit(1);
  }
  let ownerUrl = env.DATABASE_OWNER_URL;
  // Only on the embedded server, which nothing else uses, may the runtime role's password be set to ours.
  let ownServer = false;
  let writeOut: (() => Promise<void>) | null = null;
  if (!env.DATABASE_URL) {
    if (ownerUrl)
      throw new Error("DATABASE_OWNER_URL is set without DATABASE_URL: set both (see docs/configuration.md)");
    const postgres = await startEmbeddedPostgres(dataDir, log);
    superviseService("postgres", postgres);
    writeOut = postgres.checkpoint;
    ownerUrl = postgres.url;
    env.DATABASE_URL = postgres.runtimeUrl;
    ownServer = true;
    log(`embedded PostgreSQL on ${redactedDatabaseUrl(postgres.url)}`);
  } else if (!ownerUrl) {
    throw new Error(
      "DATABASE_URL is set without DATABASE_OWNER_URL. DATABASE_URL is the restricted role the API and the worker " +
        "connect as; DATABASE_OWNER_URL is the role that owns the schema and runs the migrations (see docs/configuration.md)",
    );
  }
  if (!env.REDIS_URL) {
    const redis = await startLocalRedis(dataDir, log);
    superviseService("redis", redis);
    env.REDIS_URL = redis.url;
    log(`local Redis on ${redis.url}`);
  }
  await prepareDatabase(ownerUrl, { seedDemo: env.NODE_ENV !== "production", log });
  env.DATABASE_CONTEXT_KEY = (
    await prepareRuntimeAccess(ownerUrl, env.DATABASE_URL, { resetPassword: ownServer })
  ).contextKey;
  // The API and the worker get the runtime role only.
  delete env.DATABASE_OWNER_URL;
  // This process read the .env file for them: reading it again would give them DATABASE_OWNER_URL back.
  env.FIELDOPS_ENV_FILE = "none";
  log(`the API and the worker connect as ${redactedDatabaseUrl(env.DATABASE_URL)}`);
  if (!dev && !RUNS_COMPILED) await buildWebIfNeeded(root, log);
  if (!env.SMTP_URL) {
    // The worker listens here (MAIL_CATCHER_PORT) and its dispatcher sends here: a mail server that keeps every mail.
    const catcherPort = await freePort();
    env.MAIL_CATCHER_PORT = String(catcherPort);
    env.SMTP_URL = `smtp://127.0.0.1:${catcherPort}`;
    log(`no SMTP_URL: e-mails go to the local mail catcher on port ${catcherPort} (Settings → Outbox shows them)`);
  }
  log(describeFileStorage(storage));

  const run = (name: "api" | "worker", source: string) => {
    const entry = RUNS_COMPILED ? join("dist/server", source.replace(/\.ts$/, ".js")) : source;
    const first = spawnNodeProcess(join(root, entry), env, { watch: dev });
    stateFile.setProcess(name, first.pid);
    children.push(
      supervise(first, {
        name,
        log,
        restart: async () => spawnNodeProcess(join(root, entry), env, { watch: dev }),
        stop: stopChild,
        onRestart: (running) => stateFile.setProcess(name, running.pid),
      }),
    );
  };
  // What this start wrote to the embedded server (after a first start: a new cluster, every migration, the demo seed)
  // is written out while the API and the worker boot, not by the shutdown of a stop that comes right after.
  const writtenOut = writeOut?.().catch((error: unknown) => log(`PostgreSQL checkpoint failed: ${String(error)}`));
  run("worker", "workers/src/main.ts");
  run("api", "apps/api/src/main.ts");
  await waitForHealth(`http://127.0.0.1:${port}/api/health`);
  await writtenOut;
  if (stopping) await stopAll(0);
  const ready = `ready in ${Math.round(performance.now() - startedAt)} ms`;
  if (dev) {
    // The config's proxy sends /api (and the WebSocket) to this API's port.
    const { createServer } = await import("vite");
    const webPort = Number(process.env.WEB_DEV_PORT ?? 5173);
    const vite = await createServer({
      configFile: join(root, "vite.config.ts"),
      server: { port: webPort, strictPort: true },
    });
    webDevServer = vite;
    await vite.listen();
    log(
      `FieldOps (development) is running on http://localhost:${webPort} (${ready}): the web app reloads as you edit,`,
    );
    log("the API and the worker restart when their files change");
  } else {
    log(`FieldOps is running on http://localhost:${port} (${ready})`);
  }
} catch (error) {
  console.error(
    `[start] ${error instanceof Error && error.message ? error.message : (JSON.stringify(error) ?? String(error))}`,
  );
  await stopAll(1);
}
