import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { REPOSITORY_ROOT } from "./repository.ts";

/** The repository's `.env` (beside package.json), read by every entry point (`npm start`, the API, the worker, scripts). */
export const DOT_ENV_PATH = join(REPOSITORY_ROOT, ".env");

/**
 * Reads the environment file into process.env when it exists, with Node's own parser (`process.loadEnvFile`, Node
 * 20.12+); a variable already set in the environment wins over the file's. The file is FIELDOPS_ENV_FILE when set
 * (`none`: no file; `npm start` gives its processes that, having read it for them), else the repository's `.env`.
 * Skipped under NODE_ENV=test, so a developer's file never changes what the tests run against. Returns the path read.
 */
export function loadDotEnv(source: NodeJS.ProcessEnv = process.env): string | null {
  const chosen = source.FIELDOPS_ENV_FILE;
  if (source.NODE_ENV === "test" || chosen === "none") return null;
  const path = chosen ? resolve(chosen) : DOT_ENV_PATH;
  if (!existsSync(path)) {
    if (chosen) throw new Error(`FIELDOPS_ENV_FILE names ${path}, which does not exist`);
    return null;
  }
  process.loadEnvFile(path);
  return path;
}
