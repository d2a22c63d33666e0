import type { LeaveReviewRequest } from "@fieldops/shared/invoice-review";
import { conflict } from "../errors.ts";
import { invoicesChanged } from "../invoices/invoices-events.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { findReviewedInvoice } from "./invoice-review-access.ts";
import type { ReviewAccess } from "./review-access.ts";

/** The customer's rating and comment: one per invoice, shown to the office on the invoice (announced to its screens). */
export async function leaveInvoiceReview(
  { tx, emit }: TenantScope,
  input: LeaveReviewRequest & { invoiceId: string; access: ReviewAccess },
) {
  const invoice = await findReviewedInvoice(tx, input.invoiceId, input.access);
  if (invoice.status === "void") throw conflict("A void invoice cannot be reviewed");
  const [created] = await tx.invoiceReview.createManyAndReturn({
    data: [
      {
        companyId: input.access.companyId,
        invoiceId: invoice.id,
        rating: input.rating,
        comment: input.comment || null,
      },
    ],
    skipDuplicates: true,
  });
  if (!created) throw conflict("A review was already left for this invoice");
  emit(invoicesChanged({ id: input.invoiceId, customerId: invoice.customerId }));
  return { customerId: invoice.customerId };
}
