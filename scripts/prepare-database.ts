import { prepareDatabase } from "@fieldops/db/prepare-database";

/** `npm run db:prepare`: migrations, reference data and (outside production) the demo world, on DATABASE_URL. */
const url = process.env.DATABASE_URL;
if (!url) {
  console.error("DATABASE_URL is not set");
  process.exit(1);
}
await prepareDatabase(url, { seedDemo: process.env.NODE_ENV !== "production", log: (line) => console.log(line) });
