import type { Prisma } from "@fieldops/db";
import { dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import type { InvoiceListResponse, ListInvoicesQuery } from "@fieldops/shared/invoices";
import type { TenantScope } from "../tenant-scope.ts";
import { invoicingCompany } from "./invoice-company.ts";
import { invoiceSummarySelect, toInvoiceSummary } from "./to-invoice.ts";

/**
 * Invoices, newest number first, a page at a time (the cursor is the last number seen). "Past due" is sent or
 * partially paid with a due day before today in the company's time zone; a search is an invoice number or part of the
 * customer's name.
 */
export async function listInvoices(
  { tx, companyId }: Pick<TenantScope, "tx" | "companyId">,
  input: ListInvoicesQuery & { now?: Date },
): Promise<InvoiceListResponse> {
  const now = input.now ?? new Date();
  const company = await invoicingCompany(tx, companyId);
  const todayStart = startOfDayInTimeZone(dayInTimeZone(now, company.timeZone), company.timeZone);
  const search = input.search?.replace(/^#/, "");
  const where: Prisma.InvoiceWhereInput = {
    ...(input.status === "past_due"
      ? { status: { in: ["sent", "partially_paid"] }, dueAt: { lt: todayStart } }
      : input.status
        ? { status: input.status }
        : {}),
    ...(input.customerId ? { customerId: input.customerId } : {}),
    ...(input.jobId ? { jobId: input.jobId } : {}),
    ...(search
      ? /^\d{1,9}$/.test(search)
        ? { number: Number(search) }
        : { customer: { name: { contains: search, mode: "insensitive" } } }
      : {}),
  };
  if (input.cursor && /^\d{1,9}$/.test(input.cursor)) where.AND = [{ number: { lt: Number(input.cursor) } }];
  const rows = await tx.invoice.findMany({
    where,
    orderBy: { number: "desc" },
    take: input.limit + 1,
    select: invoiceSummarySelect,
  });
  const page = rows.slice(0, input.limit);
  return {
    items: page.map((row) => toInvoiceSummary(row, company.timeZone, now)),
    nextCursor: rows.length > input.limit ? String(page.at(-1)!.number) : null,
  };
}
