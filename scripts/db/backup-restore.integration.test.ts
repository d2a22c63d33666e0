import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { chmod, mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, withTenant, type Database } from "@fieldops/db";
import { prepareDatabase } from "@fieldops/db/prepare-database";
import { prepareRuntimeAccess } from "@fieldops/db/runtime-role";
import { createScratchDatabase } from "@fieldops/db/schema-engine-adapter";
import { diskFileStorage } from "@fieldops/domain/files/file-storage";
import { createTestCompany, type TestCompany } from "../../tests/integration/test-app.ts";
import { createTestCustomer } from "../../tests/integration/use-case-fixtures.ts";
import { testRuntimeUrl } from "../../tests/runtime-role-url.ts";
import { createBackup } from "./backup/create-backup.ts";
import { restoreBackup } from "./backup/restore-backup.ts";

// A database of its own (the backup replaces all of it), migrated as global setup's template is, on the tests' server.
const server = process.env.TEST_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let runtimeUrl: string;
let contextKey: string;
let work: string;
let filesDir: string;

beforeAll(async () => {
  scratch = await createScratchDatabase(server, "test_backup");
  await prepareDatabase(scratch.url, { seedDemo: false });
  runtimeUrl = testRuntimeUrl(scratch.url);
  ({ contextKey } = await prepareRuntimeAccess(scratch.url, runtimeUrl));
  work = await mkdtemp(join(tmpdir(), "backup-restore-"));
  filesDir = join(work, "data", "files");
});

afterAll(async () => {
  await scratch?.drop();
  if (work) await rm(work, { recursive: true, force: true });
});

/** Runs `use` with the owner's Prisma client, disconnected afterwards: a restore refuses a database others use. */
async function asOwner<T>(use: (db: Database) => Promise<T>): Promise<T> {
  const db = createDatabase(scratch.url, { max: 1 });
  try {
    return await use(db);
  } finally {
    await db.$disconnect();
  }
}

const customersOf = (db: Database, company: TestCompany) =>
  db.customer.findMany({ where: { companyId: company.id }, orderBy: { id: "asc" } });

describe("db:backup and db:restore", () => {
  it("put back the rows and the stored files as they were, and the runtime role still reads its tenant's rows", async () => {
    const files = diskFileStorage(filesDir);
    const { company, other, doomedId, photoKey, before } = await asOwner(async (db) => {
      const company = await createTestCompany(db);
      const other = await createTestCompany(db);
      await createTestCustomer(db, company.id, "Kept Family");
      const doomedId = await createTestCustomer(db, company.id, "Doomed Family");
      await createTestCustomer(db, other.id, "Other Company's Customer");
      return {
        company,
        other,
        doomedId,
        photoKey: `${company.id}/${randomUUID()}`,
        before: await customersOf(db, company),
      };
    });
    await files.write(photoKey, 0, Buffer.from("the photo as taken"));

    const folder = join(work, "backup");
    const manifest = await createBackup({ ownerUrl: scratch.url, filesDir, folder });
    expect(manifest.rows["public.customers"]).toBe(3);
    expect(manifest.files).toEqual({ count: 1, bytes: "the photo as taken".length });
    expect(manifest.lastMigration).toBe(manifest.migrations.at(-1));
    expect((await readdir(folder)).sort()).toEqual(["database.dump", "files", "manifest.json"]);

    await asOwner(async (db) => {
      await db.customer.delete({ where: { id: doomedId } });
      await createTestCustomer(db, company.id, "Newcomer");
    });
    await files.write(photoKey, 0, Buffer.from("overwritten after the backup, longer"));
    const lateKey = `${company.id}/${randomUUID()}`;
    await files.write(lateKey, 0, Buffer.from("uploaded after the backup"));

    await restoreBackup({ ownerUrl: scratch.url, filesDir, folder });

    expect(await asOwner((db) => customersOf(db, company))).toEqual(before);
    expect((await files.read(photoKey)).toString()).toBe("the photo as taken");
    await expect(files.read(lateKey)).rejects.toThrow(/ENOENT/);

    // Grants and policies came back with the tables: the runtime role reads its tenant's rows, and only those.
    const app = createDatabase(runtimeUrl, { contextKey, max: 1 });
    try {
      const seen = await withTenant(app, company.id, (tx) => tx.customer.findMany({ orderBy: { id: "asc" } }));
      expect(seen.map((customer) => customer.name)).toEqual(before.map((customer) => customer.name));
      const theirs = await withTenant(app, other.id, (tx) => tx.customer.findMany());
      expect(theirs.map((customer) => customer.name)).toEqual(["Other Company's Customer"]);
    } finally {
      await app.$disconnect();
    }
  });

  it("refuses to restore while another session uses the database or without --yes", async () => {
    const folder = join(work, "busy");
    await createBackup({ ownerUrl: scratch.url, filesDir, folder });
    const session = new pg.Client({ connectionString: scratch.url, application_name: "still-running" });
    await session.connect();
    try {
      await expect(restoreBackup({ ownerUrl: scratch.url, filesDir, folder })).rejects.toThrow(
        /1 other session\(s\) use the database \(postgres \(still-running\)\)/,
      );
    } finally {
      await session.end();
    }
    const cli = spawnSync(process.execPath, ["--import", "tsx", "scripts/db/restore.ts", folder], {
      env: { ...process.env, NODE_ENV: "test", DATABASE_OWNER_URL: scratch.url, FIELDOPS_DATA_DIR: join(work, "data") },
      encoding: "utf8",
    });
    expect(cli.status).toBe(1);
    expect(cli.stderr).toMatch(/with the backup.s: add --yes/);
  });

  it("refuses a pg_dump older than the server before writing anything", async () => {
    const bin = join(work, "old-bin");
    await mkdir(bin);
    await writeFile(join(bin, "pg_dump"), "#!/bin/sh\necho 'pg_dump (PostgreSQL) 9.6.24'\n");
    await chmod(join(bin, "pg_dump"), 0o755);
    const folder = join(work, "refused");
    await expect(createBackup({ ownerUrl: scratch.url, filesDir, folder, env: { PG_BIN_DIR: bin } })).rejects.toThrow(
      /pg_dump is PostgreSQL 9, older than the \d+ it must work with: install postgresql-client-\d+/,
    );
    expect((await readdir(work)).filter((name) => name.startsWith("refused"))).toEqual([]);
  });
});
