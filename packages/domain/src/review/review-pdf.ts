import type { TenantTransaction } from "@fieldops/db";
import { reviewPagePath } from "@fieldops/shared/invoices";
import { reviewEstimatePath } from "@fieldops/shared/review";
import { salesDocumentPdfFile, type PdfFile } from "../documents/render-pdf.ts";
import { estimateDocument } from "../estimates/render-estimate-pdf.ts";
import { effectiveEstimateStatus } from "../estimates/estimate-record.ts";
import { invoiceDocument } from "../invoices/render-invoice-pdf.ts";
import { publicLinkUrl } from "../public-links/public-link-token.ts";
import { findReviewedInvoice } from "./invoice-review-access.ts";
import { assertPortalCustomer, reviewCompany, reviewNotFound, type ReviewAccess } from "./review-access.ts";

/** Who downloads (the link's access and its credential, as the page sent it) and the app's origin. */
interface ReviewPdfInput {
  access: ReviewAccess;
  credential: string;
  origin: string;
  now?: Date;
}

/**
 * The link a customer's PDF prints: the page's own link, which its holder has already; a page opened from the portal
 * prints none, so that a forwarded PDF never hands on the key to the customer's whole portal.
 */
function printedLink(input: ReviewPdfInput, url: string): string | null {
  return input.access.portalCustomerId === null ? url : null;
}

/**
 * The PDF of the invoice a customer's link opens, as the office's would print it; a draft, and another customer's
 * invoice asked for from a portal, answer like a missing one.
 */
export async function renderReviewInvoicePdf(
  tx: TenantTransaction,
  input: ReviewPdfInput & { invoiceId: string },
): Promise<PdfFile> {
  await findReviewedInvoice(tx, input.invoiceId, input.access);
  return salesDocumentPdfFile(
    await invoiceDocument(tx, input.access.companyId, {
      id: input.invoiceId,
      link: printedLink(input, `${input.origin}${reviewPagePath(input.invoiceId, input.credential)}`),
      now: input.now,
    }),
  );
}

/**
 * The PDF of the estimate a customer's link opens; a draft (being revised, its options not shown on the page) answers
 * like a missing one.
 */
export async function renderReviewEstimatePdf(
  tx: TenantTransaction,
  input: ReviewPdfInput & { estimateId: string },
): Promise<PdfFile> {
  const row = await tx.estimate.findUnique({
    where: { id: input.estimateId },
    select: { customerId: true, status: true, expiresAt: true },
  });
  if (!row) throw reviewNotFound();
  assertPortalCustomer(input.access, row.customerId);
  await reviewCompany(tx, input.access);
  if (effectiveEstimateStatus(row, input.now ?? new Date()) === "draft") throw reviewNotFound();
  return salesDocumentPdfFile(
    await estimateDocument(tx, input.access.companyId, {
      id: input.estimateId,
      link: printedLink(input, publicLinkUrl(input.origin, reviewEstimatePath(input.estimateId), input.credential)),
      now: input.now,
    }),
  );
}
