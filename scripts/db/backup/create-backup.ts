import { cp, mkdir, readdir, rename, rm, rmdir, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { withClient } from "@fieldops/db/with-client";
import {
  backupManifest,
  DUMP_FILE,
  FILES_FOLDER,
  MANIFEST_FILE,
  ownerRole,
  readDatabaseFacts,
  type BackupManifest,
} from "./manifest.ts";
import { postgresTool, runPostgresTool } from "./postgres-tools.ts";

export interface BackupOptions {
  /** The schema owner's connection. */
  ownerUrl: string;
  /** The stored files' folder (`<data dir>/files`); a missing one is backed up as empty. */
  filesDir: string;
  /** The backup folder to make; it must not exist, or be empty. */
  folder: string;
  /** Where PG_BIN_DIR is read from. */
  env?: NodeJS.ProcessEnv;
}

/** How many files a folder holds, and their bytes, all levels down. */
async function folderSize(folder: string): Promise<{ count: number; bytes: number }> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  let bytes = 0;
  let count = 0;
  for (const entry of entries.filter((item) => item.isFile())) {
    bytes += (await stat(join(entry.parentPath, entry.name))).size;
    count += 1;
  }
  return { count, bytes };
}

async function refuseUsedFolder(folder: string): Promise<void> {
  const entries = await readdir(folder).catch(() => null);
  if (entries && entries.length > 0) throw new Error(`${folder} already exists and is not empty`);
}

/**
 * Writes a backup folder: the database as `pg_dump --format=custom` (ownership and grants included), the stored files,
 * and a manifest of what a restore must find again (migrations, rows of every table). The manifest's facts and the
 * dump come from one snapshot (exported to pg_dump), so they agree even while the app writes. Everything is written
 * into a sibling `.partial` folder and renamed into place at the end: a failed backup leaves nothing behind.
 */
export async function createBackup(options: BackupOptions): Promise<BackupManifest> {
  const { ownerUrl, filesDir, folder, env = process.env } = options;
  await refuseUsedFolder(folder);
  const partial = `${folder}.partial-${process.pid}`;
  try {
    const { owner, server, pgDump, facts } = await withClient(ownerUrl, async (client) => {
      await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
      const owner = await ownerRole(client);
      const server = (
        await client.query<{ version: string; number: string; database: string }>(
          `SELECT current_setting('server_version') AS version, current_setting('server_version_num') AS number,
                  current_database() AS database`,
        )
      ).rows[0]!;
      const pgDump = await postgresTool("pg_dump", Math.floor(Number(server.number) / 10_000), env);
      const snapshot = (await client.query<{ id: string }>("SELECT pg_export_snapshot() AS id")).rows[0]!.id;
      const facts = await readDatabaseFacts(client);
      await mkdir(partial, { recursive: true });
      // pg_dump reads the snapshot this transaction exported, which lasts as long as the transaction.
      await runPostgresTool(
        pgDump.path,
        ["--format=custom", `--snapshot=${snapshot}`, `--file=${join(partial, DUMP_FILE)}`],
        ownerUrl,
      );
      await client.query("COMMIT");
      return { owner, server, pgDump, facts };
    });
    await cp(filesDir, join(partial, FILES_FOLDER), { recursive: true, errorOnExist: true }).catch((error: unknown) => {
      if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
    });
    const manifest = backupManifest.parse({
      format: 1,
      createdAt: new Date().toISOString(),
      database: server.database,
      owner,
      serverVersion: server.version,
      pgDumpMajor: pgDump.major,
      lastMigration: facts.migrations.at(-1) ?? null,
      ...facts,
      files: await folderSize(join(partial, FILES_FOLDER)),
    } satisfies BackupManifest);
    await writeFile(join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    await rmdir(folder).catch(() => {});
    await mkdir(dirname(folder), { recursive: true });
    await rename(partial, folder);
    return manifest;
  } catch (error) {
    await rm(partial, { recursive: true, force: true });
    throw error;
  }
}
