import { conflict, notFound } from "../errors.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { jobsChanged } from "../jobs/jobs-events.ts";
import { releaseVisits, reopenInvoicing } from "./claim-visits.ts";
import { invoicingCompany } from "./invoice-company.ts";
import { invoicesChanged } from "./invoices-events.ts";

/**
 * Voids a draft or sent invoice nothing is paid on; voiding a void invoice again changes nothing. An invoice with
 * money on it is refunded first. The visits it billed may be billed again, and each of its jobs needs invoicing again
 * when no other invoice bills it. Announces the invoice and its jobs, voided now or before.
 */
export async function voidInvoice(
  { tx, companyId, emit }: TenantScope,
  input: { id: string; now?: Date },
): Promise<{ id: string; customerId: string; jobId: string | null }> {
  await invoicingCompany(tx, companyId);
  const [invoice] = await tx.$queryRaw<
    { id: string; status: string; paidCents: number; customerId: string; jobId: string | null }[]
  >`
    SELECT id, status::text, "paidCents", "customerId", "jobId" FROM invoices WHERE id = ${input.id}::uuid FOR UPDATE`;
  if (!invoice) throw notFound("Invoice not found");
  const result = { id: invoice.id, customerId: invoice.customerId, jobId: invoice.jobId };
  if (invoice.status === "void") {
    emit(invoicesChanged(result));
    return result;
  }
  if (invoice.paidCents > 0) {
    throw conflict(
      invoice.status === "paid"
        ? "A paid invoice cannot be voided: refund its payments first"
        : "Refund this invoice's payments before voiding it",
    );
  }
  await tx.invoice.update({ where: { id: invoice.id }, data: { status: "void", voidedAt: input.now ?? new Date() } });
  const released = await releaseVisits(tx, invoice.id);
  const jobIds = [...new Set([...(invoice.jobId ? [invoice.jobId] : []), ...released])];
  await reopenInvoicing(tx, jobIds);
  emit([...invoicesChanged(result), ...jobsChanged(jobIds.filter((jobId) => jobId !== invoice.jobId))]);
  return result;
}
