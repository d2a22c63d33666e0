import { createHash, randomUUID } from "node:crypto";
import type { TenantTransaction } from "@fieldops/db";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import {
  MAX_BATCH_INVOICES,
  MAX_INVOICE_LINES,
  MAX_INVOICE_VISITS,
  type BatchInvoiceCustomer,
  type BatchInvoiceInput,
  type BatchInvoicePreview,
  type BatchInvoicePreviewQuery,
  type BatchInvoiceResult,
  type InvoiceTotals,
} from "@fieldops/shared/invoices";
import { takeNextNumbers } from "../companies/take-next-number.ts";
import { conflict } from "../errors.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import { readCompanySettings } from "../settings/company-settings.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { claimVisits } from "./claim-visits.ts";
import { jobInvoiceItems, priceLines, visitLines, type DraftLine } from "./invoice-lines.ts";
import { invoiceBatchChanged } from "./invoices-events.ts";

/** A completed visit no live invoice bills, with its job and customer. */
interface BillableVisit {
  id: string;
  jobId: string;
  jobNumber: number;
  jobTitle: string;
  customerId: string;
  customerName: string;
  completedAt: Date;
  scheduledStart: Date | null;
}

/** One invoice a batch makes: a customer's visits (or as many as one invoice holds), its lines and sums. */
interface PlannedInvoice {
  id: string;
  customerId: string;
  customerName: string;
  jobIds: string[];
  visitIds: string[];
  rows: ReturnType<typeof priceLines>["rows"];
  totals: InvoiceTotals;
}

interface BatchPlan {
  invoices: PlannedInvoice[];
  customers: BatchInvoiceCustomer[];
  moreCustomers: number;
  previewHash: string;
  timeZone: string;
}

/**
 * The company's completed visits of the period (by the day they were completed, on its calendar) that nothing bills
 * yet: no invoice holds them, their job has no live whole-job invoice, and it was not marked invoiced by hand (marked
 * invoiced with no invoice of the product behind it: billed elsewhere). Customers by name, visits by completion.
 */
async function billableVisits(
  tx: TenantTransaction,
  period: { from: string; to: string },
  timeZone: string,
): Promise<BillableVisit[]> {
  const start = startOfDayInTimeZone(period.from, timeZone);
  const end = startOfDayInTimeZone(addDays(period.to, 1), timeZone);
  return tx.$queryRaw<BillableVisit[]>`
    SELECT v.id, v."jobId", j.number AS "jobNumber", j.title AS "jobTitle", j."customerId", c.name AS "customerName",
      v."completedAt", v."scheduledStart"
    FROM visits v JOIN jobs j ON j.id = v."jobId" JOIN customers c ON c.id = j."customerId"
    WHERE v.status = 'completed' AND v."invoiceId" IS NULL
      AND v."completedAt" >= ${start}::timestamp AND v."completedAt" < ${end}::timestamp
      AND NOT EXISTS (
        SELECT 1 FROM invoices i WHERE i."jobId" = j.id AND i.status <> 'void'
          AND NOT EXISTS (SELECT 1 FROM invoice_lines l WHERE l."invoiceId" = i.id AND l."visitId" IS NOT NULL))
      AND NOT (j."invoicedAt" IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i."jobId" = j.id AND i.status <> 'void')
        AND NOT EXISTS (SELECT 1 FROM visits w WHERE w."jobId" = j.id AND w."invoiceId" IS NOT NULL))
    ORDER BY c.name, c.id, v."completedAt", v.id`;
}

/**
 * What a batch of the period would make: per customer, one draft invoice of their visits (each visit billed with its
 * job's line items, as `createInvoice` bills chosen visits), split only when one invoice cannot hold them; at most
 * MAX_BATCH_INVOICES invoices, the customers past them counted. The hash names exactly these visits and sums.
 */
async function planBatch(tx: TenantTransaction, input: BatchInvoicePreviewQuery & { now: Date }): Promise<BatchPlan> {
  await requirePlanFeature(tx, "invoicing");
  const { id: companyId, timeZone } = await tx.company.findFirstOrThrow({ select: { id: true, timeZone: true } });
  const visits = await billableVisits(tx, input, timeZone);
  const titles = new Map(visits.map((visit) => [visit.jobId, visit.jobTitle]));
  const lineItems = await tx.jobLineItem.findMany({
    where: { jobId: { in: [...titles.keys()] } },
    orderBy: { position: "asc" },
  });
  const lineItemsOf = groupBy(lineItems, (item) => item.jobId);
  const itemsOf = new Map(
    [...titles].map(([jobId, title]) => [jobId, jobInvoiceItems({ title, lineItems: lineItemsOf.get(jobId) ?? [] })]),
  );

  const byCustomer = groupBy(visits, (visit) => visit.customerId);

  const invoices: PlannedInvoice[] = [];
  const customers: BatchInvoiceCustomer[] = [];
  let moreCustomers = 0;
  for (const customerVisits of byCustomer.values()) {
    const groups = splitIntoInvoices(customerVisits, (visit) =>
      visitLines(itemsOf.get(visit.jobId)!, visit, timeZone, input.now),
    );
    if (invoices.length + groups.length > MAX_BATCH_INVOICES) {
      moreCustomers++;
      continue;
    }
    const { customerId, customerName } = customerVisits[0]!;
    const planned = groups.map((group) => {
      const id = randomUUID();
      const { rows, totals } = priceLines(
        companyId,
        id,
        group.flatMap((entry) => entry.lines),
        0,
        input.taxRateBasisPoints,
      );
      return {
        id,
        customerId,
        customerName,
        jobIds: [...new Set(group.map((entry) => entry.visit.jobId))],
        visitIds: group.map((entry) => entry.visit.id),
        rows,
        totals,
      };
    });
    invoices.push(...planned);
    const jobs = new Map(customerVisits.map((visit) => [visit.jobId, visit]));
    customers.push({
      customerId,
      customerName,
      visits: customerVisits.length,
      jobs: [...jobs.values()].map((visit) => ({ id: visit.jobId, number: visit.jobNumber, title: visit.jobTitle })),
      invoices: planned.length,
      subtotalCents: sum(planned.map((invoice) => invoice.totals.subtotalCents)),
      taxCents: sum(planned.map((invoice) => invoice.totals.taxCents)),
      totalCents: sum(planned.map((invoice) => invoice.totals.totalCents)),
    });
  }
  const previewHash = createHash("sha256")
    .update(
      JSON.stringify([
        input.from,
        input.to,
        input.taxRateBasisPoints,
        invoices.map((invoice) => [invoice.customerId, invoice.visitIds, invoice.totals.totalCents]),
      ]),
    )
    .digest("base64url");
  return { invoices, customers, moreCustomers, previewHash, timeZone };
}

/** Items by key, in their order (Map.groupBy, which Node 20 lacks). */
function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

/** A customer's visits in groups one invoice can hold (MAX_INVOICE_VISITS visits, MAX_INVOICE_LINES lines). */
function splitIntoInvoices(
  visits: readonly BillableVisit[],
  linesOf: (visit: BillableVisit) => DraftLine[],
): { visit: BillableVisit; lines: DraftLine[] }[][] {
  const groups: { visit: BillableVisit; lines: DraftLine[] }[][] = [];
  let current: { visit: BillableVisit; lines: DraftLine[] }[] = [];
  let lineCount = 0;
  for (const visit of visits) {
    const lines = linesOf(visit);
    if (current.length > 0 && (current.length >= MAX_INVOICE_VISITS || lineCount + lines.length > MAX_INVOICE_LINES)) {
      groups.push(current);
      current = [];
      lineCount = 0;
    }
    current.push({ visit, lines });
    lineCount += lines.length;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/** What batch invoicing the period would make, for the office (or the assistant) to confirm. Reads only. */
export async function previewBatchInvoice(
  tx: TenantTransaction,
  input: BatchInvoicePreviewQuery & { now?: Date },
): Promise<BatchInvoicePreview> {
  const plan = await planBatch(tx, { ...input, now: input.now ?? new Date() });
  return {
    from: input.from,
    to: input.to,
    customers: plan.customers,
    visits: sum(plan.customers.map((customer) => customer.visits)),
    invoices: plan.invoices.length,
    totalCents: sum(plan.invoices.map((invoice) => invoice.totals.totalCents)),
    moreCustomers: plan.moreCustomers,
    previewHash: plan.previewHash,
  };
}

/**
 * Invoices the period's completed, uninvoiced visits: one draft invoice per customer (the invoice names the job when it
 * bills one job's visits), numbered in order, due after the company's terms. With `previewHash` (the screen's confirm
 * step) what there is to invoice must be what the preview showed, or nothing is made (409); without it (an approved
 * assistant request) what there is now is invoiced. Idempotent: the numbering lock is taken before anything is read,
 * so a second run, even at the same moment, finds the visits billed and makes nothing; and the visits are claimed
 * (`claimVisits`), so no visit is billed twice whatever runs beside it. Announces the invoices, customers and jobs.
 */
export async function batchInvoiceVisits(
  scope: TenantScope,
  input: Omit<BatchInvoiceInput, "previewHash"> & { previewHash?: string; now?: Date },
): Promise<BatchInvoiceResult> {
  const { tx, companyId } = scope;
  const now = input.now ?? new Date();
  await requirePlanFeature(tx, "invoicing");
  await takeNextNumbers(tx, companyId, "invoices", 0);
  const plan = await planBatch(tx, { ...input, now });
  if (plan.invoices.length === 0) return { invoices: [], visits: 0, totalCents: 0, moreCustomers: plan.moreCustomers };
  if (input.previewHash !== undefined && input.previewHash !== plan.previewHash)
    throw conflict("What there is to invoice has changed since the preview: preview it again", "previewHash");

  const numbers = await takeNextNumbers(tx, companyId, "invoices", plan.invoices.length);
  const { defaultTermsDays } = await readCompanySettings(tx, companyId);
  const dueAt = startOfDayInTimeZone(addDays(dayInTimeZone(now, plan.timeZone), defaultTermsDays), plan.timeZone);
  await tx.invoice.createMany({
    data: plan.invoices.map((invoice, index) => ({
      id: invoice.id,
      companyId,
      customerId: invoice.customerId,
      jobId: invoice.jobIds.length === 1 ? invoice.jobIds[0]! : null,
      number: numbers[index]!,
      status: "draft" as const,
      ...invoice.totals,
      taxRateBasisPoints: input.taxRateBasisPoints,
      dueAt,
      createdAt: now,
    })),
  });
  await tx.invoiceLine.createMany({ data: plan.invoices.flatMap((invoice) => invoice.rows) });
  await claimVisits(
    tx,
    plan.invoices.map((invoice) => ({ invoiceId: invoice.id, visitIds: invoice.visitIds })),
  );
  const jobIds = [...new Set(plan.invoices.flatMap((invoice) => invoice.jobIds))];
  await tx.job.updateMany({ where: { id: { in: jobIds }, invoicedAt: null }, data: { invoicedAt: now } });
  scope.emit(
    invoiceBatchChanged({
      invoiceIds: plan.invoices.map((invoice) => invoice.id),
      customerIds: plan.customers.map((customer) => customer.customerId),
      jobIds,
    }),
  );
  return {
    invoices: plan.invoices.map((invoice, index) => ({
      id: invoice.id,
      number: numbers[index]!,
      customerId: invoice.customerId,
      customerName: invoice.customerName,
      visits: invoice.visitIds.length,
      totalCents: invoice.totals.totalCents,
    })),
    visits: sum(plan.invoices.map((invoice) => invoice.visitIds.length)),
    totalCents: sum(plan.invoices.map((invoice) => invoice.totals.totalCents)),
    moreCustomers: plan.moreCustomers,
  };
}
