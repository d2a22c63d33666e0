import { randomUUID } from "node:crypto";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import type { CreateInvoiceInput } from "@fieldops/shared/invoices";
import { conflict, invalidInput, notFound } from "../errors.ts";
import { takeNextNumber } from "../companies/take-next-number.ts";
import { readCompanySettings } from "../settings/company-settings.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { claimVisits } from "./claim-visits.ts";
import { invoicingCompany } from "./invoice-company.ts";
import { jobInvoiceItems, priceLines, visitLines, type DraftLine } from "./invoice-lines.ts";
import { invoicesChanged } from "./invoices-events.ts";

/**
 * A draft invoice for a job: its line items once (the whole job, which bills its completed visits), or once per
 * completed visit named. A visit is billed by one invoice only (`claimVisits`) and a whole-job invoice leaves nothing
 * else to bill, until that invoice is voided. The number is the company's next (no gaps or duplicates); the due day
 * defaults to today plus the payment terms. Announces the invoice and its job (which no longer needs invoicing).
 */
export async function createInvoice(
  { tx, companyId, emit }: TenantScope,
  input: CreateInvoiceInput & { now?: Date },
): Promise<{ id: string; customerId: string; jobId: string }> {
  const now = input.now ?? new Date();
  const company = await invoicingCompany(tx, companyId);
  const job = await tx.job.findUnique({
    where: { id: input.jobId },
    select: {
      id: true,
      number: true,
      title: true,
      customerId: true,
      lineItems: { orderBy: { position: "asc" } },
      visits: {
        select: {
          id: true,
          status: true,
          completedAt: true,
          scheduledStart: true,
          invoice: { select: { number: true } },
        },
      },
    },
  });
  if (!job) throw notFound("Job not found");
  const wholeJob = await tx.invoice.findFirst({
    where: { jobId: job.id, status: { not: "void" }, lines: { none: { visitId: { not: null } } } },
    select: { number: true },
    orderBy: { number: "asc" },
  });
  if (wholeJob) throw conflict(`Job #${job.number} is already billed by invoice #${wholeJob.number}`);
  const items = jobInvoiceItems(job);

  let lines: DraftLine[];
  let billing: string[];
  if (input.visitIds === undefined) {
    const billed = job.visits.find((visit) => visit.invoice !== null);
    if (billed)
      throw conflict(
        `Some visits of job #${job.number} are already billed by invoice #${billed.invoice!.number}; invoice the remaining visits instead`,
      );
    billing = job.visits.filter((visit) => visit.status === "completed").map((visit) => visit.id);
    if (billing.length === 0) throw conflict("Only a job with a completed visit can be invoiced");
    lines = items.map((item) => ({ ...item, visitId: null }));
  } else {
    const wanted = new Set(input.visitIds);
    const visits = job.visits
      .filter((visit) => wanted.has(visit.id))
      .sort((a, b) => (a.completedAt?.getTime() ?? 0) - (b.completedAt?.getTime() ?? 0));
    if (visits.length !== wanted.size || visits.some((visit) => visit.status !== "completed")) {
      throw invalidInput("Only completed visits of this job can be invoiced", "visitIds");
    }
    const billed = visits.find((visit) => visit.invoice !== null);
    if (billed) throw conflict(`A chosen visit is already billed by invoice #${billed.invoice!.number}`, "visitIds");
    billing = visits.map((visit) => visit.id);
    lines = visits.flatMap((visit) => visitLines(items, visit, company.timeZone, now));
  }

  const id = randomUUID();
  const { rows, totals } = priceLines(companyId, id, lines, input.discountCents, input.taxRateBasisPoints);
  const today = dayInTimeZone(now, company.timeZone);
  const dueDate = input.dueDate ?? addDays(today, (await readCompanySettings(tx, companyId)).defaultTermsDays);
  const number = await takeNextNumber(tx, companyId, "invoices");
  await tx.invoice.create({
    data: {
      id,
      companyId,
      customerId: job.customerId,
      jobId: job.id,
      number,
      status: "draft",
      ...totals,
      taxRateBasisPoints: input.taxRateBasisPoints,
      dueAt: startOfDayInTimeZone(dueDate, company.timeZone),
      notes: input.notes ?? null,
      createdAt: now,
    },
  });
  await tx.invoiceLine.createMany({ data: rows });
  await claimVisits(tx, [{ invoiceId: id, visitIds: billing }]);
  await tx.job.updateMany({ where: { id: job.id, invoicedAt: null }, data: { invoicedAt: now } });
  const created = { id, customerId: job.customerId, jobId: job.id };
  emit(invoicesChanged(created));
  return created;
}
