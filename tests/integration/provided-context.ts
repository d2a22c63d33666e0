/** What the integration tests' global setup provides to every test file (vitest's `inject`). */
declare module "vitest" {
  export interface ProvidedContext {
    /** The restricted runtime role, as the API and the worker connect. */
    databaseUrl: string;
    /** The owner of the schema, for fixtures and checks that must not be limited by row-level security. */
    ownerDatabaseUrl: string;
    databaseContextKey: string;
    redisUrl: string;
  }
}

export {};
