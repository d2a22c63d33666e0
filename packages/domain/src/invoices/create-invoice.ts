import { randomUUID } from "node:crypto";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import type { CreateInvoiceInput } from "@fieldops/shared/invoices";
import { conflict, invalidInput, notFound } from "../errors.ts";
import { takeNextNumber } from "../companies/take-next-number.ts";
import { readCompanySettings } from "../settings/company-settings.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { invoicingCompany } from "./invoice-company.ts";
import { priceLines, type DraftLine } from "./invoice-lines.ts";
import { invoicesChanged } from "./invoices-events.ts";

/**
 * A draft invoice for a job: its line items once (the whole job), or once per completed visit named. A visit is
 * billed by one invoice only and a whole-job invoice leaves nothing else to bill, until that invoice is voided. The
 * number is the company's next (no gaps or duplicates); the due day defaults to today plus the payment terms. Announces
 * the invoice and its job (which no longer needs invoicing).
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
      visits: { select: { id: true, status: true, completedAt: true, scheduledStart: true } },
    },
  });
  if (!job) throw notFound("Job not found");
  const open = await tx.invoice.findMany({
    where: { jobId: job.id, status: { not: "void" } },
    select: { number: true, lines: { select: { visitId: true } } },
    orderBy: { number: "asc" },
  });
  const wholeJob = open.find((invoice) => invoice.lines.every((line) => line.visitId === null));
  if (wholeJob) throw conflict(`Job #${job.number} is already billed by invoice #${wholeJob.number}`);
  const items =
    job.lineItems.length > 0
      ? job.lineItems.map((item) => ({
          description: item.service,
          quantity: Number(item.quantity),
          unitPriceCents: item.unitPriceCents,
          taxable: item.taxable,
        }))
      : [{ description: job.title, quantity: 1, unitPriceCents: 0, taxable: false }];

  let lines: DraftLine[];
  if (input.visitIds === undefined) {
    if (open.length > 0)
      throw conflict(
        `Some visits of job #${job.number} are already billed by invoice #${open[0]!.number}; invoice the remaining visits instead`,
      );
    if (!job.visits.some((visit) => visit.status === "completed"))
      throw conflict("Only a job with a completed visit can be invoiced");
    lines = items.map((item) => ({ ...item, visitId: null }));
  } else {
    const wanted = new Set(input.visitIds);
    const visits = job.visits
      .filter((visit) => wanted.has(visit.id))
      .sort((a, b) => (a.completedAt?.getTime() ?? 0) - (b.completedAt?.getTime() ?? 0));
    if (visits.length !== wanted.size || visits.some((visit) => visit.status !== "completed")) {
      throw invalidInput("Only completed visits of this job can be invoiced", "visitIds");
    }
    const billed = await tx.invoiceLine.findFirst({
      where: { visitId: { in: [...wanted] }, invoice: { status: { not: "void" } } },
      select: { invoice: { select: { number: true } } },
    });
    if (billed) throw conflict(`A chosen visit is already billed by invoice #${billed.invoice.number}`, "visitIds");
    lines = visits.flatMap((visit) => {
      const day = dayInTimeZone(visit.completedAt ?? visit.scheduledStart ?? now, company.timeZone);
      return items.map((item) => ({
        ...item,
        description: `${item.description} (visit of ${day})`,
        visitId: visit.id,
      }));
    });
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
  await tx.job.updateMany({ where: { id: job.id, invoicedAt: null }, data: { invoicedAt: now } });
  const created = { id, customerId: job.customerId, jobId: job.id };
  emit(invoicesChanged(created));
  return created;
}
