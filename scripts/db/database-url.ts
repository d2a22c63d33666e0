import { join } from "node:path";
import { REPOSITORY_ROOT } from "@fieldops/config/repository";

export { redactedDatabaseUrl as redactedUrl } from "@fieldops/db/runtime-role";

export const defaultDatabaseUrl = "postgresql://postgres@127.0.0.1:5432/postgres";

/** The owner's connection, which migrations (and shadow databases) need; DATABASE_URL is the restricted runtime role. */
export function databaseUrlFromEnv(): string {
  return process.env.DATABASE_OWNER_URL || process.env.DATABASE_URL || defaultDatabaseUrl;
}

/** Where `npm start` keeps the embedded servers' data, npm-start.json and the uploaded files (under `files/`). */
export function dataDirFromEnv(): string {
  return process.env.FIELDOPS_DATA_DIR ?? join(REPOSITORY_ROOT, ".data");
}

export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // pg reports an unreachable server as an AggregateError with an empty message.
  if (error instanceof AggregateError && !error.message) return error.errors.map(errorMessage).join("; ");
  return error.message;
}
