import { applyMigrations } from "./apply-migrations.ts";
import { createDatabase } from "./client.ts";
import { seedDemoWorld } from "./seed-demo-world.ts";
import { syncReferenceData } from "./sync-reference-data.ts";

/** Migrations, then the plans and verticals, then (outside production) the demo world on an empty database. */
export async function prepareDatabase(
  databaseUrl: string,
  options: { seedDemo: boolean; log?: (line: string) => void },
): Promise<void> {
  const log = options.log ?? (() => {});
  const applied = await applyMigrations(databaseUrl, { log });
  if (applied.length > 0) log(`applied ${applied.length} migration(s)`);
  const db = createDatabase(databaseUrl, { max: 2 });
  try {
    await syncReferenceData(db);
    if (options.seedDemo && (await seedDemoWorld(db))) log("seeded the demo world");
  } finally {
    await db.$disconnect();
  }
}
