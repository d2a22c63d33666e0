import { formatCents } from "@fieldops/shared/money";
import { batchInvoiceVisits, previewBatchInvoice } from "../invoices/batch-invoice-visits.ts";
import { defineModule } from "./module-definition.ts";

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

/**
 * Batch invoicing for the assistant: the period's completed, uninvoiced visits become one draft invoice per customer.
 * What the approver reads is the preview as it stands; the run invoices what is uninvoiced when it runs, and a visit
 * billed meanwhile (or by a second run) is never billed again.
 */
export const invoiceCompletedVisitsModule = defineModule({
  id: "invoice-completed-visits",
  async describe(tx, params) {
    const preview = await previewBatchInvoice(tx, { ...params, taxRateBasisPoints: 0 });
    const period = `${params.from} to ${params.to}`;
    if (preview.visits === 0) return `Invoice the completed visits of ${period}: none is waiting for an invoice now.`;
    return `Invoice the ${plural(preview.visits, "completed visit")} of ${period} that no invoice bills: ${plural(preview.invoices, "draft invoice")}, one per customer, ${formatCents(preview.totalCents)} in all.`;
  },
  async run(scope, params, context) {
    const made = await batchInvoiceVisits(scope, { ...params, taxRateBasisPoints: 0, now: context.now });
    const more = made.moreCustomers > 0 ? ` ${plural(made.moreCustomers, "customer")} left for the next run.` : "";
    return {
      message:
        made.invoices.length === 0
          ? `Nothing to invoice: every completed visit of ${params.from} to ${params.to} is billed already`
          : `Made ${plural(made.invoices.length, "draft invoice")} for ${plural(made.visits, "visit")}, ${formatCents(made.totalCents)} in all.${more}`,
      result: { invoices: made.invoices.length, visits: made.visits, totalCents: made.totalCents },
    };
  },
});
