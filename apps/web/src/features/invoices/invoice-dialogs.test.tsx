// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InvoiceDetail, Payment } from "@fieldops/shared/invoices";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { useInvoiceAction } from "./invoice-queries";
import { RecordPaymentDialog, RefundDialog, SendInvoiceDialog } from "./invoice-dialogs";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const INVOICE_ID = "3f2a1b0c-4d5e-4f60-8a7b-9c0d1e2f3a4b";
const PAYMENT_ID = "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d";

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const payment: Payment = {
  id: PAYMENT_ID,
  invoiceId: INVOICE_ID,
  invoiceNumber: 7,
  customerName: "Henderson Family",
  method: "check",
  amountCents: 5000,
  refundedCents: 2000,
  provider: null,
  cardLast4: null,
  reference: "1001",
  recordedByUserId: "u1",
  receivedAt: "2030-01-10T15:00:00.000Z",
  status: "succeeded",
  failureMessage: null,
  dispute: null,
};

const invoice: InvoiceDetail = {
  id: INVOICE_ID,
  number: 7,
  status: "sent",
  pastDue: false,
  customerId: "c-1",
  customerName: "Henderson Family",
  jobId: null,
  jobNumber: null,
  totalCents: 15000,
  paidCents: 5000,
  balanceCents: 10000,
  dueDate: "2030-02-01",
  issuedAt: "2030-01-01T00:00:00.000Z",
  createdAt: "2030-01-01T00:00:00.000Z",
  customerEmail: null,
  customerPhone: null,
  jobTitle: null,
  lines: [],
  subtotalCents: 15000,
  discountCents: 0,
  taxRateBasisPoints: 0,
  taxCents: 0,
  notes: null,
  sentAt: "2030-01-01T00:00:00.000Z",
  paidAt: null,
  voidedAt: null,
  payments: [payment],
  refunds: [],
  messages: [],
  review: null,
  cardProvider: "test",
};

const draft: InvoiceDetail = {
  ...invoice,
  status: "draft",
  sentAt: null,
  customerEmail: "pat@example.com",
  customerPhone: "+15555550100",
};

function Dialogs({ refund, send }: { refund?: boolean; send?: boolean }) {
  const actions = useInvoiceAction(INVOICE_ID);
  if (send) return <SendInvoiceDialog invoice={draft} actions={actions} onOpenChange={() => {}} />;
  return refund ? (
    <RefundDialog payment={payment} actions={actions} onOpenChange={() => {}} />
  ) : (
    <RecordPaymentDialog invoice={invoice} actions={actions} timeZone="America/Chicago" onOpenChange={() => {}} />
  );
}

const renderDialog = (refund?: boolean, send?: boolean) =>
  renderApp({
    initialPath: "/payments",
    routes: <Route path="/payments" element={<Dialogs refund={refund} send={send} />} />,
  });
const sent = (url: string) => api.requests.filter((request) => request.method === "POST" && request.url === url);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("recording a payment", () => {
  it("names a missing or malformed amount beside it and sends nothing", async () => {
    renderDialog();
    type(await screen.findByLabelText("Amount ($)").then(() => "Amount ($)"), "");
    fireEvent.click(screen.getByRole("button", { name: "Record payment" }));
    expect(await screen.findByText("Amount ($) is required")).toBeTruthy();

    type("Amount ($)", "12.345");
    expect(await screen.findByText("Amount ($) must be dollars and cents, e.g. 120.00")).toBeTruthy();
    expect(screen.getByLabelText("Amount ($)").getAttribute("aria-invalid")).toBe("true");
    expect(sent(`/api/invoices/${INVOICE_ID}/payments`)).toHaveLength(0);
  });

  it("sends the amount in cents with an idempotency key, and shows the server's refusal beside the amount", async () => {
    api.on("POST", `/api/invoices/${INVOICE_ID}/payments`, (_req, res) =>
      sendJson(res, 409, { message: "The payment is more than the balance of $100.00", field: "amountCents" }),
    );
    renderDialog();
    type(await screen.findByLabelText("Method").then(() => "Method"), "cash");
    type("Amount ($)", "120.50");
    type("Note", "In an envelope");
    type("Received on", "2030-01-15");
    fireEvent.click(screen.getByRole("button", { name: "Record payment" }));

    await vi.waitFor(() => expect(sent(`/api/invoices/${INVOICE_ID}/payments`)).toHaveLength(1));
    const [request] = sent(`/api/invoices/${INVOICE_ID}/payments`);
    expect(JSON.parse(request!.body)).toEqual({
      method: "cash",
      amountCents: 12050,
      reference: "In an envelope",
      receivedDate: "2030-01-15",
    });
    expect(request!.headers["idempotency-key"]).toBeTruthy();
    expect(await screen.findByText("The payment is more than the balance of $100.00")).toBeTruthy();
    expect(screen.getByLabelText("Amount ($)").getAttribute("aria-invalid")).toBe("true");
  });
});

describe("refunding a payment", () => {
  it("offers what is left, names a missing amount, then sends cents and shows a refusal beside the amount", async () => {
    api.on("POST", `/api/payments/${PAYMENT_ID}/refunds`, (_req, res) =>
      sendJson(res, 409, { message: "At most $30.00 of this payment can be refunded", field: "amountCents" }),
    );
    renderDialog(true);
    const amount = (await screen.findByLabelText("Amount ($)")) as HTMLInputElement;
    expect(amount.value).toBe("30.00");
    type("Amount ($)", "");
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    expect(await screen.findByText("Amount ($) is required")).toBeTruthy();
    expect(sent(`/api/payments/${PAYMENT_ID}/refunds`)).toHaveLength(0);

    type("Amount ($)", "40");
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    await vi.waitFor(() => expect(sent(`/api/payments/${PAYMENT_ID}/refunds`)).toHaveLength(1));
    // A reason left blank is left out; the refund is a credit unless the office reopens the balance.
    expect(JSON.parse(sent(`/api/payments/${PAYMENT_ID}/refunds`)[0]!.body)).toEqual({
      amountCents: 4000,
      reopenBalance: false,
    });
    expect(await screen.findByText("At most $30.00 of this payment can be refunded")).toBeTruthy();
  });

  it("reopens the balance only when the office chooses it", async () => {
    renderDialog(true);
    const settled = (await screen.findByLabelText(/Keep it settled/)) as HTMLInputElement;
    expect(settled.checked).toBe(true);
    fireEvent.click(screen.getByLabelText(/Reopen the balance/));
    type("Amount ($)", "10");
    fireEvent.click(screen.getByRole("button", { name: "Refund" }));
    await vi.waitFor(() => expect(sent(`/api/payments/${PAYMENT_ID}/refunds`)).toHaveLength(1));
    expect(JSON.parse(sent(`/api/payments/${PAYMENT_ID}/refunds`)[0]!.body)).toEqual({
      amountCents: 1000,
      reopenBalance: true,
    });
  });
});

describe("sending an invoice", () => {
  it("names a send with no channel chosen beside the channels and sends nothing", async () => {
    renderDialog(false, true);
    const email = (await screen.findByLabelText("E-mail to pat@example.com")) as HTMLInputElement;
    expect(email.checked).toBe(true);
    fireEvent.click(email);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Send by must have at least 1 item")).toBeTruthy();
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(sent(`/api/invoices/${INVOICE_ID}/send`)).toHaveLength(0);
  });

  it("sends the channels chosen with an idempotency key, and shows the server's refusal beside them", async () => {
    api.on("POST", `/api/invoices/${INVOICE_ID}/send`, (_req, res) =>
      sendJson(res, 409, { message: "The customer has no phone number for a text message", field: "channels" }),
    );
    renderDialog(false, true);
    fireEvent.click(await screen.findByLabelText("Text message (SMS) to +15555550100"));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));

    await vi.waitFor(() => expect(sent(`/api/invoices/${INVOICE_ID}/send`)).toHaveLength(1));
    const [request] = sent(`/api/invoices/${INVOICE_ID}/send`);
    expect(JSON.parse(request!.body)).toEqual({ channels: ["email", "sms"] });
    expect(request!.headers["idempotency-key"]).toBeTruthy();
    expect(await screen.findByText("The customer has no phone number for a text message")).toBeTruthy();
    expect(screen.getByLabelText("E-mail to pat@example.com").getAttribute("aria-invalid")).toBe("true");
  });
});
