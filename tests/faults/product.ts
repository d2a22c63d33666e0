import { spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../../scripts/start/free-port.ts";
import { embeddedOwnerUrl } from "../../scripts/start/embedded-owner-url.ts";
import { STATE_FILE_NAME, type StartState } from "../../scripts/start/state-file.ts";

export type Part = keyof StartState["processes"];

/** The whole product as `npm start` runs it, on a data folder and ports of its own. */
export interface Product {
  url: string;
  dataDir: string;
  /** Every line `npm start` and its processes wrote, stdout and stderr. */
  output: string[];
  state(): Promise<StartState>;
  /** The embedded PostgreSQL's owner (superuser) URL, with the password the state file leaves out. */
  ownerUrl(): Promise<string>;
  pid(part: Part): Promise<number>;
  /** kill -9 of one part; resolves with its pid. */
  kill(part: Part): Promise<number>;
  /** Ctrl-C as a terminal sends it: SIGINT to the whole process group. Resolves when `npm start` has exited. */
  interrupt(): Promise<number | null>;
  exited: Promise<number | null>;
  /** Stops whatever is left and removes the data folder. */
  cleanUp(): Promise<void>;
}

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Polls `check` until it returns a value other than undefined or false; throws after `limitMs` (a hang guard). */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  limitMs = 60_000,
): Promise<T> {
  const deadline = Date.now() + limitMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(
    `gave up waiting for ${what}${lastError instanceof Error ? ` (last error: ${lastError.message})` : ""}`,
  );
}

/**
 * Runs scripts/start.ts (what `npm start` runs) with no DATABASE_URL and no REDIS_URL, so that it starts and owns
 * an embedded PostgreSQL and a redis-server, in a temporary data folder; resolves once the product is healthy.
 */
export async function startProduct(): Promise<Product> {
  const dataDir = await mkdtemp(join(tmpdir(), "fieldops-faults-"));
  // As root, PostgreSQL runs as the postgres user, which must be able to reach its folder inside this one.
  await chmod(dataDir, 0o755);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, FIELDOPS_DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: "warn" };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  env.NODE_ENV = "development";
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", join(root, "scripts/start.ts")], {
    cwd: root,
    env,
    // A process group of its own, as a terminal gives `npm start`, so that Ctrl-C can be sent to all of it.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  // Whole lines only: a chunk may end in the middle of one.
  const collect = (stream: NodeJS.ReadableStream | null) => {
    let partial = "";
    stream?.on("data", (chunk: Buffer) => {
      const lines = (partial + chunk.toString()).split("\n");
      partial = lines.pop() ?? "";
      output.push(...lines.filter(Boolean));
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => (hasExited = true));

  const state = async () => JSON.parse(await readFile(join(dataDir, STATE_FILE_NAME), "utf8")) as StartState;
  const pid = async (part: Part) => {
    const value = (await state()).processes[part];
    if (value === undefined) throw new Error(`npm start has recorded no ${part}`);
    return value;
  };
  const product: Product = {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    output,
    state,
    async ownerUrl() {
      const recorded = (await state()).services.postgres?.url;
      if (!recorded) throw new Error("npm start has recorded no PostgreSQL");
      return embeddedOwnerUrl(dataDir, recorded);
    },
    pid,
    async kill(part) {
      const target = await pid(part);
      process.kill(target, "SIGKILL");
      return target;
    },
    async interrupt() {
      if (child.pid !== undefined && !hasExited) process.kill(-child.pid, "SIGINT");
      return exited;
    },
    exited,
    async cleanUp() {
      if (!hasExited && child.pid !== undefined) {
        process.kill(-child.pid, "SIGINT");
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      }
      const left = await state().catch(() => null);
      for (const leftover of Object.values(left?.processes ?? {})) {
        try {
          process.kill(leftover, "SIGKILL");
        } catch {
          // gone already
        }
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  // Fails at once, with what npm start said, if it exits before the product is up.
  let up = false;
  const exitedEarly = exited.then(() => {
    if (!up) throw new Error(`npm start exited before the product was up:\n${output.slice(-30).join("\n")}`);
  });
  exitedEarly.catch(() => {});
  try {
    const running = waitFor(
      "npm start to report the product running",
      async () => output.some((line) => line.includes("FieldOps is running")),
      180_000,
    );
    await Promise.race([running, exitedEarly]);
    up = true;
  } catch (error) {
    await product.cleanUp();
    throw error;
  }
  return product;
}

export const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const ENTRIES = { api: "apps/api/src/main.ts", worker: "workers/src/main.ts" } as const;

/** An API or a worker as its own process (`node --import tsx <entry>`), with only the environment given. */
export function spawnPart(part: keyof typeof ENTRIES, env: Record<string, string | undefined>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", ENTRIES[part]], {
    cwd: root,
    // Only what the process needs: whatever else the caller's environment holds stays out.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, FIELDOPS_ENV_FILE: "none", ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

export const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once("exit", () => resolve()));
