import { appendFile, cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, defaultMigrationsDir, readMigrations } from "./apply-migrations.ts";
import { engineMigrationList } from "./schema-diff.ts";
import { createScratchDatabase, schemaEngineAdapter } from "./schema-engine-adapter.ts";
import { openSchemaEngine, runEngine } from "./schema-engine-wasm.ts";

const serverUrl = process.env.DATABASE_URL || "postgresql://postgres@127.0.0.1:5432/postgres";

type Scratch = Awaited<ReturnType<typeof createScratchDatabase>>;
const databases: Scratch[] = [];
let scratchDir: string;

async function freshDatabase(): Promise<string> {
  const database = await createScratchDatabase(serverUrl, "test_apply_migrations");
  databases.push(database);
  return database.url;
}

async function query<T extends pg.QueryResultRow>(databaseUrl: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

/** A copy of prisma/migrations that a test may change. */
async function copyOfMigrations(): Promise<string> {
  const dir = await mkdtemp(join(scratchDir, "migrations-"));
  await cp(defaultMigrationsDir, dir, { recursive: true });
  return dir;
}

beforeAll(async () => {
  scratchDir = await mkdtemp(join(tmpdir(), "apply-migrations-"));
});

afterAll(async () => {
  await Promise.all(databases.map((database) => database.drop()));
  await rm(scratchDir, { recursive: true, force: true });
});

describe("applyMigrations", () => {
  let databaseUrl: string;
  let names: string[];

  beforeAll(async () => {
    databaseUrl = await freshDatabase();
    names = (await readMigrations()).map((file) => file.name);
  });

  it("applies every migration in name order and records it as Prisma does", async () => {
    expect(names.length).toBeGreaterThan(0);
    expect(await applyMigrations(databaseUrl)).toEqual(names);

    type Row = { migration_name: string; checksum: string; finished: boolean; applied_steps_count: number };
    const rows = await query<Row>(
      databaseUrl,
      `SELECT migration_name, checksum, finished_at IS NOT NULL AS finished, applied_steps_count
       FROM "_prisma_migrations" ORDER BY started_at`,
    );
    const files = await readMigrations();
    const expected = files.map((file) => ({ migration_name: file.name, checksum: file.checksum, finished: true }));
    expect(rows).toEqual(expected.map((row) => ({ ...row, applied_steps_count: 1 })));
    const tables = await query<{ n: number }>(
      databaseUrl,
      "SELECT count(*)::int AS n FROM pg_tables WHERE tablename = 'companies'",
    );
    expect(tables[0]?.n).toBe(1);
  });

  it("is a no-op when applied again", async () => {
    expect(await applyMigrations(databaseUrl)).toEqual([]);
    const rows = await query<{ n: number }>(databaseUrl, `SELECT count(*)::int AS n FROM "_prisma_migrations"`);
    expect(rows[0]?.n).toBe(names.length);
  });

  it("leaves a history Prisma's own engine reads as up to date", async () => {
    const { adapter, close } = schemaEngineAdapter(databaseUrl);
    try {
      const engine = await openSchemaEngine(adapter);
      const diagnosis = await runEngine(async () =>
        engine.diagnoseMigrationHistory({
          migrationsList: await engineMigrationList(defaultMigrationsDir),
          optInToShadowDatabase: false,
          filters: { externalTables: [], externalEnums: [] },
        }),
      );
      engine.free();
      expect(diagnosis).toMatchObject({
        history: null,
        editedMigrationNames: [],
        failedMigrationNames: [],
        hasMigrationsTable: true,
      });
    } finally {
      await close();
    }
  });

  it("refuses a migration whose file changed after it was applied", async () => {
    const migrationsDir = await copyOfMigrations();
    const first = names[0]!;
    await appendFile(join(migrationsDir, first, "migration.sql"), "\n-- edited\n");
    await expect(applyMigrations(databaseUrl, { migrationsDir })).rejects.toThrow(
      new RegExp(`${first} changed after being applied`),
    );
  });

  it("rolls a failing migration back entirely and records nothing", async () => {
    const migrationsDir = await copyOfMigrations();
    const broken = "99990101000000_broken";
    await mkdir(join(migrationsDir, broken));
    await writeFile(
      join(migrationsDir, broken, "migration.sql"),
      `CREATE TABLE "half_done" (id int);\nSELECT * FROM "no_such_table";\n`,
    );
    await expect(applyMigrations(databaseUrl, { migrationsDir })).rejects.toThrow(/99990101000000_broken failed/);
    const leftovers = await query<{ n: number }>(
      databaseUrl,
      `SELECT (SELECT count(*) FROM pg_tables WHERE tablename = 'half_done')
            + (SELECT count(*) FROM "_prisma_migrations" WHERE migration_name = '${broken}') AS n`,
    );
    expect(Number(leftovers[0]?.n)).toBe(0);
  });
});

describe("applyMigrations started by several processes at once", () => {
  it("applies each migration exactly once", async () => {
    const databaseUrl = await freshDatabase();
    const names = (await readMigrations()).map((file) => file.name);
    const results = await Promise.all([1, 2, 3, 4].map(() => applyMigrations(databaseUrl)));

    expect(results.flat().sort()).toEqual(names);
    expect(results.filter((applied) => applied.length > 0)).toHaveLength(1);
    const rows = await query<{ migration_name: string }>(
      databaseUrl,
      `SELECT migration_name FROM "_prisma_migrations"`,
    );
    expect(rows.map((row) => row.migration_name).sort()).toEqual(names);
  });
});
