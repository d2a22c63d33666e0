// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CustomObjectDefinition } from "@fieldops/shared/custom-objects";
import type { JobDetail } from "@fieldops/shared/jobs";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { CustomRecordFormDialog } from "./custom-record-form-dialog";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];
const CUSTOMER = "6f1c1e7a-2b3c-4d5e-8f90-123456789abc";

const equipment: CustomObjectDefinition = {
  id: "0a1c1e7a-2b3c-4d5e-8f90-123456789abc",
  key: "equipment",
  buildId: "1b1c1e7a-2b3c-4d5e-8f90-123456789abc",
  name: "Equipment",
  pluralName: "Equipment",
  description: null,
  fields: [
    { key: "make", label: "Make", type: "text", required: true },
    { key: "serial_number", label: "Serial number", type: "text", required: true },
    { key: "units", label: "Units", type: "integer", required: false },
    { key: "price", label: "Price", type: "money", required: false },
    { key: "condition", label: "Condition", type: "select", required: false, options: ["Good", "Worn"] },
  ],
  relations: [{ key: "customer", label: "Customer", target: "customer", required: true }],
  showOn: ["customer"],
  stage: "production",
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const renderForm = () =>
  renderApp({
    initialPath: "/custom/equipment",
    routes: (
      <Route
        path="/custom/equipment"
        element={
          <CustomRecordFormDialog
            object={equipment}
            record={null}
            fixed={{ customer: CUSTOMER }}
            onOpenChange={() => {}}
          />
        }
      />
    ),
  });
const creates = () =>
  api.requests.filter((request) => request.method === "POST" && request.url === "/api/custom/equipment");
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the custom record form", () => {
  it("names every missing field beside it, the first in the dialog's alert, and sends nothing", async () => {
    renderForm();
    fireEvent.click(await screen.findByRole("button", { name: "Add equipment" }));

    expect((await screen.findByRole("alert")).textContent).toBe("Make is required");
    expect(screen.getAllByText("Make is required")).toHaveLength(2);
    expect(await screen.findByText("Serial number is required")).toBeTruthy();
    expect(screen.getByLabelText("Serial number *").getAttribute("aria-invalid")).toBe("true");
    expect(creates()).toHaveLength(0);
  });

  it("checks a number by its field's type before sending", async () => {
    renderForm();
    type(await screen.findByLabelText("Make *").then(() => "Make *"), "Trane");
    type("Serial number *", "SN-4410");
    type("Units", "2.5");
    fireEvent.click(screen.getByRole("button", { name: "Add equipment" }));

    expect(await screen.findAllByText("Units must be a whole number")).toHaveLength(2);
    expect(screen.getByLabelText("Units").getAttribute("aria-invalid")).toBe("true");
    expect(creates()).toHaveLength(0);
  });

  it("sends the values the API takes (dollars as cents, blanks left out) and shows a refusal beside its field", async () => {
    api.on("POST", "/api/custom/equipment", (_req, res) =>
      sendJson(res, 400, { message: "Serial number: this serial is already recorded", field: "serial_number" }),
    );
    renderForm();
    type(await screen.findByLabelText("Make *").then(() => "Make *"), " Trane ");
    type("Serial number *", "SN-4410");
    type("Price ($)", "2,500.00");
    fireEvent.change(screen.getByLabelText("Condition"), { target: { value: "Good" } });
    fireEvent.click(screen.getByRole("button", { name: "Add equipment" }));

    await vi.waitFor(() => expect(creates()).toHaveLength(1));
    expect(JSON.parse(creates()[0]!.body)).toEqual({
      make: "Trane",
      serial_number: "SN-4410",
      price: 250_000,
      condition: "Good",
      customer: CUSTOMER,
    });
    const dialog = screen.getByRole("dialog");
    expect((await within(dialog).findAllByText("Serial number: this serial is already recorded")).length).toBe(2);
    expect(screen.getByLabelText("Serial number *").getAttribute("aria-invalid")).toBe("true");
  });
});

const JOB = "7a1c1e7a-2b3c-4d5e-8f90-123456789abc";
const VISIT = "8b1c1e7a-2b3c-4d5e-8f90-123456789abc";
const TECH = "9c1c1e7a-2b3c-4d5e-8f90-123456789abc";
const treatment: CustomObjectDefinition = {
  ...equipment,
  key: "pest_treatment",
  name: "Pest Treatment",
  pluralName: "Pest Treatments",
  fields: [
    { key: "product", label: "Product", type: "text", required: true },
    { key: "dose", label: "Dose", type: "number", required: false, unit: "ml" },
  ],
  relations: [
    { key: "visit", label: "Visit", target: "visit", required: true },
    { key: "team_member", label: "Technician", target: "team_member", required: false },
  ],
  showOn: ["visit"],
};
const jobWithVisit: JobDetail = {
  id: JOB,
  number: 117,
  title: "Quarterly pest control",
  customerId: CUSTOMER,
  customerName: "Henderson Family",
  status: "upcoming",
  recurring: false,
  nextVisitAt: null,
  totalCents: 0,
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
      id: VISIT,
      jobId: JOB,
      crewId: null,
      crewName: "Crew A",
      status: "scheduled",
      scheduledStart: "2030-03-14T15:00:00.000Z",
      scheduledEnd: "2030-03-14T16:00:00.000Z",
      durationMinutes: 60,
      startedAt: null,
      completedAt: null,
      version: 1,
    },
  ],
  lineItems: [],
  checklist: [],
  notes: [],
};

describe("the custom record form of a treatment kept per visit", () => {
  it("shows the dose's unit, picks the visit among the job's and the technician among the team, and sends their ids", async () => {
    api.on("GET", `/api/jobs/${JOB}`, (_req, res) => sendJson(res, 200, jobWithVisit));
    api.on("GET", "/api/team", (_req, res) =>
      sendJson(res, 200, {
        items: [{ id: TECH, name: "Dana Tech", email: "dana@example.com", role: "field_user", crews: [] }],
        limit: -1,
        used: 1,
      }),
    );
    renderApp({
      initialPath: "/jobs/117",
      routes: (
        <Route
          path="/jobs/117"
          element={<CustomRecordFormDialog object={treatment} record={null} jobId={JOB} onOpenChange={() => {}} />}
        />
      ),
    });
    type(await screen.findByLabelText("Product *").then(() => "Product *"), "Termidor");
    type("Dose (ml)", "2.5");
    // Pickers, not boxes to type an id in.
    expect(screen.queryByLabelText(/Visit id/)).toBeNull();
    const visit = screen.getByLabelText("Visit *");
    expect(visit.tagName).toBe("SELECT");
    await screen.findByRole("option", { name: "2030-03-14 · Crew A · scheduled" });
    fireEvent.change(visit, { target: { value: VISIT } });
    await screen.findByRole("option", { name: "Dana Tech" });
    fireEvent.change(screen.getByLabelText("Technician"), { target: { value: TECH } });
    fireEvent.click(screen.getByRole("button", { name: "Add pest treatment" }));

    const sent = () =>
      api.requests.filter((request) => request.method === "POST" && request.url === "/api/custom/pest_treatment");
    await vi.waitFor(() => expect(sent()).toHaveLength(1));
    expect(JSON.parse(sent()[0]!.body)).toEqual({ product: "Termidor", dose: 2.5, visit: VISIT, team_member: TECH });
  });
});
