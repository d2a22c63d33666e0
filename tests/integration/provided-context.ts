import { inject } from "vitest";

/** The database and Redis of one vitest worker: files that run at the same time never share them. */
export interface WorkerResources {
  /** The restricted runtime role, as the API and the worker connect. */
  databaseUrl: string;
  /** The owner of the schema, for fixtures and checks that must not be limited by row-level security. */
  ownerDatabaseUrl: string;
  databaseContextKey: string;
  /** A Redis database index of the worker's own, so that its workers never take another file's jobs. */
  redisUrl: string;
}

/** What the integration tests' global setup provides to every test file (vitest's `inject`). */
declare module "vitest" {
  export interface ProvidedContext {
    /** One entry per worker, in the order of vitest's VITEST_POOL_ID (1 to maxWorkers). */
    workerResources: WorkerResources[];
  }
}

/** This worker's database and Redis. */
export function workerResources(): WorkerResources {
  const all = inject("workerResources");
  const poolId = Number(process.env.VITEST_POOL_ID ?? 1);
  const resources = all[poolId - 1];
  if (!resources) throw new Error(`no test database for vitest worker ${poolId} (prepared for ${all.length})`);
  return resources;
}
