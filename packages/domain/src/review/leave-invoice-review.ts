import type { TenantTransaction } from "@fieldops/db";
import type { LeaveReviewRequest } from "@fieldops/shared/invoice-review";
import { conflict } from "../errors.ts";
import { findReviewedInvoice } from "./invoice-review-access.ts";
import type { ReviewAccess } from "./review-access.ts";

/** The customer's rating and comment: one per invoice, shown to the office on the invoice. */
export async function leaveInvoiceReview(
  tx: TenantTransaction,
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
  return { customerId: invoice.customerId };
}
