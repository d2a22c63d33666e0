import { spawn } from "node:child_process";
import { rm } from "node:fs/promises";
import { join } from "node:path";
import autocannon from "autocannon";
import { freePort } from "../scripts/start/free-port.ts";
import { embeddedEnvironment, freshDataDir, root, startProduct, stopProduct } from "./product.ts";

/**
 * `npm run bench`: from one run,
 * - the time `npm start` takes until /api/health answers 200, cold (fresh data folder: PostgreSQL initialised,
 *   migrated, demo world seeded) and warm (the same folder again);
 * - the throughput of authenticated `GET /api/user` on that product, as a ratio to a bare Fastify route on the same
 *   machine, both loaded the same way.
 */
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 20);

/** `npm start` on its own embedded PostgreSQL and Redis in `dataDir`. */
function startOwnProduct(dataDir: string, port: number) {
  return startProduct(port, embeddedEnvironment(dataDir, { LOG_LEVEL: "warn" }));
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections, duration: seconds, headers });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

const dataDir = await freshDataDir("bench-");
try {
  const port = await freePort();
  const cold = startOwnProduct(dataDir, port);
  const coldMs = await cold.healthy;
  const coldStopMs = await stopProduct(cold.child);

  const warm = startOwnProduct(dataDir, port);
  const warmMs = await warm.healthy;

  const login = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "member@demo.test", password: "demo-password-1" }),
  });
  const { token } = (await login.json()) as { token: string };

  const bare = spawn(process.execPath, ["--import", "tsx", join(root, "bench/bare-fastify.ts")], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const barePort = await new Promise<number>((resolve) =>
    bare.stdout!.once("data", (d: Buffer) => resolve(Number(String(d).trim()))),
  );

  // Warm both up, then measure each alone.
  await autocannon({ url: `http://127.0.0.1:${barePort}/bare`, connections, duration: 2 });
  await autocannon({
    url: `http://127.0.0.1:${port}/api/user`,
    connections,
    duration: 2,
    headers: { authorization: `Bearer ${token}` },
  });
  const baseline = await load(`http://127.0.0.1:${barePort}/bare`);
  const user = await load(`http://127.0.0.1:${port}/api/user`, { authorization: `Bearer ${token}` });
  bare.kill("SIGTERM");
  const warmStopMs = await stopProduct(warm.child);

  const ms = (n: number) => `${Math.round(n)} ms`;
  console.log(`\nnpm start until /api/health is 200`);
  console.log(`  cold (new data folder: init PostgreSQL, migrate, seed): ${ms(coldMs)}   stop: ${ms(coldStopMs)}`);
  console.log(`  warm (same data folder):                                ${ms(warmMs)}   stop: ${ms(warmStopMs)}`);
  console.log(`\nthroughput, ${connections} connections, ${seconds} s each (autocannon)`);
  console.log(
    `  bare Fastify route:           ${Math.round(baseline.rps)} req/s  p50 ${baseline.p50} ms  p99 ${baseline.p99} ms`,
  );
  console.log(`  GET /api/user (authenticated): ${Math.round(user.rps)} req/s  p50 ${user.p50} ms  p99 ${user.p99} ms`);
  console.log(`  ratio: ${(user.rps / baseline.rps).toFixed(3)}`);
} finally {
  await rm(dataDir, { recursive: true, force: true });
}
