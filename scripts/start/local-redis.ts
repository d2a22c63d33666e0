import { spawn, spawnSync } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { Redis } from "ioredis";
import { freePort } from "./free-port.ts";
import type { LocalService } from "./embedded-postgres.ts";

export const REDIS_MISSING = `Redis is needed and no REDIS_URL is set, but redis-server is not installed.
Install it and run npm start again:
  Debian/Ubuntu: sudo apt-get install redis-server
  macOS:         brew install redis
or run 'docker compose up -d' and start with REDIS_URL=redis://127.0.0.1:6379`;

export function redisServerInstalled(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

/** The local redis-server on a free port, its append-only file in `dataDir` so queued jobs survive a restart. */
export async function startLocalRedis(dataDir: string, log: (line: string) => void): Promise<LocalService> {
  const port = await freePort();
  const dir = join(dataDir, "redis");
  await mkdir(dir, { recursive: true });
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--dir", dir, "--appendonly", "yes", "--save", "", "--protected-mode", "yes"],
    // Its own process group: Ctrl-C reaches the API and worker, which still need Redis to finish, but not Redis,
    // which this script stops after them.
    { stdio: ["ignore", "ignore", "pipe"], detached: true },
  );
  child.stderr.on("data", (chunk: Buffer) => log(`redis: ${chunk.toString().trim()}`));
  const url = `redis://127.0.0.1:${port}`;
  await waitForRedis(url, child);
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function waitForRedis(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`redis-server exited with code ${child.exitCode}`);
    const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on("error", () => {});
    try {
      await client.connect();
      await client.ping();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      client.disconnect();
    }
  }
  throw new Error("redis-server did not answer within 10 s");
}
