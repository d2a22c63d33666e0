import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "../generated/client.ts";

export { Prisma } from "../generated/client.ts";
export type * from "../generated/client.ts";

export type Database = PrismaClient;

/** The client of one tenant's transaction: every query in it is seen through row-level security. */
export type TenantTransaction = Parameters<Parameters<PrismaClient["$transaction"]>[0]>[0];

/** The role tenant transactions run as; it has no BYPASSRLS and owns nothing (see the row_level_security migration). */
export const TENANT_ROLE = "fieldops_app";

export function createDatabase(databaseUrl: string, options: { max?: number } = {}): Database {
  const adapter = new PrismaPg({ connectionString: databaseUrl, max: options.max ?? 10, connectionTimeoutMillis: 5000 });
  return new PrismaClient({ adapter });
}

/**
 * Runs `work` in one transaction bound to a company: the transaction switches to the tenant role and sets the
 * tenant context, so a query that forgets its `companyId` filter still cannot read or write another company's rows.
 */
export async function withTenant<T>(
  db: Database,
  companyId: string,
  work: (tx: TenantTransaction) => Promise<T>,
): Promise<T> {
  return db.$transaction(async (tx) => {
    await tx.$executeRawUnsafe(`SET LOCAL ROLE ${TENANT_ROLE}`);
    await tx.$executeRaw`SELECT set_config('app.company_id', ${companyId}, true)`;
    return work(tx);
  });
}
