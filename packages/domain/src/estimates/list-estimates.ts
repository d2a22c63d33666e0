import type { Prisma, TenantTransaction } from "@fieldops/db";
import type { EstimateListResponse, EstimateStatus, ListEstimatesQuery } from "@fieldops/shared/estimates";
import { invalidInput } from "../errors.ts";
import { companyTimeZone, estimateWorthCents, optionWorthSelect, toEstimateSummary } from "./estimate-record.ts";

/** The stored condition of an estimate whose status is `status` as of `now` (expired is also derived). */
export function estimateStatusWhere(status: EstimateStatus, now: Date): Prisma.EstimateWhereInput {
  const expiring = { status: { in: ["sent", "changes_requested"] as EstimateStatus[] } };
  if (status === "expired") return { OR: [{ status: "expired" }, { ...expiring, expiresAt: { lte: now } }] };
  if (status === "sent" || status === "changes_requested")
    return { status, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] };
  return { status };
}

/** Estimates, newest first, by status, customer or words of the title, customer or number. */
export async function listEstimates(
  tx: TenantTransaction,
  query: ListEstimatesQuery & { now?: Date },
): Promise<EstimateListResponse> {
  const now = query.now ?? new Date();
  const search = query.search?.trim();
  const number = search && /^#?\d{1,9}$/.test(search) ? Number(search.replace("#", "")) : null;
  const where: Prisma.EstimateWhereInput = {
    AND: [
      query.status ? estimateStatusWhere(query.status, now) : {},
      query.customerId ? { customerId: query.customerId } : {},
      search
        ? {
            OR: [
              { title: { contains: search, mode: "insensitive" } },
              { customer: { name: { contains: search, mode: "insensitive" } } },
              ...(number === null ? [] : [{ number }]),
            ],
          }
        : {},
    ],
  };
  let cursor: { id: string } | undefined;
  if (query.cursor) {
    if (!(await tx.estimate.findUnique({ where: { id: query.cursor }, select: { id: true } })))
      throw invalidInput("The cursor is not valid", "cursor");
    cursor = { id: query.cursor };
  }
  const rows = await tx.estimate.findMany({
    where,
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    ...(cursor ? { cursor, skip: 1 } : {}),
    select: {
      id: true,
      number: true,
      title: true,
      customerId: true,
      status: true,
      expiresAt: true,
      sentAt: true,
      createdAt: true,
      customer: { select: { name: true } },
      options: { select: optionWorthSelect },
    },
  });
  const timeZone = await companyTimeZone(tx);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => toEstimateSummary(row, estimateWorthCents(row.options), now, timeZone)),
    nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null,
  };
}
