import type { TenantTransaction } from "@fieldops/db";
import { dayInTimeZone, formatCompanyDay } from "@fieldops/shared/company-time";
import { describeEstimateRecurrence, type EstimateStatus } from "@fieldops/shared/estimates";
import { addressLines, documentCompany } from "../documents/document-company.ts";
import { salesDocumentPdfFile, type PdfFile } from "../documents/render-pdf.ts";
import type { DocumentSection, DocumentTotal, SalesDocument } from "../documents/sales-document.ts";
import { notFound } from "../errors.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { effectiveEstimateStatus, estimateDetailInclude, expiresOnOf, toEstimateOption } from "./estimate-record.ts";

export interface EstimatePdfInput {
  id: string;
  /** The customer's page to answer on (an e-mailed copy carries its message's link); null prints how to find it. */
  link?: string | null;
  now?: Date;
}

/** The estimate's PDF with its file name (`estimate-17.pdf`), for the office's download. */
export async function estimatePdfFile(
  { tx, companyId }: Pick<TenantScope, "tx" | "companyId">,
  input: EstimatePdfInput,
): Promise<PdfFile> {
  return salesDocumentPdfFile(await estimateDocument(tx, companyId, input));
}

const STAMPS: Partial<Record<EstimateStatus, string>> = {
  draft: "Draft",
  approved: "Approved",
  converted: "Approved",
  declined: "Declined",
  expired: "Expired",
};

/** What the estimate's PDF prints; a missing estimate is refused as not found. */
export async function estimateDocument(
  tx: TenantTransaction,
  companyId: string,
  input: EstimatePdfInput,
): Promise<SalesDocument> {
  const row = await tx.estimate.findUnique({
    where: { id: input.id },
    include: {
      ...estimateDetailInclude,
      customer: { select: { name: true, street: true, city: true, region: true, postcode: true } },
    },
  });
  if (!row) throw notFound("Estimate not found");
  const { letterhead, timeZone } = await documentCompany(tx, companyId);
  const status = effectiveEstimateStatus(row, input.now ?? new Date());
  const expiresOn = expiresOnOf(row.expiresAt, timeZone);
  const sections = row.options.map((stored): DocumentSection => {
    const option = toEstimateOption(stored);
    const totals: DocumentTotal[] = [{ label: "Subtotal", cents: option.subtotalCents }];
    if (option.taxCents > 0) totals.push({ label: "Tax", cents: option.taxCents });
    if (option.recurrence) {
      totals.push({ label: "Total per visit", cents: option.totalCents });
      totals.push({
        label: `Total for ${option.recurrence.visits} visits`,
        cents: option.allVisitsTotalCents,
        strong: true,
      });
    } else totals.push({ label: "Total", cents: option.totalCents, strong: true });
    const approved = row.approvedOptionId === option.id ? " (approved)" : "";
    return {
      heading: `${option.name}${option.recurrence ? ` · ${describeEstimateRecurrence(option.recurrence)}` : ""}${approved}`,
      description: option.description,
      lines: option.lineItems.map((line) => ({ ...line, amountCents: line.totalCents })),
      totals,
    };
  });
  const answerable = status === "sent" || status === "changes_requested";
  const link = input.link ?? null;
  const approval =
    row.signatureName && row.approvedAt
      ? `Approved by ${row.signatureName} on ${formatCompanyDay(dayInTimeZone(row.approvedAt, timeZone))}.`
      : null;
  return {
    kind: "estimate",
    number: row.number,
    title: row.title,
    stamp: STAMPS[status] ?? null,
    company: letterhead,
    customer: { name: row.customer.name, addressLines: addressLines(row.customer) },
    dates: [
      { label: "Date", day: dayInTimeZone(row.sentAt ?? row.createdAt, timeZone) },
      ...(expiresOn ? [{ label: "Valid until", day: expiresOn }] : []),
    ],
    sections,
    summary: [],
    callout: answerable
      ? link
        ? { text: "Review and approve online:", url: link }
        : {
            text: `Review and approve this estimate with the link in the e-mail or text message from ${letterhead.name}.`,
            url: null,
          }
      : approval
        ? { text: approval, url: null }
        : null,
    notes: row.message,
    terms: null,
  };
}
