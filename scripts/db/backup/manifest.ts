import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type pg from "pg";
import { z } from "zod";

export const DUMP_FILE = "database.dump";
export const FILES_FOLDER = "files";
export const MANIFEST_FILE = "manifest.json";

/** What a restore checks the database against: the migrations applied and the rows of every table. */
const databaseFacts = z.object({
  /** Names of the finished migrations, in order; the last is the schema's version. */
  migrations: z.array(z.string()),
  /** Rows per table (`schema.table`), every table outside PostgreSQL's own schemas. */
  rows: z.record(z.string(), z.number()),
});

export type DatabaseFacts = z.infer<typeof databaseFacts>;

export const backupManifest = z.object({
  format: z.literal(1),
  createdAt: z.string(),
  database: z.string(),
  /** The role that owned the schema (and ran pg_dump); its objects belong to it again after a restore. */
  owner: z.string(),
  serverVersion: z.string(),
  pgDumpMajor: z.number(),
  lastMigration: z.string().nullable(),
  files: z.object({ count: z.number(), bytes: z.number() }),
  ...databaseFacts.shape,
});

export type BackupManifest = z.infer<typeof backupManifest>;

export async function readManifest(folder: string): Promise<BackupManifest> {
  const path = join(folder, MANIFEST_FILE);
  const text = await readFile(path, "utf8").catch((error: unknown) => {
    throw new Error(`${folder} is not a backup: no readable ${MANIFEST_FILE}`, { cause: error });
  });
  return backupManifest.parse(JSON.parse(text));
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The connected database's facts, as the client's transaction sees them. */
export async function readDatabaseFacts(client: pg.Client): Promise<DatabaseFacts> {
  const hasMigrations = await client.query<{ present: boolean }>(
    `SELECT to_regclass('public."_prisma_migrations"') IS NOT NULL AS present`,
  );
  const migrations = hasMigrations.rows[0]?.present
    ? (
        await client.query<{ name: string }>(
          `SELECT migration_name AS name FROM "_prisma_migrations"
           WHERE rolled_back_at IS NULL AND finished_at IS NOT NULL ORDER BY migration_name`,
        )
      ).rows.map((row) => row.name)
    : [];
  const tables = (
    await client.query<{ schema: string; name: string }>(
      `SELECT schemaname AS schema, tablename AS name FROM pg_tables
       WHERE schemaname NOT IN ('pg_catalog', 'information_schema') ORDER BY 1, 2`,
    )
  ).rows;
  const rows: Record<string, number> = {};
  if (tables.length > 0) {
    const counts = tables.map(
      (table, index) =>
        `(SELECT count(*) FROM ${quoteIdent(table.schema)}.${quoteIdent(table.name)})::int AS c${index}`,
    );
    const result = (await client.query<Record<string, number>>(`SELECT ${counts.join(", ")}`)).rows[0] ?? {};
    tables.forEach((table, index) => (rows[`${table.schema}.${table.name}`] = result[`c${index}`] ?? 0));
  }
  return { migrations, rows };
}

/** What differs between the facts a backup recorded and a database's; empty when they agree. */
export function factDifferences(expected: DatabaseFacts, actual: DatabaseFacts): string[] {
  const differences: string[] = [];
  if (expected.migrations.join("\n") !== actual.migrations.join("\n")) {
    differences.push(
      `migrations: the backup has ${expected.migrations.length} (last ${expected.migrations.at(-1) ?? "none"}), ` +
        `the database ${actual.migrations.length} (last ${actual.migrations.at(-1) ?? "none"})`,
    );
  }
  for (const table of new Set([...Object.keys(expected.rows), ...Object.keys(actual.rows)])) {
    if (expected.rows[table] !== actual.rows[table]) {
      differences.push(
        `${table}: ${expected.rows[table] ?? "no table"} rows expected, ${actual.rows[table] ?? "no table"} found`,
      );
    }
  }
  return differences;
}

/** The connected role, refused when row-level security would hide rows from it (FORCE ROW LEVEL SECURITY tables). */
export async function ownerRole(client: pg.Client): Promise<string> {
  const row = (
    await client.query<{ role: string; sees_all: boolean }>(
      `SELECT rolname AS role, rolsuper OR rolbypassrls AS sees_all FROM pg_roles WHERE rolname = current_user`,
    )
  ).rows[0];
  if (!row?.sees_all) {
    throw new Error(
      `${row?.role ?? "this role"} is neither a superuser nor BYPASSRLS: row-level security (forced on tenant tables) ` +
        "would hide rows from it. Connect as the schema's owner with one of these (DATABASE_OWNER_URL)",
    );
  }
  return row.role;
}
