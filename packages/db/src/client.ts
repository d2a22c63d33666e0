import { createHmac } from "node:crypto";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../generated/client.ts";
import { CountingClient } from "./query-count.ts";

export { Prisma } from "../generated/client.ts";
export type * from "../generated/client.ts";

export type Database = PrismaClient;

/** The client of one tenant's transaction: every query in it is seen through row-level security. */
export type TenantTransaction = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** The client of one system transaction (sign-in, sessions, sign-up, telemetry): see `withSystem`. */
export type SystemTransaction = TenantTransaction;

/** The role tenant transactions run as; it has no BYPASSRLS and owns nothing (see the row_level_security migration). */
export const TENANT_ROLE = "fieldops_app";

const contextKeys = new WeakMap<Database, Buffer>();
const pools = new WeakMap<Database, pg.Pool>();

export interface DatabaseOptions {
  max?: number;
  /**
   * The key (64 hex digits) that signs tenant and system contexts; the database keeps the same key where only its
   * owner can read it. Without it, `withTenant` and `withSystem` refuse to run.
   */
  contextKey?: string;
  /** Counts every statement into the tally of the work that sent it (see `countQueries`); off in production. */
  countQueries?: boolean;
}

/**
 * How long a transaction may wait for a pooled connection and how long it may run. Prisma's defaults (2 s and 5 s)
 * turned a burst of requests on a busy machine into errors; waiting longer serves them, a little late. A database
 * that cannot be reached still fails fast (the pool's connection timeout).
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 20_000 } as const;

export function createDatabase(databaseUrl: string, options: DatabaseOptions = {}): Database {
  // The pool is made here rather than by the adapter so that its use can be read (`databasePoolUse`, /metrics).
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.max ?? 10,
    connectionTimeoutMillis: 5000,
    ...(options.countQueries ? { Client: CountingClient } : {}),
  });
  const adapter = new PrismaPg(pool, { disposeExternalPool: true });
  const db = new PrismaClient({ adapter });
  pools.set(db, pool);
  if (options.contextKey !== undefined) contextKeys.set(db, parseContextKey(options.contextKey));
  return db;
}

export interface DatabasePoolUse {
  /** The pool's size limit. */
  max: number;
  /** Connections open, idle or in use. */
  total: number;
  idle: number;
  /** Queries waiting for a connection because all `max` are in use. */
  waiting: number;
}

/** The connection pool of a client made by `createDatabase`, as node-postgres counts it now. */
export function databasePoolUse(db: Database): DatabasePoolUse | null {
  const pool = pools.get(db);
  if (!pool) return null;
  return { max: pool.options.max ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount };
}

export function parseContextKey(hex: string): Buffer {
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error("The database context key must be 64 hexadecimal digits");
  return Buffer.from(hex, "hex");
}

/**
 * A signed claim for this transaction: the database accepts it only with the HMAC of the claim, this connection's
 * server process and this transaction's start (`app_context_nonce()`), so it is good for this transaction alone.
 */
async function signedClaim(db: Database, tx: TenantTransaction, claim: string): Promise<string> {
  const key = contextKeys.get(db);
  if (!key) throw new Error("This database client was created without a context key (DATABASE_CONTEXT_KEY)");
  // Also drops to the tenant role, so a client that connects as a more powerful role is held to the policies too.
  const rows = await tx.$queryRaw<{ nonce: string }[]>`
    SELECT set_config('role', ${TENANT_ROLE}, true), app_context_nonce() AS nonce`;
  const nonce = rows[0]?.nonce;
  if (!nonce) throw new Error("app_context_nonce() returned nothing");
  return createHmac("sha256", key).update(`${claim}:${nonce}`).digest("hex");
}

/**
 * Runs `work` in one transaction bound to a company: the transaction carries a signed tenant context, so a query that
 * forgets its `companyId` filter still cannot read or write another company's rows.
 */
export async function withTenant<T>(
  db: Database,
  companyId: string,
  work: (tx: TenantTransaction) => Promise<T>,
): Promise<T> {
  return db.$transaction(async (tx) => {
    await bindTenant(db, tx, companyId);
    return work(tx);
  }, TRANSACTION_OPTIONS);
}

/**
 * Binds an open transaction to `companyId` from its next statement on. `withTenant` does it once; a check that proves
 * isolation binds its own (rolled-back) transaction to another company and back.
 */
export async function bindTenant(db: Database, tx: TenantTransaction, companyId: string): Promise<void> {
  const signature = await signedClaim(db, tx, `tenant:${companyId}`);
  await tx.$executeRaw`SELECT set_config('app.company_id', ${companyId}, true), set_config('app.company_signature', ${signature}, true)`;
}

/**
 * Runs `work` in one transaction in the system context: what happens before or beside a company (looking a user up by
 * e-mail to sign in, sessions, creating a company at sign-up, telemetry). Row-level security lets it reach companies,
 * users, sessions and telemetry events of every company, and no other tenant table.
 */
export async function withSystem<T>(db: Database, work: (tx: SystemTransaction) => Promise<T>): Promise<T> {
  return db.$transaction(async (tx) => {
    const signature = await signedClaim(db, tx, "system");
    await tx.$executeRaw`SELECT set_config('app.system_signature', ${signature}, true)`;
    return work(tx);
  }, TRANSACTION_OPTIONS);
}
