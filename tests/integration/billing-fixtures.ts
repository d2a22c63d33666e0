import { randomUUID } from "node:crypto";
import type { Database } from "@fieldops/db";
import type { InvoiceDetail } from "@fieldops/shared/invoices";

/**
 * A customer (with e-mail and phone) and a job of theirs with `visits` completed visits (one per past day) and line
 * items, written as the schema owner, for tests of invoicing.
 */
export async function createCompletedJob(
  db: Database,
  companyId: string,
  options: {
    visits?: number;
    lineItems?: { service: string; quantity: number; unitPriceCents: number; taxable?: boolean }[];
    jobNumber?: number;
  } = {},
): Promise<{ jobId: string; customerId: string; visitIds: string[] }> {
  const tag = randomUUID().slice(0, 8);
  const customer = await db.customer.create({
    data: {
      companyId,
      name: `Billing Customer ${tag}`,
      email: `billing-${tag}@example.com`,
      phone: "(555) 201-0000",
      street: "1 Main St",
      city: "Denver",
      region: "CO",
      postcode: "80202",
      latitude: 39.7,
      longitude: -104.9,
    },
  });
  const jobNumber = options.jobNumber ?? 100_000 + Math.floor(Math.random() * 800_000);
  const job = await db.job.create({
    data: { companyId, customerId: customer.id, number: jobNumber, title: `Spring cleanup ${tag}` },
  });
  const items = options.lineItems ?? [
    { service: "Mowing", quantity: 1, unitPriceCents: 6000, taxable: true },
    { service: "Edging", quantity: 2, unitPriceCents: 1250 },
  ];
  await db.jobLineItem.createMany({
    data: items.map((item, position) => ({
      companyId,
      jobId: job.id,
      position,
      service: item.service,
      quantity: item.quantity,
      unitPriceCents: item.unitPriceCents,
      taxable: item.taxable ?? false,
    })),
  });
  const visitIds: string[] = [];
  for (let index = 0; index < (options.visits ?? 1); index++) {
    const end = new Date(Date.now() - (index + 1) * 24 * 3600_000);
    const visit = await db.visit.create({
      data: {
        companyId,
        jobId: job.id,
        status: "completed",
        scheduledStart: new Date(end.getTime() - 3600_000),
        scheduledEnd: end,
        completedAt: end,
      },
    });
    visitIds.push(visit.id);
  }
  return { jobId: job.id, customerId: customer.id, visitIds };
}

/** The office's call, as JSON; throws unless it answers `status`. */
async function officeCall<T>(baseUrl: string, token: string, path: string, body: unknown, status: number): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status !== status) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A sent invoice of a new completed job of the company, made and sent through the API by the office (`token`). */
export async function sentInvoiceOfNewJob(
  baseUrl: string,
  db: Database,
  companyId: string,
  token: string,
): Promise<InvoiceDetail> {
  const job = await createCompletedJob(db, companyId);
  const created = await officeCall<InvoiceDetail>(baseUrl, token, "/api/invoices", { jobId: job.jobId }, 201);
  return officeCall<InvoiceDetail>(baseUrl, token, `/api/invoices/${created.id}/send`, { channels: ["email"] }, 200);
}

/** The token of the invoice's customer link, as the office copies it (the link's fragment). */
export async function reviewLinkToken(baseUrl: string, invoiceId: string, token: string): Promise<string> {
  const link = await officeCall<{ url: string }>(
    baseUrl,
    token,
    `/api/invoices/${invoiceId}/review-link`,
    undefined,
    201,
  );
  return /#([A-Za-z0-9_-]{43})/.exec(link.url)![1]!;
}
