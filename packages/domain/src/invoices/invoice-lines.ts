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
