import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "../../../../scripts/start/free-port.ts";
import {
  createTestCompany,
  post,
  startTestApp,
  TEST_PASSWORD,
  type TestApp,
} from "../../../../tests/integration/test-app.ts";
import { DATABASE_UNAVAILABLE, REDIS_UNAVAILABLE } from "./http-error.ts";

/** Not a timing assertion: an answer that takes longer than this is a hang. */
const HANG_LIMIT_MS = 10_000;

let app: TestApp | null = null;
let redisServer: ChildProcess | null = null;
afterEach(async () => {
  await app?.close();
  redisServer?.kill("SIGKILL");
  app = null;
  redisServer = null;
});

/** A redis-server of this test's own, which it may kill. */
async function startRedisServer(port: number): Promise<ChildProcess> {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
    {
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on("data", (chunk: Buffer) => chunk.toString().includes("Ready to accept connections") && resolve());
    child.once("exit", (code) => reject(new Error(`redis-server exited with code ${code}`)));
  });
  return child;
}

const signIn = (url: string, email: string) =>
  post(`${url}/api/login`, { username: email, password: TEST_PASSWORD }).then(async (response) => ({
    status: response.status,
    retryAfter: response.headers.get("retry-after"),
    body: (await response.json()) as { message?: string; token?: string },
  }));

describe("a request that needs a dependency that is down", () => {
  it("answers 503 'The database is unavailable' while PostgreSQL cannot be reached", async () => {
    const closedPort = await freePort();
    app = await startTestApp({ DATABASE_URL: `postgresql://nobody:secret@127.0.0.1:${closedPort}/fieldops` });
    const answer = await signIn(app.url, "someone@example.test");
    expect(answer).toEqual({ status: 503, retryAfter: "5", body: { message: DATABASE_UNAVAILABLE } });
    const health = await fetch(`${app.url}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: "degraded", database: "down", redis: "up" });
  });

  it("answers 503 at once while Redis is down, recovers when it is back, and still closes", async () => {
    const port = await freePort();
    redisServer = await startRedisServer(port);
    app = await startTestApp({ REDIS_URL: `redis://127.0.0.1:${port}` });
    const company = await createTestCompany(app.db);
    expect((await signIn(app.url, company.users.owner.email)).status).toBe(200);

    redisServer.kill("SIGKILL");
    await new Promise((resolve) => redisServer!.once("exit", resolve));
    const during = await Promise.race([
      signIn(app.url, company.users.member.email),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("sign-in hung while Redis was down")), HANG_LIMIT_MS),
      ),
    ]);
    expect(during).toEqual({ status: 503, retryAfter: "5", body: { message: REDIS_UNAVAILABLE } });

    redisServer = await startRedisServer(port);
    let after = await signIn(app.url, company.users.member.email);
    while (after.status === 503) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      after = await signIn(app.url, company.users.member.email);
    }
    expect(after.status).toBe(200);

    // Closing the API must not wait for a Redis that is gone.
    redisServer.kill("SIGKILL");
    await new Promise((resolve) => redisServer!.once("exit", resolve));
    const closing = app.close();
    app = null;
    await Promise.race([
      closing,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("the API did not close while Redis was down")), HANG_LIMIT_MS),
      ),
    ]);
  });
});
