import { recordAudit } from "../audit/record-audit.ts";
import { conflict, notFound } from "../errors.ts";
import { actorLabel, actorUserId, type TenantScope } from "../tenant-scope.ts";
import { jobsChanged } from "../jobs/jobs-events.ts";
import { queueQuickBooksSync } from "../quickbooks/queue-quickbooks-sync.ts";
import { releaseVisits, reopenInvoicing } from "./claim-visits.ts";
import { invoicingCompany } from "./invoice-company.ts";
import { invoicesChanged } from "./invoices-events.ts";

/**
 * Voids a draft or sent invoice no money is held on (nothing paid, or every payment refunded); voiding a void invoice
 * again changes nothing. An invoice with money on it is refunded first. Audited. The visits it billed may be billed again, and each of its jobs needs invoicing again
 * when no other invoice bills it. Voided in QuickBooks too (once). Announces the invoice and its jobs, voided now or
 * before.
 */
export async function voidInvoice(
  scope: TenantScope,
  input: { id: string; now?: Date },
): Promise<{ id: string; customerId: string; jobId: string | null }> {
  const { tx, companyId, actor, emit } = scope;
  await invoicingCompany(tx, companyId);
  const [invoice] = await tx.$queryRaw<
    { id: string; number: number; status: string; customerId: string; jobId: string | null }[]
  >`
    SELECT id, number, status::text, "customerId", "jobId" FROM invoices WHERE id = ${input.id}::uuid FOR UPDATE`;
  if (!invoice) throw notFound("Invoice not found");
  const result = { id: invoice.id, customerId: invoice.customerId, jobId: invoice.jobId };
  if (invoice.status === "void") {
    emit(invoicesChanged(result));
    return result;
  }
  // The money still held: a payment refunded as a credit leaves the invoice settled, yet nothing is held on it.
  const held = await tx.payment.aggregate({
    where: { invoiceId: invoice.id },
    _sum: { amountCents: true, refundedCents: true },
  });
  if ((held._sum.amountCents ?? 0) - (held._sum.refundedCents ?? 0) > 0) {
    throw conflict(
      invoice.status === "paid"
        ? "A paid invoice cannot be voided: refund its payments first"
        : "Refund this invoice's payments before voiding it",
    );
  }
  await tx.invoice.update({ where: { id: invoice.id }, data: { status: "void", voidedAt: input.now ?? new Date() } });
  await recordAudit(tx, {
    companyId,
    actorUserId: actorUserId(actor),
    action: "invoice.voided",
    entityType: "invoice",
    entityId: invoice.id,
    summary: `${actorLabel(actor)} voided invoice #${invoice.number}`,
    details: { statusBefore: invoice.status },
  });
  await queueQuickBooksSync(scope, { entity: "invoice", id: invoice.id });
  const released = await releaseVisits(tx, invoice.id);
  const jobIds = [...new Set([...(invoice.jobId ? [invoice.jobId] : []), ...released])];
  await reopenInvoicing(tx, jobIds);
  emit([...invoicesChanged(result), ...jobsChanged(jobIds.filter((jobId) => jobId !== invoice.jobId))]);
  return result;
}
