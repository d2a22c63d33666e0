import { Redis } from "ioredis";
import type { TestProject } from "vitest/node";
import { prepareDatabase } from "@fieldops/db/prepare-database";
import { prepareRuntimeAccess } from "@fieldops/db/runtime-role";
import { createScratchDatabase } from "@fieldops/db/schema-engine-adapter";
import { testRuntimeUrl } from "../runtime-role-url.ts";
import type {} from "./provided-context.ts";

/**
 * Integration tests run against the real PostgreSQL and Redis: a fresh, migrated database for the run (dropped at
 * the end) and a Redis database index of their own, emptied first. The app runs as the restricted runtime role, as
 * in production.
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const redisUrl = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/9";
  const database = await createScratchDatabase(server, "fieldops_it");
  await prepareDatabase(database.url, { seedDemo: false });
  const runtimeUrl = testRuntimeUrl(database.url);
  const { contextKey } = await prepareRuntimeAccess(database.url, runtimeUrl);
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  await redis.quit();
  project.provide("databaseUrl", runtimeUrl);
  project.provide("ownerDatabaseUrl", database.url);
  project.provide("databaseContextKey", contextKey);
  project.provide("redisUrl", redisUrl);
  return async () => {
    await database.drop();
  };
}
