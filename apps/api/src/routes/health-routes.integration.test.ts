import { createServer, type Server, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";

const apps: TestApp[] = [];
const silentServers: Server[] = [];
afterAll(async () => {
  for (const server of silentServers) {
    server.close();
    for (const socket of hungSockets) socket.destroy();
  }
  await Promise.all(apps.map((app) => app.close()));
});

const hungSockets: Socket[] = [];

/** A port where something accepts connections and never answers: a server that hangs. */
async function silentPort(): Promise<number> {
  const server = createServer((socket) => hungSockets.push(socket));
  silentServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  return typeof address === "object" && address ? address.port : 0;
}

describe("GET /api/health", () => {
  it("answers 200 when PostgreSQL and Redis answer", async () => {
    const t = await startTestApp();
    apps.push(t);
    const response = await fetch(`${t.url}/api/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "up", redis: "up" });
  });

  it("answers 503 naming what is down when Redis stops answering", async () => {
    const t = await startTestApp();
    apps.push(t);
    t.runtime.context.redis.disconnect();
    const response = await fetch(`${t.url}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({
      status: "degraded",
      database: "up",
      redis: "down",
      message: "Redis not answering",
    });
  });

  it("answers 503 within its time limit when the database hangs", async () => {
    const t = await startTestApp({ DATABASE_URL: `postgresql://postgres@127.0.0.1:${await silentPort()}/none` });
    apps.push(t);
    const started = Date.now();
    const response = await fetch(`${t.url}/api/health`);
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ database: "down", redis: "up" });
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
