import type { Prisma } from "@fieldops/db";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import { invoiceTotals, type InvoiceTotals } from "@fieldops/shared/invoices";
import { lineItemTotalCents } from "@fieldops/shared/jobs";
import { invalidInput } from "../errors.ts";

export interface DraftLine {
  description: string;
  quantity: number;
  unitPriceCents: number;
  taxable: boolean;
  visitId: string | null;
}

export type InvoiceItem = Omit<DraftLine, "visitId">;

/** What billing a job (or one of its visits) charges: its line items, or its title at no charge when it has none. */
export function jobInvoiceItems(job: {
  title: string;
  lineItems: readonly { service: string; quantity: Prisma.Decimal; unitPriceCents: number; taxable: boolean }[];
}): InvoiceItem[] {
  return job.lineItems.length > 0
    ? job.lineItems.map((item) => ({
        description: item.service,
        quantity: Number(item.quantity),
        unitPriceCents: item.unitPriceCents,
        taxable: item.taxable,
      }))
    : [{ description: job.title, quantity: 1, unitPriceCents: 0, taxable: false }];
}

/** A completed visit's lines: the job's items, each naming the day of the visit on the company's calendar. */
export function visitLines(
  items: readonly InvoiceItem[],
  visit: { id: string; completedAt: Date | null; scheduledStart: Date | null },
  timeZone: string,
  now: Date,
): DraftLine[] {
  const day = dayInTimeZone(visit.completedAt ?? visit.scheduledStart ?? now, timeZone);
  return items.map((item) => ({ ...item, description: `${item.description} (visit of ${day})`, visitId: visit.id }));
}

/** The rows of an invoice's lines and its sums; a discount above the subtotal is refused. */
export function priceLines(
  companyId: string,
  invoiceId: string,
  lines: readonly DraftLine[],
  discountCents: number,
  taxRateBasisPoints: number,
) {
  const totals: InvoiceTotals = invoiceTotals(lines, discountCents, taxRateBasisPoints);
  if (discountCents > totals.subtotalCents)
    throw invalidInput("The discount cannot be more than the subtotal", "discountCents");
  const rows = lines.map((line, position) => ({
    companyId,
    invoiceId,
    position,
    description: line.description,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    amountCents: lineItemTotalCents(line),
    taxable: line.taxable,
    visitId: line.visitId,
  }));
  return { rows, totals };
}
