import "@fieldops/config/load-dotenv";
import { prepareDatabase } from "@fieldops/db/prepare-database";
import { ensureRuntimeRole } from "@fieldops/db/runtime-role";

/**
 * `npm run db:prepare`: migrations, reference data and (outside production) the demo world, as the owner
 * (DATABASE_OWNER_URL, else DATABASE_URL); with both set, also makes the runtime role of DATABASE_URL ready.
 */
const ownerUrl = process.env.DATABASE_OWNER_URL || process.env.DATABASE_URL;
if (!ownerUrl) {
  console.error("Neither DATABASE_OWNER_URL nor DATABASE_URL is set");
  process.exit(1);
}
await prepareDatabase(ownerUrl, { seedDemo: process.env.NODE_ENV !== "production", log: (line) => console.log(line) });
const runtimeUrl = process.env.DATABASE_URL;
if (process.env.DATABASE_OWNER_URL && runtimeUrl) await ensureRuntimeRole(ownerUrl, runtimeUrl);
