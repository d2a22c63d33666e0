import { Redis } from "ioredis";
import type { TestProject } from "vitest/node";
import { prepareDatabase } from "@fieldops/db/prepare-database";
import { createScratchDatabase } from "@fieldops/db/schema-engine-adapter";
import type {} from "./provided-context.ts";


/**
 * Integration tests run against the real PostgreSQL and Redis: a fresh, migrated database for the run (dropped at
 * the end) and a Redis database index of their own, emptied first.
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/9";
  const database = await createScratchDatabase(server, "fieldops_it");
  await prepareDatabase(database.url, { seedDemo: false });
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();
  project.provide("databaseUrl", database.url);
  project.provide("redisUrl", redisUrl);
  return async () => {
    await database.drop();
  };
}
