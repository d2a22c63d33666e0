// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { ReviewEstimate } from "@fieldops/shared/review";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { ReviewEstimatePage } from "./review-estimate-page";

const server = useLocalApi();
const ID = "6f1c2a4e-8b7d-4e3f-9a10-2b3c4d5e6f70";
const TOKEN = "Q2xlYW51cC1hbmQtbXVsY2gtYS10b2tlbi1vZi00My1j";
const line = (id: string, description: string, cents: number) => ({
  id,
  description,
  quantity: 1,
  unitPriceCents: cents,
  taxRatePercent: null,
  totalCents: cents,
  taxCents: 0,
});
const estimate: ReviewEstimate = {
  company: {
    branding: { name: "Green Valley Lawn Care", logo: null, primaryColor: "#16a34a" },
    timeZone: "America/Denver",
  },
  id: ID,
  number: 14,
  title: "Spring yard refresh",
  customerName: "Robin Customer",
  status: "sent",
  message: null,
  expiresOn: "2030-05-01",
  options: [
    {
      id: "a0000000-0000-4000-8000-000000000001",
      name: "Good",
      description: null,
      recurrence: null,
      lineItems: [line("l1", "Cleanup", 18000)],
      subtotalCents: 18000,
      taxCents: 0,
      totalCents: 18000,
      allVisitsTotalCents: 18000,
    },
    {
      id: "a0000000-0000-4000-8000-000000000002",
      name: "Better",
      description: null,
      recurrence: null,
      lineItems: [line("l2", "Cleanup and mulch", 30000)],
      subtotalCents: 30000,
      taxCents: 0,
      totalCents: 30000,
      allVisitsTotalCents: 30000,
    },
  ],
  approvedOptionId: null,
  signatureName: null,
  approvedAt: null,
  customerMessage: null,
};

function renderAt(hash: string) {
  window.location.hash = hash;
  return renderApp({
    initialPath: `/review/estimates/${ID}`,
    routes: <Route path="/review/estimates/:id" element={<ReviewEstimatePage />} />,
  });
}

beforeEach(() => {
  server.current.on("GET", `/api/review/estimates/${ID}`, (req, res) =>
    req.headers["x-review-token"] === TOKEN
      ? sendJson(res, 200, estimate)
      : sendJson(res, 404, { message: "This link is not valid. Ask the company for a new one." }),
  );
});

describe("the customer's estimate page", () => {
  it("sends the token from the fragment in its header, never in the URL, and shows the company's estimate", async () => {
    renderAt(`#${TOKEN}`);
    expect(await screen.findByRole("heading", { level: 1, name: "Spring yard refresh" })).toBeTruthy();
    expect(screen.getByText("Green Valley Lawn Care")).toBeTruthy();
    const [request] = server.current.requests;
    expect(request!.url).toBe(`/api/review/estimates/${ID}`);
    expect(request!.headers["x-review-token"]).toBe(TOKEN);
    expect(request!.headers.cookie).toBeUndefined();
  });

  it("approves the chosen option with the typed name as signature", async () => {
    server.current.on("POST", `/api/review/estimates/${ID}/approve`, (req, res) =>
      sendJson(res, 200, {
        ...estimate,
        status: "approved",
        approvedOptionId: (JSON.parse(req.body) as { optionId: string }).optionId,
        signatureName: "Robin Customer",
        approvedAt: "2030-04-02T16:00:00.000Z",
      }),
    );
    renderAt(`#${TOKEN}`);
    fireEvent.click(await screen.findByRole("radio", { name: "Better" }));
    fireEvent.change(screen.getByLabelText("Type your full name to sign"), { target: { value: "Robin Customer" } });
    fireEvent.click(screen.getByRole("button", { name: "Approve estimate" }));
    expect(await screen.findByText("Approved: Better")).toBeTruthy();
    const approve = server.current.requests.find((request) => request.method === "POST")!;
    expect(JSON.parse(approve.body)).toEqual({
      optionId: "a0000000-0000-4000-8000-000000000002",
      signatureName: "Robin Customer",
    });
    expect(approve.headers["x-review-token"]).toBe(TOKEN);
    expect(screen.queryByRole("button", { name: "Approve estimate" })).toBeNull();
  });

  it("says the link cannot be opened without a token, asking nothing of the server, and with a wrong one", async () => {
    const view = renderAt("");
    expect(await screen.findByRole("heading", { level: 1, name: "This link cannot be opened" })).toBeTruthy();
    expect(server.current.requests).toEqual([]);
    view.unmount();
    renderAt("#wrong");
    await waitFor(() =>
      expect(screen.getByText("This link is not valid. Ask the company for a new one.")).toBeTruthy(),
    );
  });
});
