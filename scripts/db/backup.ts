// npm run db:backup [folder]: the database (pg_dump, as the owner) and the stored files into one folder,
// backups/<UTC time>/ by default. See docs/operations.md, Backups.
import "@fieldops/config/load-dotenv";
import { join, resolve } from "node:path";
import { createBackup } from "./backup/create-backup.ts";
import { dataDirFromEnv, errorMessage, redactedUrl } from "./database-url.ts";
import { openOwnerConnection } from "./owner-connection.ts";

const stamp = new Date()
  .toISOString()
  .replace(/\.\d+Z$/, "Z")
  .replaceAll(":", "-");
const folder = resolve(process.argv[2] ?? join("backups", stamp));
const dataDir = dataDirFromEnv();
const filesDir = join(dataDir, "files");
const log = (line: string) => console.log(`[backup] ${line}`);
const owner = await openOwnerConnection(dataDir, log).catch((error: unknown) => {
  console.error(`db:backup failed: ${errorMessage(error)}`);
  process.exit(1);
});
try {
  log(`backing up ${redactedUrl(owner.url)} and ${filesDir} into ${folder}`);
  const manifest = await createBackup({ ownerUrl: owner.url, filesDir, folder });
  const rows = Object.values(manifest.rows).reduce((sum, count) => sum + count, 0);
  log(
    `backed up ${rows} rows of ${Object.keys(manifest.rows).length} tables (schema ${manifest.lastMigration ?? "empty"}) ` +
      `and ${manifest.files.count} stored files (${manifest.files.bytes} bytes)`,
  );
} catch (error) {
  console.error(`db:backup failed (database ${redactedUrl(owner.url)}): ${errorMessage(error)}`);
  process.exitCode = 1;
} finally {
  await owner.close();
}
