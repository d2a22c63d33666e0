import { randomUUID } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import {
  bindMigrationAwareSqlAdapterFactory,
  type ErrorCapturingSqlMigrationAwareDriverAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from "@prisma/driver-adapter-utils";
import pg from "pg";
import { withClient } from "./with-client.ts";

const TEXT_OID = 25;
// adapter-pg rejects columns whose type it cannot map, and the schema engine's catalog queries return "char"
// (pg_class.relkind, pg_constraint.contype, ...): reported as text, which is the form the engine reads. The other
// catalog types here (int2vector, regproc, oidvector, pg_node_tree, regclass) would fail the same way if read.
const CATALOG_TEXT_OIDS = new Set([18, 22, 24, 30, 194, 2205]);

interface FieldDescription {
  dataTypeID: number;
}

class CatalogTextClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super(config);
    const connection = (this as unknown as { connection: NodeJS.EventEmitter }).connection;
    // Runs before the client's own listener, which hands the fields to the active query.
    connection.prependListener("rowDescription", (message: { fields: FieldDescription[] }) => {
      for (const field of message.fields) {
        if (CATALOG_TEXT_OIDS.has(field.dataTypeID)) field.dataTypeID = TEXT_OID;
      }
    });
  }
}

/** The same URL pointing at another database on the same server. */
export function withDatabase(databaseUrl: string, database: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${encodeURIComponent(database)}`;
  return url.toString();
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Creates an empty database on the server of `databaseUrl`; the returned function drops it. */
export async function createScratchDatabase(
  databaseUrl: string,
  prefix: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomUUID().replaceAll("-", "")}`;
  await withClient(databaseUrl, (client) => client.query(`CREATE DATABASE ${quoteIdent(name)}`));
  const drop = async () => {
    await withClient(databaseUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${quoteIdent(name)} WITH (FORCE)`));
  };
  return { name, url: withDatabase(databaseUrl, name), drop };
}

function pgAdapterFactory(databaseUrl: string): PrismaPg {
  return new PrismaPg({ connectionString: databaseUrl, Client: CatalogTextClient, max: 2 });
}

async function connect(factory: PrismaPg): Promise<SqlDriverAdapter> {
  const adapter = await factory.connect();
  // adapter-pg splits scripts on every ";", which breaks DO $$ ... $$ blocks, function bodies and comments. A query
  // without parameters goes over the simple protocol, which runs a whole multi-statement script as PostgreSQL would.
  adapter.executeScript = async (script: string) => {
    await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
  };
  return adapter;
}

export interface SchemaEngineAdapter {
  adapter: ErrorCapturingSqlMigrationAwareDriverAdapterFactory;
  /** Closes the connections the engine left open and drops any shadow database it did not release. */
  close: () => Promise<void>;
}

/**
 * A driver adapter factory for the WASM schema engine. adapter-pg's own shadow database ignores the database name of
 * a connection string (it would run the migrations in the main database), so the shadow database is created here,
 * on the same server, and dropped when the engine releases it.
 */
export function schemaEngineAdapter(databaseUrl: string): SchemaEngineAdapter {
  const main = pgAdapterFactory(databaseUrl);
  // The engine does not dispose its connections when freed; whatever is still open goes in `close`.
  const open = new Set<() => Promise<void>>();
  const tracked = (adapter: SqlDriverAdapter, afterDispose = async () => {}): SqlDriverAdapter => {
    const dispose = adapter.dispose.bind(adapter);
    const release = async () => {
      if (!open.delete(release)) return;
      await dispose();
      await afterDispose();
    };
    adapter.dispose = release;
    open.add(release);
    return adapter;
  };
  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: main.provider,
    adapterName: main.adapterName,
    connect: async () => tracked(await connect(main)),
    connectToShadowDb: async () => {
      const shadow = await createScratchDatabase(databaseUrl, "prisma_shadow");
      return tracked(await connect(pgAdapterFactory(shadow.url)), shadow.drop);
    },
  };
  return {
    adapter: bindMigrationAwareSqlAdapterFactory(factory),
    close: async () => {
      await Promise.all([...open].map((release) => release()));
    },
  };
}
