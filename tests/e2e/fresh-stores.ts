import pg from "pg";
import { Redis } from "ioredis";

/** The PostgreSQL server the end-to-end products' databases are made on (as its superuser). */
export const E2E_DATABASE_SERVER =
  process.env.TEST_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

/** A product's stores as new: its database dropped and created empty, its Redis index emptied. */
export async function freshStores(database: string, redisUrl: string): Promise<void> {
  const admin = new pg.Client({ connectionString: E2E_DATABASE_SERVER });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();
}
