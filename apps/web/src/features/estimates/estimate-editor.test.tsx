// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { EstimateDetail } from "@fieldops/shared/estimates";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { EstimateEditor } from "./estimate-editor";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const ESTIMATE_ID = "4e5f6a7b-8c9d-4e0f-a1b2-c3d4e5f6a7b8";

const estimate: EstimateDetail = {
  id: ESTIMATE_ID,
  number: 3,
  title: "Spring clean-up",
  customerId: "c-1",
  customerName: "Henderson Family",
  status: "draft",
  totalCents: 18000,
  expiresOn: "2030-02-01",
  sentAt: null,
  createdAt: "2030-01-01T00:00:00.000Z",
  message: "Thanks for asking",
  leadId: null,
  options: [
    {
      id: "o1",
      name: "Good",
      description: null,
      lineItems: [
        {
          id: "l1",
          description: "Cleanup",
          quantity: 1,
          unitPriceCents: 18000,
          taxRatePercent: null,
          totalCents: 18000,
          taxCents: 0,
        },
      ],
      subtotalCents: 18000,
      taxCents: 0,
      totalCents: 18000,
    },
  ],
  customerMessage: null,
  respondedAt: null,
  approvedOptionId: null,
  signatureName: null,
  approvedAt: null,
  declinedAt: null,
  jobId: null,
  convertedAt: null,
  messages: [],
  customerEmail: null,
  customerPhone: null,
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const renderEditor = () =>
  renderApp({
    initialPath: "/sales",
    routes: <Route path="/sales" element={<EstimateEditor estimate={estimate} editable />} />,
  });
const updates = () =>
  api.requests.filter((request) => request.method === "PATCH" && request.url === `/api/estimates/${ESTIMATE_ID}`);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole("button", { name: "Save estimate" }));

describe("the estimate editor's header", () => {
  it("names a missing title beside it and sends nothing", async () => {
    renderEditor();
    type(await screen.findByLabelText("Title").then(() => "Title"), " ");
    save();

    expect(await screen.findByText("Title is required")).toBeTruthy();
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");
    expect(updates()).toHaveLength(0);
  });

  it("sends the API's shape (a blank message as null, the options) and shows a refusal beside its field", async () => {
    api.on("PATCH", `/api/estimates/${ESTIMATE_ID}`, (_req, res) =>
      sendJson(res, 400, { message: "Valid until must be today or later", field: "expiresOn" }),
    );
    renderEditor();
    type(await screen.findByLabelText("Title").then(() => "Title"), "Fall clean-up");
    type("Message to the customer", "  ");
    type("Valid until", "2030-03-01");
    save();

    await vi.waitFor(() => expect(updates()).toHaveLength(1));
    expect(JSON.parse(updates()[0]!.body)).toEqual({
      title: "Fall clean-up",
      message: null,
      expiresOn: "2030-03-01",
      options: [
        {
          name: "Good",
          description: null,
          lineItems: [{ description: "Cleanup", quantity: 1, unitPriceCents: 18000, taxRatePercent: null }],
        },
      ],
    });
    expect(await screen.findByText("Valid until must be today or later")).toBeTruthy();
    expect(screen.getByLabelText("Valid until").getAttribute("aria-invalid")).toBe("true");
  });
});
