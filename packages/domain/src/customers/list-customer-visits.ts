import type { TenantTransaction } from "@fieldops/db";
import type { CustomerVisit } from "@fieldops/shared/customers";
import { assertCustomerExists } from "./customer-record.ts";

/**
 * A page of a customer's visits across their jobs: unscheduled ones first, then by start, latest first (the coming
 * visits, then the past ones). `cursor` is the last visit of the previous page.
 */
export async function listCustomerVisits(
  tx: TenantTransaction,
  input: { customerId: string; cursor?: string; limit: number },
): Promise<{ items: CustomerVisit[]; nextCursor: string | null }> {
  await assertCustomerExists(tx, input.customerId);
  const rows = await tx.visit.findMany({
    where: { job: { customerId: input.customerId } },
    orderBy: [{ scheduledStart: { sort: "desc", nulls: "first" } }, { id: "desc" }],
    take: input.limit + 1,
    ...(input.cursor ? { cursor: { id: input.cursor }, skip: 1 } : {}),
    select: {
      id: true,
      jobId: true,
      status: true,
      scheduledStart: true,
      completedAt: true,
      job: { select: { number: true, title: true } },
      crew: { select: { name: true } },
    },
  });
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((row) => ({
      id: row.id,
      jobId: row.jobId,
      jobNumber: row.job.number,
      jobTitle: row.job.title,
      status: row.status,
      scheduledStart: row.scheduledStart?.toISOString() ?? null,
      crewName: row.crew?.name ?? null,
      completedAt: row.completedAt?.toISOString() ?? null,
    })),
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
