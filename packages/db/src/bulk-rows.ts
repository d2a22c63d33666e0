import { Prisma } from "../generated/client.ts";
import type { TenantTransaction } from "./client.ts";

/**
 * The tables written a few thousand rows at a time (a customer import), with their rows' shape: Prisma's own input
 * types, so a renamed or retyped column fails the typecheck here as it would for `createMany`.
 */
interface BulkTables {
  customers: Prisma.CustomerCreateManyInput;
  customer_contacts: Prisma.CustomerContactCreateManyInput;
  customer_properties: Prisma.CustomerPropertyCreateManyInput;
  customer_import_rows: Prisma.CustomerImportRowCreateManyInput;
}
type BulkTable = keyof BulkTables;

/** Every column any row gives, quoted; they come from the caller's typed rows, never from input. */
function columnsOf(rows: readonly object[]): Prisma.Sql {
  const names = new Set(rows.flatMap((row) => Object.keys(row)));
  return Prisma.raw([...names].map((name) => `"${name}"`).join(", "));
}

/**
 * Inserts many rows in one statement. The rows travel as one JSON parameter that PostgreSQL turns into the table's
 * own row type (`jsonb_populate_recordset`), converting enums, arrays and timestamps as any insert does; Prisma's
 * `createMany` binds a parameter per value and takes about ten times as long for 5,000 customers. Give every row the
 * same columns (a column no row gives takes its default) and the Prisma-side ones yourself: `id`, `updatedAt`.
 */
export async function insertRows<Table extends BulkTable>(
  tx: TenantTransaction,
  table: Table,
  rows: readonly BulkTables[Table][],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = columnsOf(rows);
  await tx.$executeRaw`
    INSERT INTO ${Prisma.raw(`"${table}"`)} (${columns})
    SELECT ${columns} FROM jsonb_populate_recordset(NULL::${Prisma.raw(`"${table}"`)}, ${JSON.stringify(rows)}::jsonb)`;
}

/** Updates many rows by id in one statement, as `insertRows` inserts them; every row gives the same columns. */
export async function updateRowsById<Table extends BulkTable>(
  tx: TenantTransaction,
  table: Table,
  rows: readonly (Partial<BulkTables[Table]> & { id: string })[],
): Promise<void> {
  if (rows.length === 0) return;
  const names = [...new Set(rows.flatMap((row) => Object.keys(row)))].filter((name) => name !== "id");
  const assignments = Prisma.raw(names.map((name) => `"${name}" = v."${name}"`).join(", "));
  await tx.$executeRaw`
    UPDATE ${Prisma.raw(`"${table}"`)} AS t SET ${assignments}
    FROM jsonb_populate_recordset(NULL::${Prisma.raw(`"${table}"`)}, ${JSON.stringify(rows)}::jsonb) AS v
    WHERE t.id = v.id`;
}
