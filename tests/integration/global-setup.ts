import pg from "pg";
import { Redis } from "ioredis";
import type { TestProject } from "vitest/node";
import { prepareDatabase } from "@fieldops/db/prepare-database";
import { prepareRuntimeAccess } from "@fieldops/db/runtime-role";
import { createScratchDatabase, withDatabase } from "@fieldops/db/schema-engine-adapter";
import { testRuntimeUrl } from "../runtime-role-url.ts";
import type { WorkerResources } from "./provided-context.ts";

/** Redis has databases 0 to 15 unless configured otherwise. */
const REDIS_DATABASES = 16;

/**
 * Integration tests run against the real PostgreSQL and Redis. The migrations run once, into a template database;
 * each vitest worker gets a copy of it (dropped at the end with the template) and a Redis database index of its own,
 * emptied first: TEST_REDIS_URL's index for the first worker, the next index for the second, and so on. The app runs
 * as the restricted runtime role, as in production.
 */
export default async function setup(project: TestProject) {
  const server = process.env.TEST_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  const firstRedisUrl = new URL(process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379/8");
  const firstIndex = Number(firstRedisUrl.pathname.slice(1) || 0);
  // One database and Redis index per worker that may run at once.
  const workers = project.config.maxWorkers;
  if (firstIndex + workers > REDIS_DATABASES) {
    throw new Error(
      `TEST_REDIS_URL: ${workers} workers need Redis indexes ${firstIndex} to ${firstIndex + workers - 1}`,
    );
  }

  const template = await createScratchDatabase(server, "fieldops_it");
  const copies: { name: string; url: string }[] = [];
  const dropAll = async () => {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    for (const name of [...copies.map((copy) => copy.name), template.name])
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
  };
  try {
    await prepareDatabase(template.url, { seedDemo: false });
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    try {
      for (let worker = 1; worker <= workers; worker++) {
        const name = `${template.name}_w${worker}`;
        await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${template.name}"`);
        copies.push({ name, url: withDatabase(server, name) });
      }
    } finally {
      await admin.end();
    }
    const resources: WorkerResources[] = await Promise.all(
      copies.map(async (copy, index) => {
        const runtimeUrl = testRuntimeUrl(copy.url);
        const { contextKey } = await prepareRuntimeAccess(copy.url, runtimeUrl);
        const redisUrl = new URL(firstRedisUrl);
        redisUrl.pathname = `/${firstIndex + index}`;
        const redis = new Redis(redisUrl.toString());
        await redis.flushdb();
        await redis.quit();
        return {
          databaseUrl: runtimeUrl,
          ownerDatabaseUrl: copy.url,
          databaseContextKey: contextKey,
          redisUrl: redisUrl.toString(),
        };
      }),
    );
    project.provide("workerResources", resources);
  } catch (error) {
    await dropAll();
    throw error;
  }
  return dropAll;
}
