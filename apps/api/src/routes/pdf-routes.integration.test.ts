import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EstimateDetail } from "@fieldops/shared/estimates";
import type { InvoiceDetail } from "@fieldops/shared/invoices";
import { formatCents } from "@fieldops/shared/money";
import { PUBLIC_LINK_NOT_FOUND } from "@fieldops/shared/review";
import { createCompletedJob } from "../../../../tests/integration/billing-fixtures.ts";
import {
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { pdfPages, pdfText } from "../../../../tests/pdf-text.ts";

/** The PDFs of invoices and estimates: the office's downloads and the customer's, from their review page. */

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
let starter: TestCompany;
const tokens: Record<string, string> = {};
/** A 1×1 PNG. */
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db, { planId: "growth", name: "Peña Landscaping 🌿" });
  other = await createTestCompany(t.db, { planId: "growth" });
  starter = await createTestCompany(t.db, { planId: "starter" });
  for (const role of ["owner", "member", "field_user"] as const)
    tokens[role] = await signIn(t.url, company.users[role].email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
  tokens.starterOwner = await signIn(t.url, starter.users.owner.email);
  await t.db.company.update({
    where: { id: company.id },
    data: {
      phone: "(555) 010-2000",
      email: "office@pena.example",
      street: "12 Elm St",
      city: "Springfield",
      region: "IL",
      postcode: "62701",
      timeZone: "America/Los_Angeles",
      branding: { name: "Peña Landscaping 🌿", logo: null, primaryColor: "#0f766e" },
    },
  });
});
afterAll(async () => {
  await t.close();
});

const anAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;

async function call<T>(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${t.url}${path}`, {
    method,
    headers: {
      "x-forwarded-for": anAddress(),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const isJson = response.headers.get("content-type")?.startsWith("application/json") ?? false;
  return {
    status: response.status,
    headers: response.headers,
    bytes,
    body: (isJson ? JSON.parse(Buffer.from(bytes).toString()) : null) as T & { message?: string },
  };
}
const as = (token: string) => ({ authorization: `Bearer ${token}` });

/** A sent invoice of the company's, its customer named in three scripts, with 60 long lines. */
async function sentInvoice(): Promise<InvoiceDetail> {
  const job = await createCompletedJob(t.db, company.id);
  await t.db.customer.update({ where: { id: job.customerId }, data: { name: "Zoë Ñandú 🚿" } });
  const created = await call<InvoiceDetail>("POST", "/api/invoices", as(tokens.owner!), { jobId: job.jobId });
  expect(created.status, created.body.message).toBe(201);
  const lines = Array.from({ length: 60 }, (_, index) => ({
    description: `Line ${index + 1}: ${"trimmed the hedges, edged the beds and hauled away the clippings ".repeat(4).trim()}`,
    quantity: 1,
    unitPriceCents: 1000 + index,
    taxable: index % 2 === 0,
  }));
  const updated = await call<InvoiceDetail>("PATCH", `/api/invoices/${created.body.id}`, as(tokens.owner!), {
    lines,
    taxRateBasisPoints: 825,
    notes: "Gate code 4412 — merci! 🌱",
  });
  expect(updated.status, updated.body.message).toBe(200);
  const sent = await call<InvoiceDetail>("POST", `/api/invoices/${created.body.id}/send`, as(tokens.owner!), {
    channels: ["email"],
  });
  expect(sent.status, sent.body.message).toBe(200);
  return sent.body;
}

function expectPdfDownload(answer: { status: number; headers: Headers; bytes: Uint8Array }, fileName: string) {
  expect(answer.status).toBe(200);
  expect(answer.headers.get("content-type")).toBe("application/pdf");
  expect(answer.headers.get("content-disposition")).toBe(`attachment; filename="${fileName}"`);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  expect(Buffer.from(answer.bytes.subarray(0, 5)).toString()).toBe("%PDF-");
}

describe("the office's invoice PDF", () => {
  it("downloads the invoice in the company's branding: number, customer, lines over several pages, total, balance", async () => {
    await call("PUT", "/api/settings/company/logo", as(tokens.owner!), {
      fileName: "logo.png",
      contentType: "image/png",
      dataBase64: PNG,
    });
    const invoice = await sentInvoice();
    const answer = await call("GET", `/api/invoices/${invoice.id}/pdf`, as(tokens.member!));
    expectPdfDownload(answer, `invoice-${invoice.number}.pdf`);
    expect(Buffer.from(answer.bytes).includes("/Subtype /Image")).toBe(true);
    const pages = await pdfPages(answer.bytes);
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.join("\n");
    for (const expected of [
      "Peña Landscaping 🌿",
      "12 Elm St",
      "Springfield, IL 62701",
      "(555) 010-2000",
      "office@pena.example",
      `No. ${invoice.number}`,
      "Zoë Ñandú 🚿",
      "Line 1:",
      "Line 60:",
      formatCents(invoice.totalCents),
      "Balance due",
      "Pay online with the link in the e-mail or text message from Peña Landscaping 🌿.",
      "Gate code 4412 — merci! 🌱",
      "Payment terms: net 30 days.",
    ])
      expect(text).toContain(expected);
  });

  it("prints the dates on the company's calendar", async () => {
    const invoice = await sentInvoice();
    // 03:00 UTC on March 2 is still March 1 in Los Angeles.
    await t.db.invoice.update({
      where: { id: invoice.id },
      data: { issuedAt: new Date("2026-03-02T03:00:00Z"), dueAt: new Date("2026-03-31T07:00:00Z") },
    });
    const text = await pdfText((await call("GET", `/api/invoices/${invoice.id}/pdf`, as(tokens.owner!))).bytes);
    expect(text).toContain("Issued: Mar 1, 2026");
    expect(text).toContain("Due: Mar 31, 2026");
  });

  it("is another company's invoice to nobody else (404), and not a field user's to download (403)", async () => {
    const invoice = await sentInvoice();
    const path = `/api/invoices/${invoice.id}/pdf`;
    expect(await call("GET", path, as(tokens.otherOwner!))).toMatchObject({
      status: 404,
      body: { message: "Invoice not found" },
    });
    expect((await call("GET", path, as(tokens.field_user!))).status).toBe(403);
    expect((await call("GET", path, {})).status).toBe(401);
    expect((await call("GET", "/api/invoices/not-a-uuid/pdf", as(tokens.owner!))).status).toBe(400);
  });

  it("needs invoicing in the plan, as the invoice does", async () => {
    const job = await createCompletedJob(t.db, starter.id);
    const invoice = await t.db.invoice.create({
      data: { companyId: starter.id, customerId: job.customerId, number: 1, totalCents: 100 },
    });
    expect(await call("GET", `/api/invoices/${invoice.id}/pdf`, as(tokens.starterOwner!))).toMatchObject({
      status: 403,
      body: { message: "Invoicing requires the Growth plan or higher." },
    });
  });
});

describe("the customer's invoice PDF", () => {
  it("downloads with the review link's token, printing the link it came from; a wrong token is a 404", async () => {
    const invoice = await sentInvoice();
    const link = await call<{ url: string }>("POST", `/api/invoices/${invoice.id}/review-link`, as(tokens.owner!));
    const token = link.body.url.split("#")[1]!;
    const path = `/api/review/invoices/${invoice.id}/pdf`;
    const answer = await call("GET", path, { "x-review-token": token });
    expectPdfDownload(answer, `invoice-${invoice.number}.pdf`);
    const text = await pdfText(answer.bytes);
    expect(text).toContain(`No. ${invoice.number}`);
    expect(text).toContain(formatCents(invoice.totalCents));
    expect(text).toContain("Pay online:");
    // A long link wraps where the page ends.
    expect(text.replace(/\s/g, "")).toContain(`/review/${invoice.id}#${token}`);

    const wrong = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    for (const headers of [{ "x-review-token": wrong }, {}] as Record<string, string>[])
      expect(await call("GET", path, headers)).toMatchObject({ status: 404, body: { message: PUBLIC_LINK_NOT_FOUND } });
    const another = await sentInvoice();
    expect(await call("GET", `/api/review/invoices/${another.id}/pdf`, { "x-review-token": token })).toMatchObject({
      status: 404,
      body: { message: PUBLIC_LINK_NOT_FOUND },
    });
  });
});

describe("the customer's invoice PDF from their portal", () => {
  it("opens that customer's invoices only, and prints no link: a forwarded PDF hands on no key to the portal", async () => {
    const mine = await sentInvoice();
    const theirs = await sentInvoice();
    const portal = await call<{ url: string }>(
      "POST",
      `/api/customers/${mine.customerId}/portal-link`,
      as(tokens.owner!),
    );
    expect(portal.status, portal.body.message).toBe(201);
    const credential = { "x-review-token": `${mine.customerId}.${new URL(portal.body.url).hash.slice(1)}` };
    const answer = await call("GET", `/api/review/invoices/${mine.id}/pdf`, credential);
    expectPdfDownload(answer, `invoice-${mine.number}.pdf`);
    const text = await pdfText(answer.bytes);
    expect(text).toContain(`No. ${mine.number}`);
    expect(text).not.toContain("/review/");
    expect(text).toContain("Pay online with the link in the e-mail or text message from Peña Landscaping 🌿.");
    expect((await call("GET", `/api/review/invoices/${theirs.id}/pdf`, credential)).status).toBe(404);
  });
});

describe("the estimate PDFs", () => {
  async function sentEstimate(): Promise<{ estimate: EstimateDetail; token: string }> {
    const job = await createCompletedJob(t.db, company.id);
    const created = await call<EstimateDetail>("POST", "/api/estimates", as(tokens.owner!), {
      customerId: job.customerId,
      title: "Patio rebuild ñ",
      message: "Includes haul-away 🚚",
      options: [
        { name: "Good", lineItems: [{ description: "Pavers", quantity: 40, unitPriceCents: 450 }] },
        {
          name: "Best",
          description: "Natural stone",
          lineItems: [{ description: "Flagstone", quantity: 40, unitPriceCents: 900, taxRatePercent: 8.25 }],
        },
      ],
    });
    expect(created.status, created.body.message).toBe(201);
    const sent = await call<{ estimate: EstimateDetail; url: string }>(
      "POST",
      `/api/estimates/${created.body.id}/send`,
      as(tokens.owner!),
      { email: true, sms: false },
    );
    expect(sent.status, sent.body.message).toBe(200);
    return { estimate: sent.body.estimate, token: sent.body.url.split("#")[1]! };
  }

  it("the office downloads every option with its totals; another company gets 404 and a field user 403", async () => {
    const { estimate } = await sentEstimate();
    const path = `/api/estimates/${estimate.id}/pdf`;
    const answer = await call("GET", path, as(tokens.member!));
    expectPdfDownload(answer, `estimate-${estimate.number}.pdf`);
    const text = await pdfText(answer.bytes);
    for (const expected of [
      "ESTIMATE",
      `No. ${estimate.number}`,
      "Patio rebuild ñ",
      "Good",
      "Pavers",
      "$180.00",
      "Best",
      "Natural stone",
      "Flagstone",
      "$389.70",
      "Includes haul-away 🚚",
      "Valid until:",
    ])
      expect(text).toContain(expected);

    expect(await call("GET", path, as(tokens.otherOwner!))).toMatchObject({
      status: 404,
      body: { message: "Estimate not found" },
    });
    expect((await call("GET", path, as(tokens.field_user!))).status).toBe(403);
  });

  it("the customer downloads theirs with the link's token; a wrong token or a draft is a 404", async () => {
    const { estimate, token } = await sentEstimate();
    const path = `/api/review/estimates/${estimate.id}/pdf`;
    const answer = await call("GET", path, { "x-review-token": token });
    expectPdfDownload(answer, `estimate-${estimate.number}.pdf`);
    const text = await pdfText(answer.bytes);
    expect(text).toContain(`No. ${estimate.number}`);
    expect(text).toContain("Review and approve online:");
    expect(text.replace(/\s/g, "")).toContain(`/review/estimates/${estimate.id}#${token}`);

    expect(await call("GET", path, { "x-review-token": `${token}x` })).toMatchObject({
      status: 404,
      body: { message: PUBLIC_LINK_NOT_FOUND },
    });
    const edited = await call("PATCH", `/api/estimates/${estimate.id}`, as(tokens.owner!), { title: "Revised" });
    expect(edited.status).toBe(200);
    expect(await call("GET", path, { "x-review-token": token })).toMatchObject({
      status: 404,
      body: { message: PUBLIC_LINK_NOT_FOUND },
    });
  });
});

describe("the API's document", () => {
  it("lists the four PDF downloads (so the OpenAPI fuzz test walks them), each producing application/pdf", async () => {
    const document = (await (await fetch(`${t.url}/api/docs/json`)).json()) as {
      paths: Record<string, Record<string, { produces?: string[]; responses?: Record<string, unknown> }>>;
    };
    for (const path of [
      "/api/invoices/{id}/pdf",
      "/api/estimates/{id}/pdf",
      "/api/review/invoices/{invoiceId}/pdf",
      "/api/review/estimates/{id}/pdf",
    ]) {
      const operation = document.paths[path]?.get;
      expect(operation, path).toBeDefined();
      expect(JSON.stringify(operation), path).toContain("application/pdf");
    }
  });
});
