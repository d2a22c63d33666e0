import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { closeRedis, createCommandConnection } from "@fieldops/config/redis-connections";
import { defaultMigrationsDir, readMigrations } from "@fieldops/db/apply-migrations";
import { migrationsNotApplied } from "@fieldops/db/migration-status";
import { freePort } from "../../../../scripts/start/free-port.ts";
import { startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";
import { buildApp } from "../app.ts";

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

describe("GET /api/health/live and /api/health/ready", () => {
  it("live answers while the process does; ready when the migrations are applied and both dependencies answer", async () => {
    const t = await startTestApp();
    apps.push(t);
    const live = await fetch(`${t.url}/api/health/live`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${t.url}/api/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "up", redis: "up", migrations: "applied" });
  });

  it("ready answers 503 naming Redis on an instance whose Redis is a closed port; live still answers", async () => {
    const t = await startTestApp();
    apps.push(t);
    const redis = createCommandConnection(`redis://127.0.0.1:${await freePort()}`, "closed", () => {});
    let second: FastifyInstance | null = null;
    try {
      second = await buildApp({ context: { ...t.runtime.context, redis }, hub: t.runtime.hub });
      const ready = await second.inject({ method: "GET", url: "/api/health/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        status: "not_ready",
        database: "up",
        redis: "down",
        migrations: "applied",
        message: "Redis not answering",
      });
      expect((await second.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);
    } finally {
      await second?.close();
      await closeRedis(redis);
    }
  });

  it("ready answers 503 naming the database when it cannot be reached", async () => {
    const t = await startTestApp({ DATABASE_URL: `postgresql://nobody:secret@127.0.0.1:${await freePort()}/none` });
    apps.push(t);
    const ready = await fetch(`${t.url}/api/health/ready`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toMatchObject({
      status: "not_ready",
      database: "down",
      redis: "up",
      migrations: "unknown",
      message: "database not answering",
    });
  });

  it("a migration the database lacks is named, read as the runtime role", async () => {
    const t = await startTestApp();
    apps.push(t);
    const folder = mkdtempSync(join(tmpdir(), "migrations-"));
    for (const migration of await readMigrations(defaultMigrationsDir)) {
      mkdirSync(join(folder, migration.name));
      writeFileSync(join(folder, migration.name, "migration.sql"), migration.sql);
    }
    mkdirSync(join(folder, "29991231000000_not_yet"));
    writeFileSync(join(folder, "29991231000000_not_yet", "migration.sql"), "SELECT 1;");
    expect(await migrationsNotApplied(t.runtime.context.db, folder)).toEqual(["29991231000000_not_yet"]);
    expect(await migrationsNotApplied(t.runtime.context.db)).toEqual([]);
  });
});
