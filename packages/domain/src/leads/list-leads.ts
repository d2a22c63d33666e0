import type { TenantTransaction } from "@fieldops/db";
import type { LeadListResponse, ListLeadsQuery } from "@fieldops/shared/leads";
import { invalidInput } from "../errors.ts";
import { leadInclude, toLead } from "./lead-record.ts";

/** Leads, newest first, by status or customer. */
export async function listLeads(tx: TenantTransaction, query: ListLeadsQuery): Promise<LeadListResponse> {
  if (query.cursor && !(await tx.lead.findUnique({ where: { id: query.cursor }, select: { id: true } })))
    throw invalidInput("The cursor is not valid", "cursor");
  const rows = await tx.lead.findMany({
    where: {
      ...(query.status ? { status: query.status } : {}),
      ...(query.customerId ? { customerId: query.customerId } : {}),
    },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: query.limit + 1,
    ...(query.cursor ? { cursor: { id: query.cursor }, skip: 1 } : {}),
    include: leadInclude,
  });
  const page = rows.slice(0, query.limit);
  return { items: page.map(toLead), nextCursor: rows.length > query.limit ? page[page.length - 1]!.id : null };
}
