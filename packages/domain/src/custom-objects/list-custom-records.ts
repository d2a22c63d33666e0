import type { Prisma, TenantTransaction } from "@fieldops/db";
import type { CustomObjectDefinition, CustomRecordList, ListCustomRecordsQuery } from "@fieldops/shared/custom-objects";
import { findCustomObject, type CustomObjectAccess } from "./custom-object-definition.ts";
import { toCustomRecords } from "./custom-record-row.ts";

/**
 * The links that `linkedTo` finds: itself, and for a job, its visits when the object's records point at visits (a
 * treatment logged per visit is the job's too, and its page lists them).
 */
async function linksMeaning(
  tx: TenantTransaction,
  definition: Pick<CustomObjectDefinition, "relations">,
  linkedTo: string,
): Promise<string[]> {
  const [target, id] = linkedTo.split(":") as [string, string];
  const relatesTo = (kind: string) => definition.relations.some((relation) => relation.target === kind);
  if (target !== "job" || !relatesTo("visit")) return [linkedTo];
  const visits = await tx.visit.findMany({ where: { jobId: id }, select: { id: true } });
  return [linkedTo, ...visits.map((visit) => `visit:${visit.id}`)];
}

/**
 * A page of the object's records, newest first: optionally those whose text contains `q` (trigram index on
 * searchText) or that point at `linkedTo` (`customer:<id>`, GIN index on links; a job's visits count as the job). `cursor` is the last id of the
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
    ...(input.linkedTo ? { links: { hasSome: await linksMeaning(tx, definition, input.linkedTo) } } : {}),
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
