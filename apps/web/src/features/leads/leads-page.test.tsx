// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { LeadsPage } from "./leads-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const CUSTOMER_ID = "7b0c6a4e-8a53-4f4e-9a0e-3f1c2d4b5a60";

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
  api.on("GET", "/api/leads", (_req, res) => sendJson(res, 200, { items: [], nextCursor: null }));
  api.on("GET", "/api/jobs/customer-options", (_req, res) =>
    sendJson(res, 200, { items: [{ id: CUSTOMER_ID, name: "Henderson Family" }] }),
  );
});

const renderLeads = () =>
  renderApp({
    initialPath: "/jobs/leads",
    routes: (
      <Route element={<Outlet context={makeUser({ role: "owner" })} />}>
        <Route path="/jobs/leads" element={<LeadsPage />} />
      </Route>
    ),
  });

const openDialog = async () => {
  renderLeads();
  fireEvent.click(await screen.findByRole("button", { name: "New lead" }));
  return within(await screen.findByRole("dialog", { name: "New lead" }));
};
const creates = () => api.requests.filter((request) => request.method === "POST" && request.url === "/api/leads");

describe("the new lead form", () => {
  it("names every missing field beside it, for a prospect and for a customer, and sends nothing", async () => {
    const dialog = await openDialog();
    expect(dialog.getByText("The address is located when you save.")).toBeTruthy();
    fireEvent.change(dialog.getByLabelText("Latitude"), { target: { value: "123" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save lead" }));
    for (const sentence of ["Name is required", "Latitude must be at most 90", "Say what they want"])
      expect(await dialog.findByText(sentence)).toBeTruthy();
    expect(dialog.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");

    fireEvent.click(dialog.getByLabelText("Existing customer"));
    fireEvent.click(dialog.getByRole("button", { name: "Save lead" }));
    expect(await dialog.findByText("Customer is required")).toBeTruthy();
    expect(dialog.getByLabelText("Customer").getAttribute("aria-invalid")).toBe("true");
    expect(creates()).toHaveLength(0);
  });

  it("sends a prospect as the API takes it (blanks as null, coordinates as numbers) and shows a refusal beside its field", async () => {
    api.on("POST", "/api/leads", (_req, res) =>
      sendJson(res, 400, { message: "Prospect: Phone is not a number we can text", field: "prospect.phone" }),
    );
    const dialog = await openDialog();
    const type = (label: string, value: string) =>
      fireEvent.change(dialog.getByLabelText(label), { target: { value } });
    type("Name", "Dana Diaz");
    type("Phone", "303-555-0100");
    type("Latitude", "39.74");
    type("Longitude", "-104.99");
    type("What they want", "Weekly mowing");
    type("Source", "referral");
    fireEvent.click(dialog.getByRole("button", { name: "Save lead" }));

    await vi.waitFor(() => expect(creates()).toHaveLength(1));
    expect(JSON.parse(creates()[0]!.body)).toEqual({
      prospect: {
        name: "Dana Diaz",
        email: null,
        phone: "303-555-0100",
        street: null,
        city: null,
        region: null,
        postcode: null,
        latitude: 39.74,
        longitude: -104.99,
      },
      request: "Weekly mowing",
      source: "referral",
      notes: null,
    });
    expect(await dialog.findByText("Prospect: Phone is not a number we can text")).toBeTruthy();
    expect(dialog.getByLabelText("Phone").getAttribute("aria-invalid")).toBe("true");
  });

  it("sends an existing customer's lead without the prospect's fields", async () => {
    api.on("POST", "/api/leads", (_req, res) => sendJson(res, 500, { message: "Down for maintenance" }));
    const dialog = await openDialog();
    fireEvent.click(dialog.getByLabelText("Existing customer"));
    await dialog.findByRole("option", { name: "Henderson Family" });
    fireEvent.change(dialog.getByLabelText("Customer"), { target: { value: CUSTOMER_ID } });
    fireEvent.change(dialog.getByLabelText("What they want"), { target: { value: "A new hedge" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save lead" }));

    await vi.waitFor(() => expect(creates()).toHaveLength(1));
    expect(JSON.parse(creates()[0]!.body)).toEqual({
      customerId: CUSTOMER_ID,
      request: "A new hedge",
      source: "phone",
      notes: null,
    });
    // A refusal that names no field is the form's alert.
    expect((await dialog.findByRole("alert")).textContent).toContain("Down for maintenance");
  });
});

describe("editing a lead", () => {
  const prospect = {
    id: "5d1c6a4e-8a53-4f4e-9a0e-3f1c2d4b5a61",
    status: "new",
    customerId: null,
    name: "Dana Diaz",
    email: null,
    phone: "303-555-0100",
    street: "1 Nowhere",
    city: "Atlantis",
    region: null,
    postcode: null,
    latitude: null,
    longitude: null,
    locationPrecision: null,
    request: "Weekly mowing",
    source: "phone",
    notes: null,
    estimateId: null,
    estimateNumber: null,
    createdAt: "2026-11-20T10:00:00.000Z",
    updatedAt: "2026-11-20T10:00:00.000Z",
  };

  it("shows that the prospect's address has no location and sends the corrected address to be located", async () => {
    api.on("GET", "/api/leads", (_req, res) => sendJson(res, 200, { items: [prospect], nextCursor: null }));
    api.on("PATCH", `/api/leads/${prospect.id}`, (_req, res) => sendJson(res, 200, prospect));
    renderLeads();
    fireEvent.click(await screen.findByRole("button", { name: "Edit" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Edit lead: Dana Diaz" }));
    expect(dialog.getByText("No location: check the address")).toBeTruthy();
    fireEvent.change(dialog.getByLabelText("City"), { target: { value: "Denver" } });
    fireEvent.change(dialog.getByLabelText("Postcode"), { target: { value: "80202" } });
    fireEvent.click(dialog.getByRole("button", { name: "Save lead" }));

    const edits = () => api.requests.filter((request) => request.method === "PATCH");
    await vi.waitFor(() => expect(edits()).toHaveLength(1));
    const body = JSON.parse(edits()[0]!.body) as { prospect: Record<string, unknown> };
    expect(body.prospect).toMatchObject({ name: "Dana Diaz", street: "1 Nowhere", city: "Denver", postcode: "80202" });
    expect(body.prospect).not.toHaveProperty("latitude");
  });
});
