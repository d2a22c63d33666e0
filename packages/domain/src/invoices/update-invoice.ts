import { INVOICE_STATUS_LABELS, type UpdateInvoiceInput } from "@fieldops/shared/invoices";
import { startOfDayInTimeZone } from "@fieldops/shared/company-time";
import { conflict, invalidInput, notFound } from "../errors.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { jobsChanged } from "../jobs/jobs-events.ts";
import { releaseVisits, reopenInvoicing } from "./claim-visits.ts";
import { invoicingCompany } from "./invoice-company.ts";
import { priceLines } from "./invoice-lines.ts";
import { invoicesChanged } from "./invoices-events.ts";

/**
 * Changes a draft: lines (which replace the stored ones; a line may keep the visit it billed, never name a new one, and
 * a visit left without lines is no longer billed here), due day, tax rate, discount, notes. The sums are computed
 * again. A sent, paid or void invoice is not edited. Announces the invoice (and the jobs of visits it let go).
 */
export async function updateInvoice(
  { tx, companyId, emit }: TenantScope,
  input: UpdateInvoiceInput & { id: string },
): Promise<{ id: string; customerId: string }> {
  const company = await invoicingCompany(tx, companyId);
  const [locked] = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM invoices WHERE id = ${input.id}::uuid FOR UPDATE`;
  if (!locked) throw notFound("Invoice not found");
  const invoice = await tx.invoice.findUniqueOrThrow({
    where: { id: input.id },
    include: { lines: { orderBy: { position: "asc" } } },
  });
  if (invoice.status !== "draft") {
    throw conflict(
      `Only a draft invoice can be edited; this one is ${INVOICE_STATUS_LABELS[invoice.status].toLowerCase()}`,
    );
  }
  const billedVisits = new Set(invoice.lines.map((line) => line.visitId).filter((visitId) => visitId !== null));
  const lines = input.lines
    ? input.lines.map((line) => {
        const visitId = line.visitId ?? null;
        if (visitId !== null && !billedVisits.has(visitId))
          throw invalidInput("A line may only keep a visit this invoice already bills", "lines");
        return {
          description: line.description,
          quantity: line.quantity,
          unitPriceCents: line.unitPriceCents,
          taxable: line.taxable,
          visitId,
        };
      })
    : invoice.lines.map((line) => ({ ...line, quantity: Number(line.quantity) }));
  const discountCents = input.discountCents ?? invoice.discountCents;
  const taxRateBasisPoints = input.taxRateBasisPoints ?? invoice.taxRateBasisPoints;
  const { rows, totals } = priceLines(companyId, invoice.id, lines, discountCents, taxRateBasisPoints);
  let freedJobs: string[] = [];
  if (input.lines) {
    await tx.invoiceLine.deleteMany({ where: { invoiceId: invoice.id } });
    await tx.invoiceLine.createMany({ data: rows });
    // A visit whose lines were all removed is no longer billed here (a whole-job invoice keeps its visits).
    if (billedVisits.size > 0) {
      freedJobs = await releaseVisits(
        tx,
        invoice.id,
        lines.flatMap((line) => (line.visitId ? [line.visitId] : [])),
      );
      await reopenInvoicing(tx, freedJobs);
    }
  }
  await tx.invoice.update({
    where: { id: invoice.id },
    data: {
      ...totals,
      taxRateBasisPoints,
      dueAt: input.dueDate ? startOfDayInTimeZone(input.dueDate, company.timeZone) : undefined,
      notes: input.notes === undefined ? undefined : input.notes,
    },
  });
  const updated = { id: invoice.id, customerId: invoice.customerId };
  emit([...invoicesChanged(updated), ...jobsChanged(freedJobs)]);
  return updated;
}
