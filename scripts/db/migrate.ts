// Applies pending migrations from prisma/migrations as the owner: DATABASE_OWNER_URL, else DATABASE_URL.
import "@fieldops/config/load-dotenv";
import { applyMigrations } from "@fieldops/db/apply-migrations";
import { databaseUrlFromEnv, errorMessage, redactedUrl } from "./database-url.ts";

const databaseUrl = databaseUrlFromEnv();
try {
  const applied = await applyMigrations(databaseUrl, { log: (line) => console.log(line) });
  console.log(
    applied.length === 0
      ? `${redactedUrl(databaseUrl)} is up to date`
      : `applied ${applied.length} migration(s) to ${redactedUrl(databaseUrl)}`,
  );
} catch (error) {
  console.error(`db:migrate failed: ${errorMessage(error)}`);
  process.exitCode = 1;
}
