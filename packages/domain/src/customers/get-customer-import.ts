import type { TenantTransaction } from "@fieldops/db";
import type { CustomerImport } from "@fieldops/shared/customers";
import { NO_LOCATION_MESSAGE } from "@fieldops/shared/locations";
import { notFound } from "../errors.ts";

/**
 * An import's record as its dialog shows it: what it did in numbers, how far locating its addresses has come, the rows
 * it skipped (with why) and those it could not locate. The counts are read from its rows, so they always agree.
 */
export async function getCustomerImport(tx: TenantTransaction, { id }: { id: string }): Promise<CustomerImport> {
  const record = await tx.customerImport.findUnique({ where: { id } });
  if (!record) throw notFound("Import not found");
  const byLocation = await tx.customerImportRow.groupBy({
    by: ["location"],
    where: { importId: id, location: { not: null } },
    _count: { _all: true },
  });
  const count = (location: string) => byLocation.find((group) => group.location === location)?._count._all ?? 0;
  const listed = await tx.customerImportRow.findMany({
    where: { importId: id, OR: [{ outcome: "skipped" }, { location: "not_located" }] },
    orderBy: { line: "asc" },
    select: { line: true, name: true, outcome: true, reason: true },
  });
  return {
    id: record.id,
    fileName: record.fileName,
    duplicates: record.duplicates,
    status: record.status,
    totalRows: record.totalRows,
    created: record.created,
    updated: record.updated,
    skipped: record.skipped,
    location: {
      exact: count("exact"),
      approximate: count("approximate"),
      manual: count("manual"),
      notLocated: count("not_located"),
      remaining: count("pending"),
    },
    skippedRows: listed
      .filter((row) => row.outcome === "skipped")
      .map(({ line, name, reason }) => ({ line, name, reason: reason ?? "" })),
    problems: listed
      .filter((row) => row.outcome !== "skipped")
      .map(({ line, name }) => ({ line, name, message: NO_LOCATION_MESSAGE })),
    createdAt: record.createdAt.toISOString(),
    finishedAt: record.finishedAt?.toISOString() ?? null,
  };
}
