/** What the integration tests' global setup provides to every test file (vitest's `inject`). */
declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    redisUrl: string;
  }
}

export {};
