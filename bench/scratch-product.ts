import { Redis } from "ioredis";
import { createDatabase, type Database } from "@fieldops/db";
import { prepareDatabase } from "@fieldops/db/prepare-database";
import { prepareRuntimeAccess } from "@fieldops/db/runtime-role";
import { createScratchDatabase } from "@fieldops/db/schema-engine-adapter";
import { testRuntimeUrl } from "../tests/runtime-role-url.ts";

/** A throwaway database's clients: the owner's (seeding) and the runtime role's (row-level security applies). */
export interface ScratchProduct {
  owner: Database;
  db: Database;
  redis: Redis;
  /** What a process of the product needs to run on them as the runtime role (DATABASE_URL, its key, REDIS_URL). */
  access: { databaseUrl: string; databaseContextKey: string; redisUrl: string };
}

/**
 * Runs `work` against a throwaway database named after `name` (migrated, with the demo world when `seedDemo`) and
 * Redis, then drops the database. BENCH_DATABASE_SERVER_URL (owner) and BENCH_REDIS_URL change the defaults.
 */
export async function withScratchProduct<T>(
  name: string,
  options: { seedDemo: boolean },
  work: (product: ScratchProduct) => Promise<T>,
): Promise<T> {
  const server = process.env.BENCH_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const database = await createScratchDatabase(server, name);
  const redisUrl = process.env.BENCH_REDIS_URL ?? "redis://127.0.0.1:6379/14";
  const redis = new Redis(redisUrl);
  try {
    await prepareDatabase(database.url, { seedDemo: options.seedDemo });
    const runtimeUrl = testRuntimeUrl(database.url);
    const { contextKey } = await prepareRuntimeAccess(database.url, runtimeUrl);
    const owner = createDatabase(database.url, { max: 2 });
    const db = createDatabase(runtimeUrl, { contextKey, max: 4 });
    try {
      return await work({
        owner,
        db,
        redis,
        access: { databaseUrl: runtimeUrl, databaseContextKey: contextKey, redisUrl },
      });
    } finally {
      await Promise.all([owner.$disconnect(), db.$disconnect()]);
    }
  } finally {
    redis.disconnect();
    await database.drop();
  }
}
