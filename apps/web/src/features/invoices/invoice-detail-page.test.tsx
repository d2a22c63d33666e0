// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { InvoiceDetail } from "@fieldops/shared/invoices";
import { makeCompany, makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { InvoiceDetailPage } from "./invoice-detail-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const INVOICE_ID = "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d";
const PAYMENT_ID = "6b5c4d3e-2f1a-4b0c-9d8e-7f6a5b4c3d2e";

const invoice: InvoiceDetail = {
  id: INVOICE_ID,
  number: 31,
  status: "sent",
  pastDue: false,
  customerId: "c-1",
  customerName: "Henderson Family",
  jobId: null,
  jobNumber: null,
  totalCents: 12000,
  paidCents: 0,
  balanceCents: 12000,
  dueDate: null,
  issuedAt: "2030-01-02T00:00:00.000Z",
  createdAt: "2030-01-01T00:00:00.000Z",
  customerEmail: null,
  customerPhone: null,
  jobTitle: null,
  lines: [
    {
      id: "l1",
      description: "Mowing",
      quantity: 1,
      unitPriceCents: 12000,
      amountCents: 12000,
      taxable: false,
      visitId: null,
    },
  ],
  subtotalCents: 12000,
  discountCents: 0,
  taxRateBasisPoints: 0,
  taxCents: 0,
  notes: null,
  sentAt: "2030-01-02T00:00:00.000Z",
  paidAt: null,
  voidedAt: null,
  payments: [
    {
      id: PAYMENT_ID,
      invoiceId: INVOICE_ID,
      invoiceNumber: 31,
      customerName: "Henderson Family",
      method: "card",
      amountCents: 12000,
      refundedCents: 12000,
      provider: "stripe",
      cardLast4: "4242",
      reference: null,
      recordedByUserId: null,
      receivedAt: "2030-01-03T15:00:00.000Z",
      status: "succeeded",
      failureMessage: null,
      dispute: { status: "lost", amountCents: 12000 },
    },
  ],
  refunds: [
    {
      id: "r1",
      paymentId: PAYMENT_ID,
      amountCents: 12000,
      reason: null,
      reopenedBalance: true,
      disputeLost: true,
      createdAt: "2030-01-20T15:00:00.000Z",
    },
  ],
  messages: [],
  review: null,
  cardProvider: "stripe",
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
  api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany()));
  api.on("GET", `/api/invoices/${INVOICE_ID}`, (_req, res) => sendJson(res, 200, invoice));
});

/** The invoice's page, as an owner opens it. */
const renderInvoicePage = () =>
  renderApp({
    initialPath: `/payments/invoices/${INVOICE_ID}`,
    routes: (
      <Route element={<Outlet context={makeUser({ role: "owner" })} />}>
        <Route path="/payments/invoices/:id" element={<InvoiceDetailPage />} />
      </Route>
    ),
  });

describe("an invoice whose card payment the customer's bank took back", () => {
  it("shows the payment as a dispute lost, the money gone back, the balance owed and no refund to give", async () => {
    renderInvoicePage();
    const payments = await screen.findByRole("list", { name: "Payments" });
    expect(within(payments).getByText(/Dispute lost, \$120\.00/)).toBeTruthy();
    expect(within(payments).queryByRole("button", { name: "Refund" })).toBeNull();
    const refunds = screen.getByRole("list", { name: "Refunds" });
    expect(refunds.textContent).toMatch(
      /^Dispute lost: the customer's bank took back \$120\.00 on .+ · added back to the balance$/,
    );
  });
});

describe("an invoice's payments and refunds in QuickBooks", () => {
  const REFUND_ID = "7c6d5e4f-3a2b-4c1d-8e9f-0a1b2c3d4e5f";
  const syncState = (entity: string, id: string, state: string, error: string | null = null) => ({
    entity,
    id,
    state,
    error,
    quickbooksId: state === "synced" ? "211" : null,
    lastSyncedAt: state === "synced" ? "2030-01-03T15:01:00.000Z" : null,
    updatedAt: "2030-01-03T15:01:00.000Z",
  });

  it("shows each one's sync state beside it, and Retry pushes a failed refund again", async () => {
    const paid: InvoiceDetail = {
      ...invoice,
      status: "paid",
      paidCents: 12000,
      balanceCents: 0,
      payments: [{ ...invoice.payments[0]!, refundedCents: 2000, dispute: null }],
      refunds: [
        { ...invoice.refunds[0]!, id: REFUND_ID, amountCents: 2000, reopenedBalance: false, disputeLost: false },
      ],
    };
    let refundState = syncState("refund", REFUND_ID, "failed", "Stale Object Error: you and someone else edited it");
    api.on("GET", `/api/invoices/${INVOICE_ID}`, (_req, res) => sendJson(res, 200, paid));
    api.on("GET", `/api/quickbooks/sync/invoice/${INVOICE_ID}`, (_req, res) =>
      sendJson(res, 200, syncState("invoice", INVOICE_ID, "synced")),
    );
    api.on("GET", `/api/quickbooks/sync/payment/${PAYMENT_ID}`, (_req, res) =>
      sendJson(res, 200, syncState("payment", PAYMENT_ID, "synced")),
    );
    api.on("GET", `/api/quickbooks/sync/refund/${REFUND_ID}`, (_req, res) => sendJson(res, 200, refundState));
    api.on("POST", `/api/quickbooks/sync/refund/${REFUND_ID}/retry`, (_req, res) => {
      refundState = syncState("refund", REFUND_ID, "synced");
      sendJson(res, 202, syncState("refund", REFUND_ID, "pending"));
    });
    renderInvoicePage();

    const payments = await screen.findByRole("list", { name: "Payments" });
    expect(await within(payments).findByText("In QuickBooks")).toBeTruthy();
    const refunds = screen.getByRole("list", { name: "Refunds" });
    expect(await within(refunds).findByText("QuickBooks sync failed")).toBeTruthy();
    expect(within(refunds).getByText(/Stale Object Error/)).toBeTruthy();
    fireEvent.click(within(refunds).getByRole("button", { name: "Retry" }));
    expect(await within(refunds).findByText("In QuickBooks")).toBeTruthy();
    expect(api.requests.filter((request) => request.method === "POST").map((request) => request.url)).toEqual([
      `/api/quickbooks/sync/refund/${REFUND_ID}/retry`,
    ]);
  });
});
