// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { JobDetail } from "@fieldops/shared/jobs";
import { VERTICALS } from "@fieldops/shared/verticals";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { JobFormDialog } from "./job-form-dialog";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const CUSTOMER_ID = "7b0c6a4e-8a53-4f4e-9a0e-3f1c2d4b5a60";
const JOB_ID = "0d9b3c1a-2e4f-4a6b-8c7d-9e0f1a2b3c4d";

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
  api.on("GET", "/api/jobs/customer-options", (_req, res) =>
    sendJson(res, 200, { items: [{ id: CUSTOMER_ID, name: "Henderson Family" }] }),
  );
});

const job: JobDetail = {
  id: JOB_ID,
  number: 12,
  title: "Spring clean-up",
  customerId: CUSTOMER_ID,
  customerName: "Henderson Family",
  status: "upcoming",
  recurring: false,
  nextVisitAt: null,
  totalCents: 4500,
  createdAt: "2030-01-01T00:00:00.000Z",
  description: null,
  instructions: "Mind the dog",
  recurrence: null,
  visitDurationMinutes: 60,
  arrivalWindowMinutes: null,
  property: null,
  serviceAddress: { address: "12 Elm St, Denver", latitude: 39.74, longitude: -104.99, locationPrecision: "exact" },
  requiredSkills: ["mowing"],
  closedAt: null,
  invoicedAt: null,
  visits: [],
  lineItems: [{ id: "l1", service: "Mowing", quantity: 1, unitPriceCents: 4500, taxable: false, totalCents: 4500 }],
  checklist: [],
  notes: [],
};

const renderForm = (editing?: JobDetail) =>
  renderApp({
    initialPath: "/jobs",
    routes: (
      <Route
        path="/jobs"
        element={
          <JobFormDialog
            open
            onOpenChange={() => {}}
            terminology={VERTICALS.landscaping.terminology}
            timeZone="America/Chicago"
            job={editing}
            onSaved={() => {}}
          />
        }
      />
    ),
  });
const sent = (method: string, url: string) =>
  api.requests.filter((request) => request.method === method && request.url === url);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the job form", () => {
  it("names every missing field beside it, in sentences, and sends nothing", async () => {
    renderForm();
    fireEvent.click(await screen.findByRole("button", { name: "Add line item" }));
    type("Service 1", "");
    type("Quantity 1", "");
    type("Visit length (minutes)", "2");
    fireEvent.click(screen.getByLabelText("Recurring"));
    fireEvent.click(screen.getByRole("button", { name: "Create Job" }));

    for (const sentence of [
      "Customer is required",
      "Title is required",
      "Service 1 is required",
      "Quantity 1 is required",
      "First visit (America/Chicago) is required",
      "Visit length (minutes) must be at least 5",
    ])
      expect(await screen.findByText(sentence)).toBeTruthy();
    expect(screen.getByLabelText("Title").getAttribute("aria-invalid")).toBe("true");
    expect(sent("POST", "/api/jobs")).toHaveLength(0);
  });

  it("refuses a recurrence of one visit: that is a one-off job", async () => {
    renderForm();
    fireEvent.click(await screen.findByLabelText("Recurring"));
    type("First visit (America/Chicago)", "2030-03-04T09:00");
    type("Number of visits", "1");
    fireEvent.click(screen.getByRole("button", { name: "Create Job" }));
    expect(await screen.findByText("Number of visits must be at least 2")).toBeTruthy();
    expect(sent("POST", "/api/jobs")).toHaveLength(0);
  });

  it("sends what the API takes (skills as a list, prices in cents, the first visit as an instant) and shows a refusal beside its field", async () => {
    api.on("POST", "/api/jobs", (_req, res) =>
      sendJson(res, 400, { message: "Line item 1: Service is not offered", field: "lineItems.0.service" }),
    );
    renderForm();
    await screen.findByRole("option", { name: "Henderson Family" });
    type("Customer", CUSTOMER_ID);
    type("Title", "Weekly mowing");
    type("Required skills", " Irrigation, tree-care ,");
    fireEvent.click(screen.getByLabelText("Recurring"));
    type("Repeats", "FREQ=WEEKLY");
    type("First visit (America/Chicago)", "2030-03-04T09:00");
    type("Number of visits", "26");
    type("Visit length (minutes)", "45");
    type("Arrival window", "30");
    fireEvent.click(screen.getByRole("button", { name: "Add line item" }));
    type("Service 1", "Mowing");
    type("Quantity 1", "2");
    type("Unit price 1", "45.5");
    fireEvent.click(screen.getByRole("button", { name: "Add checklist item" }));
    fireEvent.click(screen.getByRole("button", { name: "Add checklist item" }));
    type("Checklist item 2", "Close the gate");
    fireEvent.click(screen.getByRole("button", { name: "Create Job" }));

    await vi.waitFor(() => expect(sent("POST", "/api/jobs")).toHaveLength(1));
    expect(JSON.parse(sent("POST", "/api/jobs")[0]!.body)).toEqual({
      customerId: CUSTOMER_ID,
      title: "Weekly mowing",
      requiredSkills: ["irrigation", "tree-care"],
      visitDurationMinutes: 45,
      arrivalWindowMinutes: 30,
      lineItems: [{ service: "Mowing", quantity: 2, unitPriceCents: 4550, taxable: false }],
      // The blank checklist row is left out.
      checklist: [{ label: "Close the gate", done: false }],
      recurrence: { rule: "FREQ=WEEKLY;COUNT=26", start: "2030-03-04T15:00:00.000Z" },
    });
    expect(await screen.findByText("Line item 1: Service is not offered")).toBeTruthy();
    expect(screen.getByLabelText("Service 1").getAttribute("aria-invalid")).toBe("true");
  });

  it("sends an edit's changes to the job, clearing instructions left blank", async () => {
    api.on("PATCH", `/api/jobs/${JOB_ID}`, (_req, res) =>
      sendJson(res, 400, { message: "Title is already taken", field: "title" }),
    );
    renderForm(job);
    type(await screen.findByLabelText("Title").then(() => "Title"), "Spring clean-up and edging");
    type("Instructions", " ");
    type("Unit price 1", "50");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(sent("PATCH", `/api/jobs/${JOB_ID}`)).toHaveLength(1));
    expect(JSON.parse(sent("PATCH", `/api/jobs/${JOB_ID}`)[0]!.body)).toEqual({
      title: "Spring clean-up and edging",
      instructions: null,
      requiredSkills: ["mowing"],
      visitDurationMinutes: 60,
      arrivalWindowMinutes: null,
      lineItems: [{ service: "Mowing", quantity: 1, unitPriceCents: 5000, taxable: false }],
      checklist: [],
    });
    expect(await screen.findByText("Title is already taken")).toBeTruthy();
  });

  it("edits a one-off job's visit length and window and makes it recurring, its first visit on the company's clock", async () => {
    api.on("PATCH", `/api/jobs/${JOB_ID}`, (_req, res) => sendJson(res, 200, job));
    renderForm({ ...job, arrivalWindowMinutes: 45 });
    // A window set through the API is offered as it is.
    expect(((await screen.findByLabelText("Arrival window")) as HTMLSelectElement).value).toBe("45");
    expect(screen.getByText("A change applies to every upcoming visit not yet started.")).toBeTruthy();
    type("Visit length (minutes)", "90");
    type("Arrival window", "");
    fireEvent.click(screen.getByLabelText(/^Make it recurring/));
    type("Repeats", "FREQ=WEEKLY;INTERVAL=2");
    type("First visit (America/Chicago)", "2030-03-04T09:00");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(sent("PATCH", `/api/jobs/${JOB_ID}`)).toHaveLength(1));
    expect(JSON.parse(sent("PATCH", `/api/jobs/${JOB_ID}`)[0]!.body)).toMatchObject({
      visitDurationMinutes: 90,
      arrivalWindowMinutes: null,
      recurrence: { rule: "FREQ=WEEKLY;INTERVAL=2", start: "2030-03-04T15:00:00.000Z" },
    });
  });

  it("shows a recurring job's repeat as it is, and sends no recurrence when editing it", async () => {
    api.on("PATCH", `/api/jobs/${JOB_ID}`, (_req, res) => sendJson(res, 200, job));
    renderForm({
      ...job,
      recurring: true,
      recurrence: { rule: "FREQ=WEEKLY;COUNT=26", start: "2030-03-04T15:00:00.000Z" },
    });
    expect(await screen.findByText(/Repeats: Every week, 26 visits, from/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Make it recurring/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(sent("PATCH", `/api/jobs/${JOB_ID}`)).toHaveLength(1));
    expect(JSON.parse(sent("PATCH", `/api/jobs/${JOB_ID}`)[0]!.body)).not.toHaveProperty("recurrence");
  });
});
