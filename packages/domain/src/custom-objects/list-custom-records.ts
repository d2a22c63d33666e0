import type { Prisma, TenantTransaction } from "@fieldops/db";
import type { CustomRecordList, ListCustomRecordsQuery } from "@fieldops/shared/custom-objects";
import { findCustomObject, type CustomObjectAccess } from "./custom-object-definition.ts";
import { toCustomRecords } from "./custom-record-row.ts";

/**
 * A page of the object's records, newest first: optionally those whose text contains `q` (trigram index on
 * searchText) or that point at `linkedTo` (`customer:<id>`, GIN index on links). `cursor` is the last id of the
 * previous page.
 */
export async function listCustomRecords(
  tx: TenantTransaction,
  input: ListCustomRecordsQuery & { objectKey: string; access: CustomObjectAccess },
): Promise<CustomRecordList> {
  const { definition } = await findCustomObject(tx, input.objectKey, input.access);
  const term = input.q?.trim().toLowerCase() ?? "";
  const where: Prisma.CustomObjectRecordWhereInput = {
    definitionId: definition.id,
    ...(term === "" ? {} : { searchText: { contains: term.replace(/[\\%_]/g, "\\$&") } }),
    ...(input.linkedTo ? { links: { has: input.linkedTo } } : {}),
  };
  const rows = await tx.customObjectRecord.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: input.limit + 1,
    ...(input.cursor ? { cursor: { id: input.cursor }, skip: 1 } : {}),
  });
  const page = rows.slice(0, input.limit);
  return {
    items: await toCustomRecords(tx, definition, page),
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
