import { access, cp, mkdir, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import type pg from "pg";
import { TENANT_ROLE } from "@fieldops/db";
import { withClient } from "@fieldops/db/with-client";
import {
  DUMP_FILE,
  factDifferences,
  FILES_FOLDER,
  ownerRole,
  readDatabaseFacts,
  readManifest,
  type BackupManifest,
} from "./manifest.ts";
import { postgresTool, runPostgresTool } from "./postgres-tools.ts";

export interface RestoreOptions {
  /** The schema owner's connection to the database to replace. */
  ownerUrl: string;
  /** The stored files' folder (`<data dir>/files`), replaced by the backup's. */
  filesDir: string;
  /** A folder `createBackup` made. */
  folder: string;
  /** Where PG_BIN_DIR is read from. */
  env?: NodeJS.ProcessEnv;
}

/** What makes the database unfit to receive the backup; checked before anything is changed. */
async function restoreProblems(client: pg.Client, manifest: BackupManifest): Promise<string[]> {
  const problems: string[] = [];
  const role = await ownerRole(client);
  const roles = await client.query<{ name: string; usable: boolean }>(
    `SELECT rolname AS name, pg_has_role(current_user, oid, 'USAGE') AS usable FROM pg_roles WHERE rolname = ANY($1)`,
    [[manifest.owner, TENANT_ROLE]],
  );
  const found = new Map(roles.rows.map((row) => [row.name, row.usable]));
  if (!found.has(TENANT_ROLE)) {
    problems.push(`the role ${TENANT_ROLE} does not exist on this server: run npm run db:migrate once on the database`);
  }
  if (!found.has(manifest.owner)) {
    problems.push(`the backup's objects belong to the role ${manifest.owner}, which does not exist on this server`);
  } else if (!found.get(manifest.owner)) {
    problems.push(
      `${role} may not act as ${manifest.owner}, the owner of the backup's objects: restore as ${manifest.owner}`,
    );
  }
  const others = await client.query<{ who: string }>(
    `SELECT coalesce(usename, '?') || coalesce(' (' || nullif(application_name, '') || ')', '') AS who
     FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
  );
  if (others.rows.length > 0) {
    problems.push(
      `${others.rows.length} other session(s) use the database (${[...new Set(others.rows.map((row) => row.who))].join(", ")}): ` +
        "stop the API and the worker first",
    );
  }
  // --clean drops only what the dump holds: what a newer migration made would stay, beside a history without it.
  const backedUp = new Set(manifest.migrations);
  const newer = (await readDatabaseFacts(client)).migrations.filter((name) => !backedUp.has(name));
  if (newer.length > 0) {
    problems.push(
      `the database has migrations the backup has not (${newer.join(", ")}): restore it into a new, empty database instead`,
    );
  }
  return problems;
}

/** Replaces the files folder by the backup's copy: copied beside it first, then swapped in by two renames. */
async function restoreFiles(backupFiles: string, filesDir: string): Promise<void> {
  const incoming = `${filesDir}.restoring`;
  const outgoing = `${filesDir}.before-restore`;
  await rm(incoming, { recursive: true, force: true });
  await rm(outgoing, { recursive: true, force: true });
  const hasFiles = await access(backupFiles).then(
    () => true,
    () => false,
  );
  if (hasFiles) await cp(backupFiles, incoming, { recursive: true });
  else await mkdir(incoming, { recursive: true });
  await rename(filesDir, outgoing).catch((error: unknown) => {
    if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
  });
  await rename(incoming, filesDir);
  await rm(outgoing, { recursive: true, force: true });
}

/**
 * Puts a backup back: the database through `pg_restore --clean --if-exists --single-transaction` (one transaction:
 * it is the backup's whole, or unchanged when anything fails), then the stored files, then checks that the database
 * has the backup's migrations and the rows of every table. Refuses first, changing nothing, a database it cannot
 * restore whole (see `restoreProblems`).
 */
export async function restoreBackup(options: RestoreOptions): Promise<BackupManifest> {
  const { ownerUrl, filesDir, folder, env = process.env } = options;
  const manifest = await readManifest(folder);
  const dump = join(folder, DUMP_FILE);
  await access(dump).catch((error: unknown) => {
    throw new Error(`${folder} holds no ${DUMP_FILE}`, { cause: error });
  });
  const pgRestore = await withClient(ownerUrl, async (client) => {
    const problems = await restoreProblems(client, manifest);
    if (problems.length > 0) throw new Error(`refusing to restore: ${problems.join("; ")}`);
    const serverMajor = Math.floor(
      Number((await client.query<{ n: string }>("SHOW server_version_num")).rows[0]?.n) / 10_000,
    );
    return postgresTool("pg_restore", Math.max(serverMajor, manifest.pgDumpMajor), env);
  });
  await runPostgresTool(pgRestore.path, ["--clean", "--if-exists", "--single-transaction", dump], ownerUrl);
  await restoreFiles(join(folder, FILES_FOLDER), filesDir);
  const differences = factDifferences(manifest, await withClient(ownerUrl, readDatabaseFacts));
  if (differences.length > 0)
    throw new Error(`the restored database differs from the backup: ${differences.join("; ")}`);
  return manifest;
}
