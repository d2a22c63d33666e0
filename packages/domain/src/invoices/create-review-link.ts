import { reviewPagePath } from "@fieldops/shared/invoices";
import { conflict, notFound } from "../errors.ts";
import { issuePublicLink } from "../public-links/public-links.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { invoicingCompany } from "./invoice-company.ts";

/**
 * A new link to the customer's review page, for the office to share by hand. Its token is answered once and only its
 * hash is kept; links made earlier keep working (up to `MAX_LINKS_PER_SUBJECT`). A draft is not shown to the customer, and a void invoice is not
 * offered again.
 */
export async function createReviewLink(
  { tx, companyId, actor }: TenantScope<UserActor>,
  input: { id: string; appOrigin: string },
): Promise<{ url: string }> {
  await invoicingCompany(tx, companyId);
  const invoice = await tx.invoice.findUnique({ where: { id: input.id }, select: { id: true, status: true } });
  if (!invoice) throw notFound("Invoice not found");
  if (invoice.status === "draft")
    throw conflict("Send the invoice before sharing its link: a draft is not shown to the customer");
  if (invoice.status === "void") throw conflict("A void invoice has no review link");
  const token = await issuePublicLink(tx, {
    companyId,
    kind: "invoice_review",
    subjectId: invoice.id,
    userId: actor.userId,
  });
  return { url: `${input.appOrigin}${reviewPagePath(invoice.id, token)}` };
}
