import { spawn, type ChildProcess } from "node:child_process";
import { chmod, mkdir, mkdtemp } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { recordedEmbeddedOwnerUrl } from "../scripts/start/embedded-owner-url.ts";

export const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * `npm start` on `port` with `env` (PORT set here), and when its /api/health first answers 200, in ms from the spawn.
 * Its output is shown with BENCH_PRODUCT_LOGS=1.
 */
export function startProduct(port: number, env: NodeJS.ProcessEnv): { child: ChildProcess; healthy: Promise<number> } {
  const started = performance.now();
  const child = spawn("npm", ["start", "--silent"], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: process.env.BENCH_PRODUCT_LOGS ? ["ignore", "inherit", "inherit"] : "ignore",
    detached: true,
  });
  const healthy = (async () => {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 25));
    }
  })();
  return { child, healthy };
}

/**
 * Stops `npm start` and everything it started (Ctrl-C to its process group); how long that took, in ms. Also after
 * `npm start` has exited on its own (a failed start), for whatever of its group is left.
 */
export async function stopProduct(child: ChildProcess): Promise<number> {
  const started = performance.now();
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    process.kill(-child.pid!, "SIGINT");
  } catch {
    // ESRCH: the whole group has already gone.
  }
  if (child.exitCode === null && child.signalCode === null) await exited;
  return performance.now() - started;
}

/** Where the product's database is: the given one, or the embedded one `npm start` reports in its state file. */
export async function ownerUrlOf(dataDir: string | null): Promise<string> {
  if (process.env.DATABASE_OWNER_URL) return process.env.DATABASE_OWNER_URL;
  const url = await recordedEmbeddedOwnerUrl(dataDir!);
  if (!url) throw new Error("npm start reported no PostgreSQL");
  return url;
}

/**
 * The environment a bench starts the product with: on DATABASE_URL, DATABASE_OWNER_URL and REDIS_URL when all three
 * are set, otherwise on an embedded PostgreSQL and Redis kept in .data/<name> (dataDir, null in the first case).
 */
export async function benchEnvironment(
  name: string,
  overrides: NodeJS.ProcessEnv,
): Promise<{ env: NodeJS.ProcessEnv; dataDir: string | null; external: boolean }> {
  const external = Boolean(process.env.DATABASE_URL && process.env.DATABASE_OWNER_URL && process.env.REDIS_URL);
  if (external) return { env: { ...process.env, ...overrides }, dataDir: null, external };
  const dataDir = join(root, ".data", name);
  await mkdir(dataDir, { recursive: true });
  await chmod(dataDir, 0o755);
  return { env: embeddedEnvironment(dataDir, overrides), dataDir, external };
}

/** A new, empty data folder in .data/ for a bench's own embedded PostgreSQL and Redis; the bench removes it. */
export async function freshDataDir(prefix: string): Promise<string> {
  // Inside the project (git-ignored), not /tmp: as root, PostgreSQL runs as the postgres user, which must reach it.
  await mkdir(join(root, ".data"), { recursive: true });
  const dataDir = await mkdtemp(join(root, ".data", prefix));
  await chmod(dataDir, 0o755);
  return dataDir;
}

/** The environment of `npm start` on an embedded PostgreSQL and Redis in `dataDir`, whatever DATABASE_URL and REDIS_URL say. */
export function embeddedEnvironment(dataDir: string, overrides: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...overrides, FIELDOPS_DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  delete env.DATABASE_OWNER_URL;
  delete env.REDIS_URL;
  return env;
}

/**
 * A bench's clean-up, run once: at its end, or on Ctrl-C or SIGTERM (then the bench exits with 130). The product runs
 * in a process group of its own, beyond the signal, so the clean-up is what stops it.
 */
export function cleanUpOnce(steps: () => Promise<void>): () => Promise<void> {
  let cleaning: Promise<void> | null = null;
  const cleanUp = () => (cleaning ??= steps());
  for (const signal of ["SIGINT", "SIGTERM"] as const)
    process.once(
      signal,
      () =>
        void cleanUp()
          .catch((error: unknown) => console.error(error))
          .finally(() => process.exit(130)),
    );
  return cleanUp;
}
