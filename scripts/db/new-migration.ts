// Usage: npm run db:migration -- <name>
// Writes prisma/migrations/<UTC yyyymmddHHMMSS>_<name>/migration.sql with the SQL that brings the migrations up to
// prisma/schema.prisma (computed on a throwaway shadow database on DATABASE_URL's server).
import { mkdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { defaultMigrationsDir, readMigrations } from "@fieldops/db/apply-migrations";
import { diffMigrationsToSchema, migrationLockfile } from "@fieldops/db/schema-diff";
import { databaseUrlFromEnv, errorMessage } from "./database-url.ts";

function migrationTimestamp(now: Date): string {
  return now.toISOString().replace(/\D/g, "").slice(0, 14);
}

async function main(rawName: string | undefined): Promise<number> {
  const name = rawName
    ?.trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  if (!name) {
    console.error("usage: npm run db:migration -- <name>");
    return 1;
  }
  const migrationName = `${migrationTimestamp(new Date())}_${name}`;
  const later = (await readMigrations()).filter((file) => file.name >= migrationName).map((file) => file.name);
  if (later.length > 0) {
    // Hand-written migrations may be dated ahead; the new one runs before them, so its SQL must not assume them.
    console.log(`note: ${later.join(", ")} sort(s) after ${migrationName} and are left out of the comparison`);
  }
  const sql = await diffMigrationsToSchema({ databaseUrl: databaseUrlFromEnv(), before: migrationName });
  if (sql === "") {
    console.log("no changes");
    return 0;
  }
  const dir = join(defaultMigrationsDir, migrationName);
  await mkdir(defaultMigrationsDir, { recursive: true });
  await mkdir(dir); // fails if it exists: never overwrite a migration
  await writeFile(join(dir, "migration.sql"), sql);
  await writeFile(join(defaultMigrationsDir, "migration_lock.toml"), migrationLockfile, { flag: "wx" }).catch(
    (error: unknown) => {
      if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
    },
  );
  console.log(`wrote ${relative(process.cwd(), join(dir, "migration.sql"))}:\n\n${sql}`);
  return 0;
}

try {
  process.exitCode = await main(process.argv[2]);
} catch (error) {
  console.error(`db:migration failed: ${errorMessage(error)}`);
  process.exitCode = 1;
}
