import { spawn, spawnSync } from "node:child_process";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { Redis } from "ioredis";
import { freePort } from "./free-port.ts";
import type { LocalService } from "./embedded-postgres.ts";
import { runningOf } from "./supervise.ts";

export const REDIS_MISSING = `Redis is needed and no REDIS_URL is set, but redis-server is not installed.
Install it and run npm start again:
  Debian/Ubuntu: sudo apt-get install redis-server
  macOS:         brew install redis
or run 'docker compose up -d' and start with REDIS_URL=redis://127.0.0.1:6379`;

export function redisServerInstalled(): boolean {
  return spawnSync("redis-server", ["--version"], { stdio: "ignore" }).status === 0;
}

/**
 * The local redis-server on a free port, its append-only file in `dataDir` so queued jobs survive a restart.
 * `restart()` starts it again on the same port and data after it died.
 */
export async function startLocalRedis(dataDir: string, log: (line: string) => void): Promise<LocalService> {
  const port = await freePort();
  const dir = join(dataDir, "redis");
  await mkdir(dir, { recursive: true });
  const url = `redis://127.0.0.1:${port}`;
  const launch = async () => {
    const child = spawn(
      "redis-server",
      // appendfsync always: a job is on disk before Redis acknowledges it, so a Redis killed outright loses no job.
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--appendonly",
        "yes",
        "--appendfsync",
        "always",
        "--save",
        "",
        "--protected-mode",
        "yes",
      ],
      // Its own process group: Ctrl-C reaches the API and worker, which still need Redis to finish, but not Redis,
      // which this script stops after them.
      { stdio: ["ignore", "ignore", "pipe"], detached: true },
    );
    child.stderr.on("data", (chunk: Buffer) => log(`redis: ${chunk.toString().trim()}`));
    const running = runningOf(child);
    await waitForRedis(url, child).catch((error: unknown) => {
      child.kill("SIGKILL");
      throw error;
    });
    return running;
  };
  let running = await launch();
  return {
    url,
    running,
    async restart() {
      running = await launch();
      return running;
    },
    async stop() {
      running.kill("SIGTERM");
      await running.exited;
    },
  };
}

async function waitForRedis(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`redis-server exited with ${child.signalCode ?? `code ${child.exitCode}`}`);
    }
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
