// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { BatchInvoicePreview } from "@fieldops/shared/invoices";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { BatchInvoiceDialog } from "./batch-invoice-dialog";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const preview: BatchInvoicePreview = {
  from: "2030-03-01",
  to: "2030-03-31",
  customers: [
    {
      customerId: "c-ada",
      customerName: "Ada Lovelace",
      visits: 4,
      jobs: [
        { id: "j-1", number: 12, title: "Weekly mowing" },
        { id: "j-2", number: 15, title: "Hedges" },
      ],
      invoices: 1,
      subtotalCents: 16500,
      taxCents: 1114,
      totalCents: 17614,
    },
    {
      customerId: "c-bo",
      customerName: "Bo Diddley",
      visits: 1,
      jobs: [{ id: "j-3", number: 20, title: "Pool service" }],
      invoices: 1,
      subtotalCents: 9500,
      taxCents: 124,
      totalCents: 9624,
    },
  ],
  visits: 5,
  invoices: 2,
  totalCents: 27238,
  moreCustomers: 0,
  previewHash: "hash-1",
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
  api.on("GET", "/api/invoices/batch-preview", (_req, res) => sendJson(res, 200, preview));
});

const renderDialog = () =>
  renderApp({
    initialPath: "/payments",
    routes: (
      <Route element={<Outlet context={makeUser({ role: "owner" })} />}>
        <Route path="/payments" element={<BatchInvoiceDialog timeZone="America/New_York" onOpenChange={() => {}} />} />
      </Route>
    ),
  });
const requests = (method: string, path: string) =>
  api.requests.filter((request) => request.method === method && request.url.split("?")[0] === path);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("batch invoicing", () => {
  it("previews the period per customer with totals, then confirms exactly what was previewed", async () => {
    api.on("POST", "/api/invoices/batch", (_req, res) =>
      sendJson(res, 200, { invoices: [], visits: 0, totalCents: 0, moreCustomers: 0 }),
    );
    renderDialog();
    type(await screen.findByLabelText("From").then(() => "From"), "2030-03-01");
    type("To", "2030-03-31");
    type("Tax rate (%)", "8.25");
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));

    const table = await screen.findByRole("table", { name: "Invoices to make" });
    const ada = within(table).getByRole("row", { name: /Ada Lovelace/ });
    expect(ada.textContent).toContain("#12 Weekly mowing, #15 Hedges");
    expect(ada.textContent).toContain("$176.14");
    expect(screen.getByText(/2 draft invoices for 5 visits, \$272\.38 in all\./)).toBeTruthy();
    expect(requests("GET", "/api/invoices/batch-preview")[0]!.url).toBe(
      "/api/invoices/batch-preview?from=2030-03-01&to=2030-03-31&taxRateBasisPoints=825",
    );
    expect(requests("POST", "/api/invoices/batch")).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Create 2 draft invoices" }));
    await vi.waitFor(() => expect(requests("POST", "/api/invoices/batch")).toHaveLength(1));
    expect(JSON.parse(requests("POST", "/api/invoices/batch")[0]!.body)).toEqual({
      from: "2030-03-01",
      to: "2030-03-31",
      taxRateBasisPoints: 825,
      previewHash: "hash-1",
    });
  });

  it("asks for a new preview when the period changes, and names a period that ends before it starts", async () => {
    renderDialog();
    type(await screen.findByLabelText("From").then(() => "From"), "2030-03-01");
    type("To", "2030-03-31");
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    await screen.findByRole("button", { name: "Create 2 draft invoices" });

    type("To", "2030-02-01");
    expect(screen.queryByRole("table", { name: "Invoices to make" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(await screen.findByText("To must not be before the first day")).toBeTruthy();
    // No preview of the period that ends before it starts is asked for (a preview the test before made stale may still
    // be read again meanwhile, on the same local server).
    expect(
      requests("GET", "/api/invoices/batch-preview").filter((request) => request.url.includes("to=2030-02-01")),
    ).toHaveLength(0);
    expect(requests("POST", "/api/invoices/batch")).toHaveLength(0);
  });

  it("shows the server's refusal of a preview that changed meanwhile, and the preview as it now stands", async () => {
    let served = 0;
    api.on("GET", "/api/invoices/batch-preview", (_req, res) =>
      sendJson(res, 200, served++ === 0 ? preview : { ...preview, visits: 6, previewHash: "hash-2" }),
    );
    api.on("POST", "/api/invoices/batch", (_req, res) =>
      sendJson(res, 409, {
        message: "What there is to invoice has changed since the preview: preview it again",
        field: "previewHash",
      }),
    );
    renderDialog();
    fireEvent.click(await screen.findByRole("button", { name: "Preview" }));
    fireEvent.click(await screen.findByRole("button", { name: "Create 2 draft invoices" }));

    expect(
      await screen.findByText("What there is to invoice has changed since the preview: preview it again"),
    ).toBeTruthy();
    expect(await screen.findByText(/2 draft invoices for 6 visits/)).toBeTruthy();
  });
});
