// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Route } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PUBLIC_LINK_NOT_FOUND } from "@fieldops/shared/review";
import { CARD_DECLINED_MESSAGE, type ReviewInvoice } from "@fieldops/shared/invoice-review";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { ReviewPage } from "./review-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];
const INVOICE_ID = "6f1d8c2e-4b8a-4c1e-9d3f-2a7b5c9e0f11";
const TOKEN = "t".repeat(43);

const view = (overrides: Partial<ReviewInvoice["invoice"]> = {}): ReviewInvoice => ({
  company: { name: "Green Valley Lawn Care", logo: null, primaryColor: "#16a34a" },
  invoice: {
    id: INVOICE_ID,
    number: 1042,
    status: "sent",
    pastDue: false,
    customerName: "Grace Hopper",
    lines: [
      {
        id: "l1",
        description: "Hedge trimming",
        quantity: 1,
        unitPriceCents: 14500,
        amountCents: 14500,
        taxable: false,
      },
    ],
    subtotalCents: 14500,
    discountCents: 0,
    taxRateBasisPoints: 0,
    taxCents: 0,
    totalCents: 14500,
    paidCents: 0,
    balanceCents: 14500,
    processingCents: 0,
    failedBankPayments: [],
    dueDate: "2030-01-21",
    issuedAt: "2030-01-07T15:00:00.000Z",
    notes: null,
    refunds: [],
    ...overrides,
  },
  review: null,
  payment: { provider: "test", publishableKey: null, bankDebits: false },
});

function renderReview(hash: string) {
  window.location.hash = hash;
  return renderApp({
    initialPath: `/review/${INVOICE_ID}`,
    routes: <Route path="/review/:invoiceId" element={<ReviewPage />} />,
  });
}

beforeEach(() => {
  api = server.current;
});

describe("the customer's review page", () => {
  it("sends the fragment's token in its header, never in the URL, and shows the invoice with the company's name", async () => {
    api.on("GET", `/api/review/invoices/${INVOICE_ID}`, (req, res) =>
      sendJson(res, req.headers["x-review-token"] === TOKEN ? 200 : 404, view()),
    );
    renderReview(`#${TOKEN}`);
    expect(await screen.findByRole("heading", { name: "Invoice #1042" })).toBeTruthy();
    expect(screen.getByText("Green Valley Lawn Care")).toBeTruthy();
    expect(screen.getByTestId("balance-due").textContent).toBe("$145.00");
    expect(api.requests.every((request) => !request.url.includes(TOKEN) && request.headers.cookie === undefined)).toBe(
      true,
    );
  });

  it("shows a refund given as a credit on a paid invoice, and offers no payment", async () => {
    api.on("GET", `/api/review/invoices/${INVOICE_ID}`, (_req, res) =>
      sendJson(
        res,
        200,
        view({
          status: "paid",
          paidCents: 14500,
          balanceCents: 0,
          refunds: [{ amountCents: 2000, reopenedBalance: false, disputeLost: false, date: "2030-01-09" }],
        }),
      ),
    );
    renderReview(`#${TOKEN}`);
    expect(await screen.findByText("Refunded on Jan 9, 2030")).toBeTruthy();
    expect(screen.getByText("$20.00")).toBeTruthy();
    expect(screen.getByTestId("balance-due").textContent).toBe("$0.00");
    expect(screen.getByText("Paid in full")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Pay/ })).toBeNull();
  });

  it("shows money the customer's bank took back (a dispute lost) as owed again, and offers to pay it", async () => {
    api.on("GET", `/api/review/invoices/${INVOICE_ID}`, (_req, res) =>
      sendJson(
        res,
        200,
        view({
          status: "sent",
          paidCents: 0,
          balanceCents: 14500,
          refunds: [{ amountCents: 14500, reopenedBalance: true, disputeLost: true, date: "2030-01-09" }],
        }),
      ),
    );
    renderReview(`#${TOKEN}`);
    expect(await screen.findByText("Returned by your bank on Jan 9, 2030 (owed again)")).toBeTruthy();
    expect(screen.getByTestId("balance-due").textContent).toBe("$145.00");
    expect(screen.getByRole("button", { name: /^Pay/ })).toBeTruthy();
  });

  it("shows a bank payment on its way as processing, still owed, and offers no second payment for it", async () => {
    api.on("GET", `/api/review/invoices/${INVOICE_ID}`, (_req, res) =>
      sendJson(res, 200, view({ processingCents: 14500 })),
    );
    renderReview(`#${TOKEN}`);
    expect(await screen.findByText("Processing — bank payments take up to 4 business days")).toBeTruthy();
    expect(screen.getByText("Processing")).toBeTruthy();
    expect(screen.getByTestId("balance-due").textContent).toBe("$145.00");
    expect(screen.queryByRole("region", { name: "Pay this invoice" })).toBeNull();
  });

  it("says a bank payment the bank refused is owed again, and offers to pay it; once paid, says no more of it", async () => {
    const refused = {
      // The newest first: the page tells of the newest refusal.
      failedBankPayments: [
        {
          amountCents: 14500,
          reason: "The customer's account has insufficient funds to cover this payment.",
          date: "2030-01-09",
        },
        { amountCents: 14500, reason: "The customer's bank account has been closed.", date: "2030-01-02" },
      ],
    };
    api.on("GET", `/api/review/invoices/${INVOICE_ID}`, (_req, res) => sendJson(res, 200, view(refused)));
    api.on("POST", `/api/review/invoices/${INVOICE_ID}/payments`, (_req, res) =>
      sendJson(res, 201, view({ ...refused, status: "paid", paidCents: 14500, balanceCents: 0 })),
    );
    renderReview(`#${TOKEN}`);
    const said = await screen.findByRole("alert");
    expect(said.textContent).toBe(
      "Your bank payment did not go through" +
        "The bank payment of $145.00 made on Jan 9, 2030 was refused by the bank (The customer's account has insufficient funds to cover this payment), so it is owed again: the balance due is $145.00.",
    );
    expect(screen.getByTestId("balance-due").textContent).toBe("$145.00");
    fireEvent.change(screen.getByLabelText("Card number"), { target: { value: "4242 4242 4242 4242" } });
    fireEvent.change(screen.getByLabelText("Expiry (MM/YY)"), { target: { value: "12/34" } });
    fireEvent.change(screen.getByLabelText("CVC"), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Pay $145.00" }));
    expect(await screen.findByText("Paid in full")).toBeTruthy();
    expect(screen.queryByText("Your bank payment did not go through")).toBeNull();
  });

  it("says a link without its token is not valid, and asks nothing of the server", async () => {
    renderReview("");
    expect(await screen.findByText(PUBLIC_LINK_NOT_FOUND)).toBeTruthy();
    expect(api.requests).toHaveLength(0);
  });

  it("shows a declined card's message, then pays with one Idempotency-Key for the page", async () => {
    api.on("GET", `/api/review/invoices/${INVOICE_ID}`, (_req, res) => sendJson(res, 200, view()));
    let attempts = 0;
    api.on("POST", `/api/review/invoices/${INVOICE_ID}/payments`, (_req, res) => {
      attempts += 1;
      if (attempts === 1) sendJson(res, 402, { message: CARD_DECLINED_MESSAGE, field: "cardNumber" });
      else sendJson(res, 201, view({ status: "paid", paidCents: 14500, balanceCents: 0 }));
    });
    renderReview(`#${TOKEN}`);
    fireEvent.change(await screen.findByLabelText("Card number"), { target: { value: "4000 0000 0000 0002" } });
    fireEvent.change(screen.getByLabelText("Expiry (MM/YY)"), { target: { value: "12/34" } });
    fireEvent.change(screen.getByLabelText("CVC"), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Pay $145.00" }));
    expect((await screen.findByRole("alert")).textContent).toContain(CARD_DECLINED_MESSAGE);
    fireEvent.change(screen.getByLabelText("Card number"), { target: { value: "4242 4242 4242 4242" } });
    fireEvent.click(screen.getByRole("button", { name: "Pay $145.00" }));
    expect(await screen.findByText("Paid in full")).toBeTruthy();
    const posts = api.requests.filter((request) => request.method === "POST");
    expect(posts).toHaveLength(2);
    expect(posts[0]!.headers["idempotency-key"]).toBe(posts[1]!.headers["idempotency-key"]);
    expect(posts.every((post) => post.headers["x-review-token"] === TOKEN)).toBe(true);
    await waitFor(() => expect(screen.getByTestId("balance-due").textContent).toBe("$0.00"));
  });
});

describe("the customer's PDF", () => {
  // jsdom has no object URLs: the test lends them and takes them back.
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    vi.restoreAllMocks();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it("downloads with the link's token in its header, named after the invoice; a refusal is said beside the button", async () => {
    api.on("GET", `/api/review/invoices/${INVOICE_ID}`, (_req, res) => sendJson(res, 200, view()));
    let pdfAnswer = 200;
    api.on("GET", `/api/review/invoices/${INVOICE_ID}/pdf`, (req, res) => {
      if (pdfAnswer !== 200 || req.headers["x-review-token"] !== TOKEN)
        return sendJson(res, 404, { message: PUBLIC_LINK_NOT_FOUND });
      res.writeHead(200, { "content-type": "application/pdf" });
      res.end(Buffer.from("%PDF-1.3 test"));
    });
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => "blob:pdf");
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderReview(`#${TOKEN}`);
    fireEvent.click(await screen.findByRole("button", { name: "Download PDF" }));
    await waitFor(() => expect(saved).toEqual(["invoice-1042.pdf"]));
    const download = api.requests.find((request) => request.url.endsWith("/pdf"))!;
    expect(download.headers["x-review-token"]).toBe(TOKEN);
    expect(download.headers.cookie).toBeUndefined();

    pdfAnswer = 404;
    fireEvent.click(screen.getByRole("button", { name: "Download PDF" }));
    expect((await screen.findByRole("alert")).textContent).toBe(PUBLIC_LINK_NOT_FOUND);
    expect(saved).toHaveLength(1);
  });
});
