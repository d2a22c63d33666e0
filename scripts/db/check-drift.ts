// Exit 0 when prisma/migrations produce exactly what prisma/schema.prisma describes, 2 (printing the missing SQL) when
// they drift, 1 on any error. Needs a PostgreSQL server for a throwaway shadow database (DATABASE_URL).
import { diffMigrationsToSchema } from "@fieldops/db/schema-diff";
import { databaseUrlFromEnv, errorMessage, redactedUrl } from "./database-url.ts";

const databaseUrl = databaseUrlFromEnv();
try {
  const sql = await diffMigrationsToSchema({ databaseUrl });
  if (sql === "") {
    console.log("db:drift: migrations match prisma/schema.prisma");
  } else {
    console.error("db:drift: prisma/schema.prisma differs from prisma/migrations. Missing SQL:\n");
    console.error(sql);
    console.error("Run `npm run db:migration -- <name>` to add a migration.");
    process.exitCode = 2;
  }
} catch (error) {
  console.error(`db:drift failed (database ${redactedUrl(databaseUrl)}): ${errorMessage(error)}`);
  process.exitCode = 1;
}
