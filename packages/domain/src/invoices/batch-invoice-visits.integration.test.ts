import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import {
  createTestCompany,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { createTestCustomer, runAsOwner, storedJobStatus } from "../../../../tests/integration/use-case-fixtures.ts";
import { DomainError } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { batchInvoiceVisits, previewBatchInvoice } from "./batch-invoice-visits.ts";
import { claimVisits } from "./claim-visits.ts";
import { createInvoice } from "./create-invoice.ts";
import { updateInvoice } from "./update-invoice.ts";
import { voidInvoice } from "./void-invoice.ts";

let t: TestApp;
let app: Database;

/** Wednesday 10 April 2030; March is the period billed. */
const NOW = new Date("2030-04-10T15:00:00Z");
const MARCH = { from: "2030-03-01", to: "2030-03-31" };

beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
});
afterAll(() => t.close());

type Company = TestCompany;

const newCompany = () => createTestCompany(t.db, { planId: "growth" });

/** Runs a use case as the company's owner; what it announced comes back beside its result. */
const inCompany = <Result>(company: Company, work: (scope: TenantScope<UserActor>) => Promise<Result>) =>
  runAsOwner(app, company, work);

const customer = (company: Company, name: string) => createTestCustomer(t.db, company.id, name);

let jobNumber = 1;
/** A job of the customer with its line items and visits completed at the given instants (null: scheduled, not done). */
async function job(
  company: Company,
  customerId: string,
  lines: { service: string; unitPriceCents: number; taxable?: boolean }[],
  visits: (string | null)[],
) {
  const row = await t.db.job.create({
    data: {
      companyId: company.id,
      customerId,
      number: jobNumber++,
      title: `${lines[0]?.service ?? "Work"} ${randomUUID().slice(0, 4)}`,
      recurrence: "FREQ=WEEKLY",
      lineItems: {
        create: lines.map((line, position) => ({
          companyId: company.id,
          position,
          service: line.service,
          quantity: 1,
          unitPriceCents: line.unitPriceCents,
          taxable: line.taxable ?? false,
        })),
      },
    },
  });
  const visitIds: string[] = [];
  for (const completedAt of visits) {
    const at = new Date(completedAt ?? "2030-03-25T14:00:00Z");
    const visit = await t.db.visit.create({
      data: {
        companyId: company.id,
        jobId: row.id,
        status: completedAt ? "completed" : "scheduled",
        scheduledStart: new Date(at.getTime() - 3_600_000),
        scheduledEnd: at,
        completedAt: completedAt ? at : null,
      },
    });
    visitIds.push(visit.id);
  }
  return { jobId: row.id, number: row.number, title: row.title, visitIds };
}

const storedStatus = (jobId: string) => storedJobStatus(t.db, jobId);

const preview = (company: Company, taxRateBasisPoints = 0) =>
  withTenant(app, company.id, (tx) => previewBatchInvoice(tx, { ...MARCH, taxRateBasisPoints, now: NOW }));

const run = (company: Company, input: { previewHash?: string; taxRateBasisPoints?: number } = {}) =>
  inCompany(company, (scope) =>
    batchInvoiceVisits(scope, { ...MARCH, taxRateBasisPoints: input.taxRateBasisPoints ?? 0, ...input, now: NOW }),
  );

/** A company with: Ada (two jobs, four March visits to bill), Bo (one of two March visits billed already), a job billed
 * whole, a job marked invoiced by hand, work outside March or not done; and another company's March visit. */
async function billingWorld() {
  const company = await newCompany();
  const ada = await customer(company, "Ada Lovelace");
  const bo = await customer(company, "Bo Diddley");
  const mowing = await job(
    company,
    ada,
    [{ service: "Mowing", unitPriceCents: 4500, taxable: true }],
    // Midnight of 1 March in New York is 05:00Z; 31 March ends at 04:00Z on 1 April.
    ["2030-03-01T05:30:00Z", "2030-03-11T14:00:00Z", "2030-04-01T03:30:00Z", "2030-04-02T14:00:00Z", null],
  );
  const hedges = await job(company, ada, [{ service: "Hedges", unitPriceCents: 3000 }], ["2030-03-20T14:00:00Z"]);
  const boJob = await job(
    company,
    bo,
    [
      { service: "Pool service", unitPriceCents: 8000 },
      { service: "Chemicals", unitPriceCents: 1500, taxable: true },
    ],
    ["2030-03-05T14:00:00Z", "2030-03-12T14:00:00Z"],
  );
  await inCompany(company, (scope) =>
    createInvoice(scope, {
      jobId: boJob.jobId,
      visitIds: [boJob.visitIds[0]!],
      taxRateBasisPoints: 0,
      discountCents: 0,
      now: NOW,
    }),
  );
  const billedWhole = await job(
    company,
    await customer(company, "Cy Whole"),
    [{ service: "Fence", unitPriceCents: 50000 }],
    ["2030-03-06T14:00:00Z"],
  );
  await inCompany(company, (scope) =>
    createInvoice(scope, { jobId: billedWhole.jobId, taxRateBasisPoints: 0, discountCents: 0, now: NOW }),
  );
  const byHand = await job(
    company,
    await customer(company, "Di Elsewhere"),
    [{ service: "Gutters", unitPriceCents: 9000 }],
    ["2030-03-07T14:00:00Z"],
  );
  await t.db.job.update({ where: { id: byHand.jobId }, data: { invoicedAt: NOW } });
  const other = await newCompany();
  await job(
    other,
    await customer(other, "Ada Lovelace"),
    [{ service: "Mowing", unitPriceCents: 4500 }],
    ["2030-03-11T14:00:00Z"],
  );
  return { company, ada, bo, mowing, hedges, boJob, billedWhole, byHand };
}

describe("previewBatchInvoice", () => {
  it("shows per customer the period's completed visits nothing bills yet, and what one invoice each comes to", async () => {
    const { company, ada, bo, mowing, hedges, boJob } = await billingWorld();
    const shown = await preview(company, 825);

    // Ada: three mowings at $45.00 (taxed 8.25 %) and one hedge trim at $30.00; Bo: one pool visit, chemicals taxed.
    expect(shown.customers).toEqual([
      {
        customerId: ada,
        customerName: "Ada Lovelace",
        visits: 4,
        jobs: [
          { id: mowing.jobId, number: mowing.number, title: mowing.title },
          { id: hedges.jobId, number: hedges.number, title: hedges.title },
        ],
        invoices: 1,
        subtotalCents: 16500,
        taxCents: 1114,
        totalCents: 17614,
      },
      {
        customerId: bo,
        customerName: "Bo Diddley",
        visits: 1,
        jobs: [{ id: boJob.jobId, number: boJob.number, title: boJob.title }],
        invoices: 1,
        subtotalCents: 9500,
        taxCents: 124,
        totalCents: 9624,
      },
    ]);
    expect(shown).toMatchObject({ visits: 5, invoices: 2, totalCents: 17614 + 9624, moreCustomers: 0 });
    expect(shown.previewHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Reading twice reads the same; another tax rate is another preview.
    expect((await preview(company, 825)).previewHash).toBe(shown.previewHash);
    expect((await preview(company, 0)).previewHash).not.toBe(shown.previewHash);
  });
});

describe("batchInvoiceVisits", () => {
  it("makes what was previewed, one draft per customer, each visit billed once; a second run makes nothing", async () => {
    const { company, ada, bo, mowing, hedges, boJob, billedWhole, byHand } = await billingWorld();
    const shown = await preview(company);
    const upcoming = { undatedStatus: "upcoming", firstBookedStart: "2030-03-25T13:00:00.000Z" };
    const requiresInvoicing = { undatedStatus: "requires_invoicing", firstBookedStart: null };
    const closed = { undatedStatus: "closed", firstBookedStart: null };
    expect(await storedStatus(hedges.jobId)).toEqual(requiresInvoicing);
    expect(await storedStatus(mowing.jobId)).toEqual(upcoming);
    // Bo's job has an invoice for its first visit, and its second, done, is billed by nothing yet.
    expect(await storedStatus(boJob.jobId)).toEqual(requiresInvoicing);
    // A job invoiced whole, and one marked invoiced by hand, are done.
    expect(await storedStatus(billedWhole.jobId)).toEqual(closed);
    expect(await storedStatus(byHand.jobId)).toEqual(closed);
    const { result, events } = await run(company, { previewHash: shown.previewHash });

    expect(result).toMatchObject({ visits: 5, totalCents: shown.totalCents, moreCustomers: 0 });
    expect(result.invoices.map((invoice) => [invoice.customerName, invoice.visits, invoice.totalCents])).toEqual([
      ["Ada Lovelace", 4, 16500],
      ["Bo Diddley", 1, 9500],
    ]);
    const [first, second] = result.invoices;
    expect(second!.number).toBe(first!.number + 1);
    const adaInvoice = await t.db.invoice.findUniqueOrThrow({
      where: { id: first!.id },
      include: { lines: { orderBy: { position: "asc" } } },
    });
    // Two jobs on one invoice name no single job; due after the company's 30 days of terms.
    expect(adaInvoice).toMatchObject({ customerId: ada, jobId: null, status: "draft", totalCents: 16500 });
    expect(adaInvoice.dueAt?.toISOString()).toBe("2030-05-10T04:00:00.000Z");
    expect(adaInvoice.lines.map((line) => line.description)).toEqual([
      "Mowing (visit of 2030-03-01)",
      "Mowing (visit of 2030-03-11)",
      "Hedges (visit of 2030-03-20)",
      "Mowing (visit of 2030-03-31)",
    ]);
    expect(await t.db.invoice.findUniqueOrThrow({ where: { id: second!.id } })).toMatchObject({
      customerId: bo,
      jobId: boJob.jobId,
    });
    const billed = await t.db.visit.findMany({
      where: { jobId: { in: [mowing.jobId, hedges.jobId, boJob.jobId] } },
      select: { id: true, invoiceId: true },
    });
    const invoiceOf = new Map(billed.map((visit) => [visit.id, visit.invoiceId]));
    for (const visitId of [mowing.visitIds[0]!, mowing.visitIds[1]!, mowing.visitIds[2]!, hedges.visitIds[0]!])
      expect(invoiceOf.get(visitId)).toBe(first!.id);
    expect(invoiceOf.get(boJob.visitIds[1]!)).toBe(second!.id);
    // April's visit and the one not done wait.
    expect(invoiceOf.get(mowing.visitIds[3]!)).toBeNull();
    expect(invoiceOf.get(mowing.visitIds[4]!)).toBeNull();
    expect(events).toContainEqual(
      expect.objectContaining({
        name: "invoices.changed",
        payload: { invoiceIds: [first!.id, second!.id], customerIds: [ada, bo] },
      }),
    );
    expect((await t.db.job.findUniqueOrThrow({ where: { id: hedges.jobId } })).invoicedAt).not.toBeNull();
    // Its only visit billed, the hedges job is done; the mowing job still has a visit booked.
    expect(await storedStatus(hedges.jobId)).toEqual(closed);
    expect(await storedStatus(mowing.jobId)).toEqual(upcoming);
    expect(await storedStatus(boJob.jobId)).toEqual(closed);

    const again = await run(company, { previewHash: shown.previewHash });
    expect(again.result).toEqual({ invoices: [], visits: 0, totalCents: 0, moreCustomers: 0 });
    expect(await run(company)).toMatchObject({ result: { invoices: [] } });
    expect((await preview(company)).customers).toEqual([]);
  });

  it("refuses a confirmation whose preview no longer stands, and makes nothing", async () => {
    const { company, mowing } = await billingWorld();
    const shown = await preview(company);
    await t.db.visit.update({
      where: { id: mowing.visitIds[4]! },
      data: { status: "completed", completedAt: new Date("2030-03-28T14:00:00Z") },
    });
    const invoices = await t.db.invoice.count({ where: { companyId: company.id } });

    const refused = await run(company, { previewHash: shown.previewHash }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      kind: "conflict",
      field: "previewHash",
      message: "What there is to invoice has changed since the preview: preview it again",
    });
    expect(await t.db.invoice.count({ where: { companyId: company.id } })).toBe(invoices);
    const fresh = await preview(company);
    expect(fresh.visits).toBe(shown.visits + 1);
    expect((await run(company, { previewHash: fresh.previewHash })).result.visits).toBe(fresh.visits);
  });

  it("bills each visit once when runs race each other, or a single invoice", async () => {
    const { company } = await billingWorld();
    const shown = await preview(company);
    const [one, two] = await Promise.all([
      run(company, { previewHash: shown.previewHash }),
      run(company, { previewHash: shown.previewHash }),
    ]);
    expect([one.result.invoices.length, two.result.invoices.length].sort()).toEqual([0, 2]);
    const lines = await t.db.invoiceLine.findMany({
      where: { companyId: company.id, visitId: { not: null }, invoice: { status: { not: "void" } } },
      select: { visitId: true, invoiceId: true },
    });
    const invoicesOfVisit = new Map<string, Set<string>>();
    for (const line of lines)
      invoicesOfVisit.set(line.visitId!, (invoicesOfVisit.get(line.visitId!) ?? new Set()).add(line.invoiceId));
    expect([...invoicesOfVisit.values()].every((invoices) => invoices.size === 1)).toBe(true);

    // A single invoice for a visit a batch bills at the same moment: one of them bills it, never both.
    const late = await job(
      company,
      await customer(company, "Ed Late"),
      [{ service: "Leaves", unitPriceCents: 2000 }],
      ["2030-03-29T14:00:00Z"],
    );
    const outcomes = await Promise.allSettled([
      run(company),
      inCompany(company, (scope) =>
        createInvoice(scope, {
          jobId: late.jobId,
          visitIds: late.visitIds,
          taxRateBasisPoints: 0,
          discountCents: 0,
          now: NOW,
        }),
      ),
    ]);
    const billedBy = await t.db.invoiceLine.findMany({
      where: { visitId: late.visitIds[0]!, invoice: { status: { not: "void" } } },
      select: { invoiceId: true },
    });
    expect(new Set(billedBy.map((line) => line.invoiceId)).size).toBe(1);
    for (const outcome of outcomes)
      if (outcome.status === "rejected") expect(outcome.reason).toMatchObject({ kind: "conflict" });
    expect((await t.db.visit.findUniqueOrThrow({ where: { id: late.visitIds[0]! } })).invoiceId).toBe(
      billedBy[0]!.invoiceId,
    );
  });

  it("is the database's rule: a visit another invoice holds cannot be claimed", async () => {
    const { company, hedges } = await billingWorld();
    const { result } = await run(company);
    const holder = result.invoices.find((invoice) => invoice.customerName === "Ada Lovelace")!;
    const refused = await withTenant(app, company.id, (tx) =>
      claimVisits(tx, [{ invoiceId: result.invoices[1]!.id, visitIds: hedges.visitIds }]),
    ).catch((error: unknown) => error);
    expect(refused).toMatchObject({ kind: "conflict" });
    expect((await t.db.visit.findUniqueOrThrow({ where: { id: hedges.visitIds[0]! } })).invoiceId).toBe(holder.id);
  });

  it("frees a voided invoice's visits for the next run, and a visit whose lines a draft's edit drops", async () => {
    const { company, hedges, mowing } = await billingWorld();
    const { result } = await run(company);
    const adaInvoice = result.invoices.find((invoice) => invoice.customerName === "Ada Lovelace")!;

    const lines = await t.db.invoiceLine.findMany({
      where: { invoiceId: adaInvoice.id },
      orderBy: { position: "asc" },
    });
    await inCompany(company, (scope) =>
      updateInvoice(scope, {
        id: adaInvoice.id,
        lines: lines
          .filter((line) => line.visitId !== hedges.visitIds[0])
          .map((line) => ({
            description: line.description,
            quantity: Number(line.quantity),
            unitPriceCents: line.unitPriceCents,
            taxable: line.taxable,
            visitId: line.visitId,
          })),
      }),
    );
    expect((await t.db.visit.findUniqueOrThrow({ where: { id: hedges.visitIds[0]! } })).invoiceId).toBeNull();
    expect(await storedStatus(hedges.jobId)).toEqual({ undatedStatus: "requires_invoicing", firstBookedStart: null });
    expect((await preview(company)).customers.map((entry) => [entry.customerName, entry.visits])).toEqual([
      ["Ada Lovelace", 1],
    ]);

    const { events } = await inCompany(company, (scope) => voidInvoice(scope, { id: adaInvoice.id, now: NOW }));
    expect((await t.db.visit.findUniqueOrThrow({ where: { id: mowing.visitIds[0]! } })).invoiceId).toBeNull();
    // Neither of Ada's jobs is billed by anything now: both need invoicing again, and both screens hear of it.
    for (const jobId of [mowing.jobId, hedges.jobId])
      expect((await t.db.job.findUniqueOrThrow({ where: { id: jobId } })).invoicedAt).toBeNull();
    expect(events).toContainEqual(
      expect.objectContaining({ name: "jobs.changed", payload: { jobIds: [mowing.jobId] } }),
    );
    expect((await preview(company)).customers.map((entry) => [entry.customerName, entry.visits])).toEqual([
      ["Ada Lovelace", 4],
    ]);
  });
});
