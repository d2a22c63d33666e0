export const defaultDatabaseUrl = "postgresql://postgres@127.0.0.1:5432/postgres";

/** The owner's connection, which migrations (and shadow databases) need; DATABASE_URL is the restricted runtime role. */
export function databaseUrlFromEnv(): string {
  return process.env.DATABASE_OWNER_URL || process.env.DATABASE_URL || defaultDatabaseUrl;
}

/** For messages: the URL without its password. */
export function redactedUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    if (url.password) url.password = "***";
    return url.toString();
  } catch {
    return "<invalid DATABASE_URL>";
  }
}

export function errorMessage(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  // pg reports an unreachable server as an AggregateError with an empty message.
  if (error instanceof AggregateError && !error.message) return error.errors.map(errorMessage).join("; ");
  return error.message;
}
