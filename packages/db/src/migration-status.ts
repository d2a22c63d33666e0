import type { Database } from "./client.ts";
import { defaultMigrationsDir, readMigrations } from "./apply-migrations.ts";

/**
 * The migrations of the folder that the database has not recorded as applied (finished and not rolled back), read
 * as the runtime role (the `migrations_readable` migration lets it read `_prisma_migrations`). Empty: the schema is
 * the one this code expects.
 */
export async function migrationsNotApplied(db: Database, migrationsDir = defaultMigrationsDir): Promise<string[]> {
  const expected = (await readMigrations(migrationsDir)).map((migration) => migration.name);
  const rows = await db.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`;
  const applied = new Set(rows.map((row) => row.migration_name));
  return expected.filter((name) => !applied.has(name));
}
