import "@fieldops/config/load-dotenv";
import { prepareDatabase } from "@fieldops/db/prepare-database";
import {
  SCALE_COMPANY,
  SMALL_COMPANY,
  scaleOwnerEmail,
  seedScaleCompany,
  SCALE_PASSWORD,
} from "@fieldops/db/seed-scale-company";

/**
 * `npm run seed:scale`: (re)creates the scale company (10,000 customers, 50 crews, 100,000 visits) and a small one of
 * the same shape, as the owner (DATABASE_OWNER_URL, else DATABASE_URL), after the migrations and reference data.
 * Not part of `npm start`; `npm run bench` measures the API against them.
 */
const ownerUrl = process.env.DATABASE_OWNER_URL || process.env.DATABASE_URL;
if (!ownerUrl) {
  console.error("Neither DATABASE_OWNER_URL nor DATABASE_URL is set");
  process.exit(1);
}
await prepareDatabase(ownerUrl, { seedDemo: false });
for (const size of [SCALE_COMPANY, SMALL_COMPANY]) {
  const { counts, ms } = await seedScaleCompany(ownerUrl, size);
  const listed = Object.entries(counts)
    .map(([table, count]) => `${table} ${count}`)
    .join(", ");
  console.log(
    `${size.name} (${size.slug}): ${listed} — ${(ms / 1000).toFixed(1)} s; sign in as ${scaleOwnerEmail(size)} / ${SCALE_PASSWORD}`,
  );
}
