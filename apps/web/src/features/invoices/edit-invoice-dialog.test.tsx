// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InvoiceDetail } from "@fieldops/shared/invoices";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { EditInvoiceDialog } from "./edit-invoice-dialog";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const INVOICE_ID = "3f2a1b0c-4d5e-4f60-8a7b-9c0d1e2f3a4b";

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const invoice: InvoiceDetail = {
  id: INVOICE_ID,
  number: 7,
  status: "draft",
  pastDue: false,
  customerId: "c-1",
  customerName: "Henderson Family",
  jobId: null,
  jobNumber: null,
  totalCents: 4500,
  paidCents: 0,
  balanceCents: 4500,
  dueDate: null,
  issuedAt: null,
  createdAt: "2030-01-01T00:00:00.000Z",
  customerEmail: null,
  customerPhone: null,
  jobTitle: null,
  lines: [
    {
      id: "l1",
      description: "Mowing",
      quantity: 1,
      unitPriceCents: 4500,
      amountCents: 4500,
      taxable: true,
      visitId: null,
    },
  ],
  subtotalCents: 4500,
  discountCents: 0,
  taxRateBasisPoints: 0,
  taxCents: 0,
  notes: "Thanks",
  sentAt: null,
  paidAt: null,
  voidedAt: null,
  payments: [],
  refunds: [],
  messages: [],
  review: null,
  cardProvider: "test",
};

const renderDialog = () =>
  renderApp({
    initialPath: "/payments",
    routes: <Route path="/payments" element={<EditInvoiceDialog invoice={invoice} onOpenChange={() => {}} />} />,
  });
const updates = () =>
  api.requests.filter((request) => request.method === "PATCH" && request.url === `/api/invoices/${INVOICE_ID}`);
const change = (control: HTMLElement, value: string) => fireEvent.change(control, { target: { value } });

describe("editing a draft invoice", () => {
  it("names a line's missing description, quantity and price beside them, and sends nothing", async () => {
    renderDialog();
    fireEvent.click(await screen.findByRole("button", { name: "Add line" }));
    change(screen.getAllByLabelText("Qty")[1]!, "");
    change(screen.getAllByLabelText("Price ($)")[1]!, "4.999");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Description is required")).toBeTruthy();
    expect(screen.getByText("Qty is required")).toBeTruthy();
    expect(screen.getByText("Price ($) must be dollars and cents, e.g. 120.00")).toBeTruthy();
    expect(screen.getAllByLabelText("Description")[1]!.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByText("Totals show once every line is complete.")).toBeTruthy();
    expect(updates()).toHaveLength(0);
  });

  it("sends the API's shape (cents, basis points, notes cleared as null) and shows a refusal beside its line", async () => {
    api.on("PATCH", `/api/invoices/${INVOICE_ID}`, (_req, res) =>
      sendJson(res, 400, {
        message: "Line 2: Description must be at most 300 characters",
        field: "lines.1.description",
      }),
    );
    renderDialog();
    fireEvent.click(await screen.findByRole("button", { name: "Add line" }));
    change(screen.getAllByLabelText("Description")[1]!, "Edging");
    change(screen.getAllByLabelText("Qty")[1]!, "2");
    change(screen.getAllByLabelText("Price ($)")[1]!, "12.50");
    change(screen.getByLabelText("Tax rate (%)"), "10");
    change(screen.getByLabelText("Discount ($)"), "");
    change(screen.getByLabelText("Notes to the customer"), " ");
    expect(await screen.findByText(/total \$74\.50$/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    await vi.waitFor(() => expect(updates()).toHaveLength(1));
    expect(JSON.parse(updates()[0]!.body)).toEqual({
      lines: [
        { description: "Mowing", quantity: 1, unitPriceCents: 4500, taxable: true, visitId: null },
        { description: "Edging", quantity: 2, unitPriceCents: 1250, taxable: false, visitId: null },
      ],
      taxRateBasisPoints: 1000,
      discountCents: 0,
      notes: null,
    });
    expect(await screen.findByText("Line 2: Description must be at most 300 characters")).toBeTruthy();
    expect(screen.getAllByLabelText("Description")[1]!.getAttribute("aria-invalid")).toBe("true");
  });
});
