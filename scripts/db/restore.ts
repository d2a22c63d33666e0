// npm run db:restore <folder> --yes: replaces the database's data and the stored files with a backup's
// (npm run db:backup). See docs/operations.md, Backups.
import "@fieldops/config/load-dotenv";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { restoreBackup } from "./backup/restore-backup.ts";
import { dataDirFromEnv, errorMessage, redactedUrl } from "./database-url.ts";
import { openOwnerConnection, type OwnerConnection } from "./owner-connection.ts";

const { values, positionals } = parseArgs({ options: { yes: { type: "boolean" } }, allowPositionals: true });
const dataDir = dataDirFromEnv();
const filesDir = join(dataDir, "files");
const log = (line: string) => console.log(`[restore] ${line}`);

async function restore(owner: OwnerConnection, folder: string): Promise<void> {
  if (owner.runningStart !== null) {
    throw new Error(`npm start is running on ${dataDir} (pid ${owner.runningStart}): stop it first`);
  }
  log(`restoring ${folder} into ${redactedUrl(owner.url)} and ${filesDir}`);
  const manifest = await restoreBackup({ ownerUrl: owner.url, filesDir, folder });
  log(
    `restored the backup of ${manifest.createdAt} (schema ${manifest.lastMigration ?? "empty"}, ` +
      `${manifest.files.count} stored files); the migrations and every table's rows match its manifest`,
  );
}

try {
  const [folder] = positionals;
  if (!folder || positionals.length > 1) throw new Error("usage: npm run db:restore -- <backup folder> --yes");
  if (!values.yes) {
    throw new Error(
      `this replaces every row of the database and every file of ${filesDir} with the backup's: add --yes`,
    );
  }
  const owner = await openOwnerConnection(dataDir, log);
  try {
    await restore(owner, resolve(folder));
  } finally {
    await owner.close();
  }
} catch (error) {
  console.error(`db:restore failed: ${errorMessage(error)}`);
  process.exitCode = 1;
}
