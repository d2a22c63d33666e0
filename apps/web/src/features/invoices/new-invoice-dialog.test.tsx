// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { JobDetail } from "@fieldops/shared/jobs";
import { makeCompany, makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { NewInvoiceDialog } from "./new-invoice-dialog";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const JOB_ID = "0b6c5d4e-3f2a-4b1c-9d8e-7f6a5b4c3d2e";
const VISIT_ID = "1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";

const job: JobDetail = {
  id: JOB_ID,
  number: 12,
  title: "Spring clean-up",
  customerId: "c-1",
  customerName: "Henderson Family",
  status: "requires_invoicing",
  recurring: false,
  nextVisitAt: null,
  totalCents: 4500,
  createdAt: "2030-01-01T00:00:00.000Z",
  description: null,
  instructions: null,
  recurrence: null,
  visitDurationMinutes: 60,
  arrivalWindowMinutes: null,
  property: null,
  serviceAddress: { address: "12 Elm St, Denver", latitude: 39.74, longitude: -104.99, locationPrecision: "exact" },
  requiredSkills: [],
  closedAt: null,
  invoicedAt: null,
  visits: [
    {
      id: VISIT_ID,
      jobId: JOB_ID,
      crewId: null,
      crewName: "North crew",
      status: "completed",
      scheduledStart: null,
      scheduledEnd: null,
      durationMinutes: 60,
      startedAt: null,
      completedAt: "2030-01-02T00:00:00.000Z",
      version: 3,
    },
  ],
  lineItems: [],
  checklist: [],
  notes: [],
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
  api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany()));
  api.on("GET", "/api/jobs", (_req, res) => sendJson(res, 200, { items: [job], nextCursor: null }));
  api.on("GET", `/api/jobs/${JOB_ID}`, (_req, res) => sendJson(res, 200, job));
});

const renderDialog = (jobId?: string) =>
  renderApp({
    initialPath: "/payments",
    routes: (
      <Route element={<Outlet context={makeUser({ role: "owner" })} />}>
        <Route
          path="/payments"
          element={<NewInvoiceDialog onOpenChange={() => {}} onCreated={() => {}} {...(jobId ? { jobId } : {})} />}
        />
      </Route>
    ),
  });
const creates = () => api.requests.filter((request) => request.method === "POST" && request.url === "/api/invoices");
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const create = () => fireEvent.click(screen.getByRole("button", { name: "Create invoice" }));

describe("the new invoice form", () => {
  it("names a missing job, no visit ticked and a malformed rate or discount beside them, and sends nothing", async () => {
    renderDialog();
    await screen.findByRole("option", { name: "#12 Spring clean-up · Henderson Family" });
    type("Tax rate (%)", "8.255");
    type("Discount ($)", "ten");
    create();
    expect(await screen.findByText("Job to invoice is required")).toBeTruthy();
    expect(screen.getByText("Tax rate (%) must be a percentage, e.g. 8.25")).toBeTruthy();
    expect(screen.getByText("Discount ($) must be dollars and cents, e.g. 120.00")).toBeTruthy();

    type("Job to invoice", JOB_ID);
    type("Tax rate (%)", "101");
    fireEvent.click(await screen.findByLabelText("Completed visits (the line items for each)"));
    create();
    expect(await screen.findByText("Completed visits must have at least 1 item")).toBeTruthy();
    expect(await screen.findByText("Tax rate (%) must be at most 100")).toBeTruthy();
    expect(screen.getByLabelText("Tax rate (%)").getAttribute("aria-invalid")).toBe("true");
    expect(creates()).toHaveLength(0);
  });

  it("sends the API's shape (rate in basis points, cents, blanks left out) and shows a refusal beside its field", async () => {
    api.on("POST", "/api/invoices", (_req, res) =>
      sendJson(res, 400, { message: "Due date must be today or later", field: "dueDate" }),
    );
    renderDialog(JOB_ID);
    fireEvent.click(await screen.findByLabelText("Completed visits (the line items for each)"));
    fireEvent.click(await screen.findByLabelText(/North crew/));
    type("Tax rate (%)", "8.25");
    type("Due date", "2030-02-01");
    create();

    await vi.waitFor(() => expect(creates()).toHaveLength(1));
    expect(JSON.parse(creates()[0]!.body)).toEqual({
      jobId: JOB_ID,
      visitIds: [VISIT_ID],
      taxRateBasisPoints: 825,
      discountCents: 0,
      dueDate: "2030-02-01",
    });
    expect(await screen.findByText("Due date must be today or later")).toBeTruthy();
    expect(screen.getByLabelText("Due date").getAttribute("aria-invalid")).toBe("true");
  });
});
