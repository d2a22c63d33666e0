import type { TenantTransaction } from "@fieldops/db";
import { dayInTimeZone } from "@fieldops/shared/company-time";
import { formatTaxRate, isInvoicePastDue, type InvoiceStatus } from "@fieldops/shared/invoices";
import { addressLines, documentCompany } from "../documents/document-company.ts";
import { salesDocumentPdfFile, type PdfFile } from "../documents/render-pdf.ts";
import type { DocumentTotal, SalesDocument } from "../documents/sales-document.ts";
import { notFound } from "../errors.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { invoicingCompany } from "./invoice-company.ts";
import { toInvoiceLine } from "./to-invoice.ts";

export interface InvoicePdfInput {
  id: string;
  /** The customer's page to pay on (an e-mailed copy carries its message's link); null prints how to find it. */
  link?: string | null;
  now?: Date;
}

/** The invoice's PDF with its file name (`invoice-1032.pdf`), for the office's download. */
export async function invoicePdfFile(
  { tx, companyId }: Pick<TenantScope, "tx" | "companyId">,
  input: InvoicePdfInput,
): Promise<PdfFile> {
  await invoicingCompany(tx, companyId);
  return salesDocumentPdfFile(await invoiceDocument(tx, companyId, input));
}

const STAMPS: Partial<Record<InvoiceStatus, string>> = { draft: "Draft", void: "Void", paid: "Paid" };

/** What the invoice's PDF prints; a missing invoice is refused as not found. */
export async function invoiceDocument(
  tx: TenantTransaction,
  companyId: string,
  input: InvoicePdfInput,
): Promise<SalesDocument> {
  const invoice = await tx.invoice.findUnique({
    where: { id: input.id },
    include: {
      lines: { orderBy: { position: "asc" } },
      customer: { select: { name: true, street: true, city: true, region: true, postcode: true } },
      job: { select: { title: true } },
    },
  });
  if (!invoice) throw notFound("Invoice not found");
  const { letterhead, timeZone, paymentTermsDays } = await documentCompany(tx, companyId);
  const day = (at: Date) => dayInTimeZone(at, timeZone);
  const dueDay = invoice.dueAt ? day(invoice.dueAt) : null;
  const pastDue = isInvoicePastDue(invoice.status, dueDay, day(input.now ?? new Date()));
  const balanceCents = invoice.status === "void" ? 0 : invoice.totalCents - invoice.paidCents;
  const totals: DocumentTotal[] = [{ label: "Subtotal", cents: invoice.subtotalCents }];
  if (invoice.discountCents > 0) totals.push({ label: "Discount", cents: -invoice.discountCents });
  if (invoice.taxRateBasisPoints > 0 || invoice.taxCents > 0)
    totals.push({ label: `Tax (${formatTaxRate(invoice.taxRateBasisPoints)})`, cents: invoice.taxCents });
  totals.push({ label: "Total", cents: invoice.totalCents, strong: true });
  const payable = balanceCents > 0 && invoice.status !== "draft";
  const link = input.link ?? null;
  return {
    kind: "invoice",
    number: invoice.number,
    title: invoice.job?.title ?? null,
    stamp: pastDue ? "Past due" : (STAMPS[invoice.status] ?? null),
    company: letterhead,
    customer: { name: invoice.customer.name, addressLines: addressLines(invoice.customer) },
    dates: [
      invoice.issuedAt
        ? { label: "Issued", day: day(invoice.issuedAt) }
        : { label: "Created", day: day(invoice.createdAt) },
      ...(dueDay ? [{ label: "Due", day: dueDay }] : []),
    ],
    sections: [
      {
        heading: null,
        description: null,
        lines: invoice.lines.map((line) => toInvoiceLine(line)),
        totals,
      },
    ],
    summary: [
      { label: "Amount paid", cents: invoice.paidCents },
      { label: "Balance due", cents: balanceCents, strong: true },
    ],
    callout: payable
      ? link
        ? { text: "Pay online:", url: link }
        : { text: `Pay online with the link in the e-mail or text message from ${letterhead.name}.`, url: null }
      : null,
    notes: invoice.notes,
    terms: invoice.status !== "void" ? `Payment terms: net ${paymentTermsDays} days.` : null,
  };
}
