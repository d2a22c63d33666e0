import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { z } from "zod";

export const defaultMigrationsDir = fileURLToPath(new URL("../../../prisma/migrations", import.meta.url));

// The key `prisma migrate deploy` locks too, so this never runs alongside it on the same database.
const MIGRATION_LOCK_KEY = 72707369;

export interface MigrationFile {
  /** Directory name, e.g. `20250101120000_init`. */
  name: string;
  sql: string;
  /** SHA-256 of the file's bytes, hex, as Prisma stores it. */
  checksum: string;
}

export interface ApplyMigrationsOptions {
  migrationsDir?: string;
  log?: (line: string) => void;
  /** How long to wait for another process that is migrating the same database. Default 5 minutes. */
  lockTimeoutMs?: number;
}

function sha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** Every `<dir>/<name>/migration.sql`, in name order. */
export async function readMigrations(migrationsDir: string = defaultMigrationsDir): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch((error: unknown) => {
    if (error instanceof Error && "code" in error && error.code === "ENOENT") return [];
    throw error;
  });
  const names = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return Promise.all(
    names.map(async (name) => {
      const path = join(migrationsDir, name, "migration.sql");
      const sql = await readFile(path, "utf8").catch((error: unknown) => {
        throw new Error(`Migration ${name} has no readable migration.sql (${path})`, { cause: error });
      });
      return { name, sql, checksum: sha256(sql) };
    }),
  );
}

// Git may check files out with CRLF line endings; the migration is the same.
function sameScript(file: MigrationFile, storedChecksum: string): boolean {
  return file.checksum === storedChecksum || sha256(file.sql.replaceAll("\r\n", "\n")) === storedChecksum;
}

const CREATE_MIGRATIONS_TABLE = `
CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

const appliedRow = z.object({
  migration_name: z.string(),
  checksum: z.string(),
  finished_at: z.date().nullable(),
});

type AppliedRow = z.infer<typeof appliedRow>;

async function appliedMigrations(client: pg.Client): Promise<AppliedRow[]> {
  const result = await client.query(
    `SELECT migration_name, checksum, finished_at FROM "_prisma_migrations"
     WHERE rolled_back_at IS NULL ORDER BY started_at`,
  );
  return z.array(appliedRow).parse(result.rows);
}

/** Which files still need applying; throws when the recorded history and the files disagree. */
function pendingMigrations(
  files: MigrationFile[],
  applied: AppliedRow[],
  log: (line: string) => void,
): MigrationFile[] {
  const failed = applied.filter((row) => row.finished_at === null).map((row) => row.migration_name);
  if (failed.length > 0) {
    throw new Error(
      `Migration(s) ${failed.join(", ")} started but never finished (recorded by another tool). ` +
        `Fix the database by hand, then mark them rolled back in _prisma_migrations.`,
    );
  }
  const byName = new Map(applied.map((row) => [row.migration_name, row]));
  const edited = files.filter((file) => {
    const row = byName.get(file.name);
    return row !== undefined && !sameScript(file, row.checksum);
  });
  if (edited.length > 0) {
    throw new Error(
      `Migration(s) ${edited.map((file) => file.name).join(", ")} changed after being applied ` +
        `(checksum differs from _prisma_migrations). Restore the applied file(s) and put changes in a new migration.`,
    );
  }
  const known = new Set(files.map((file) => file.name));
  for (const row of applied) {
    if (!known.has(row.migration_name)) {
      log(`warning: ${row.migration_name} is applied but not in the migrations folder`);
    }
  }
  return files.filter((file) => !byName.has(file.name));
}

async function applyOne(client: pg.Client, file: MigrationFile): Promise<void> {
  await client.query("BEGIN");
  try {
    const id = randomUUID();
    await client.query(
      `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at)
       VALUES ($1, $2, $3, clock_timestamp())`,
      [id, file.checksum, file.name],
    );
    // No parameters: the simple query protocol runs a script of several statements.
    await client.query(file.sql);
    await client.query(
      `UPDATE "_prisma_migrations" SET finished_at = clock_timestamp(), applied_steps_count = 1 WHERE id = $1`,
      [id],
    );
    await client.query("COMMIT");
  } catch (error) {
    await client.query("ROLLBACK").catch(() => {});
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${file.name} failed and was rolled back: ${reason}`, { cause: error });
  }
}

/**
 * Applies the migrations of `prisma/migrations` that the database has not recorded yet, each in its own transaction,
 * recording them in `_prisma_migrations` as Prisma does. Holds an advisory lock, so concurrent callers apply each
 * migration once. Returns the names applied (empty when up to date).
 */
export async function applyMigrations(databaseUrl: string, options: ApplyMigrationsOptions = {}): Promise<string[]> {
  const { migrationsDir = defaultMigrationsDir, log = () => {}, lockTimeoutMs = 300_000 } = options;
  const files = await readMigrations(migrationsDir);
  const client = new pg.Client({ connectionString: databaseUrl });
  // A dropped connection also fails the query in flight; without a listener it would crash the process instead.
  client.on("error", () => {});
  await client.connect();
  try {
    await client.query(`SET lock_timeout = ${Math.max(1, Math.floor(lockTimeoutMs))}`);
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]).catch((error: unknown) => {
      const timedOut = error instanceof Error && "code" in error && error.code === "55P03";
      if (!timedOut) throw error;
      throw new Error(`Another process has held the migration lock for over ${lockTimeoutMs} ms`, { cause: error });
    });
    await client.query("RESET lock_timeout");
    await client.query(CREATE_MIGRATIONS_TABLE);
    const pending = pendingMigrations(files, await appliedMigrations(client), log);
    for (const file of pending) {
      log(`applying ${file.name}`);
      await applyOne(client, file);
    }
    return pending.map((file) => file.name);
  } finally {
    // Ending the session releases the advisory lock.
    await client.end();
  }
}
