// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Customer } from "@fieldops/shared/customers";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { CustomerFormDialog } from "./customer-form-dialog";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const renderForm = (customer: Customer | null = null) =>
  renderApp({
    initialPath: "/customers",
    routes: (
      <Route
        path="/customers"
        element={<CustomerFormDialog open onOpenChange={() => {}} customer={customer} term="Customer" />}
      />
    ),
  });
const creates = () => api.requests.filter((request) => request.method === "POST" && request.url === "/api/customers");
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the customer form", () => {
  it("names every missing field beside it, in sentences, and sends nothing", async () => {
    renderForm();
    fireEvent.click(await screen.findByRole("button", { name: "Save" }));

    for (const sentence of ["Name is required", "Street is required", "City is required"])
      expect(await screen.findByText(sentence)).toBeTruthy();
    expect(screen.getByLabelText("Street").getAttribute("aria-invalid")).toBe("true");
    expect(creates()).toHaveLength(0);
  });

  it("checks a contact by its kind and a coordinate by its range before sending", async () => {
    renderForm();
    fireEvent.click(await screen.findByRole("button", { name: "Add contact" }));
    type("Phone number", "call me maybe");
    type("Latitude", "123");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Enter a valid phone number")).toBeTruthy();
    expect(await screen.findByText("Latitude must be at most 90")).toBeTruthy();
    expect(creates()).toHaveLength(0);
  });

  it("sends an address without coordinates to be located, and refuses half a point or 0,0", async () => {
    renderForm();
    expect(await screen.findByText("The address is located when you save.")).toBeTruthy();
    type("Name", "Henderson Family");
    type("Street", "12 Elm St");
    type("City", "Denver");
    type("Latitude", "39.74");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Give both latitude and longitude, or neither to locate the address")).toBeTruthy();
    type("Longitude", "0");
    type("Latitude", "0");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/0, 0 is not an address/)).toBeTruthy();
    expect(creates()).toHaveLength(0);

    type("Latitude", "");
    type("Longitude", "");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(creates()).toHaveLength(1));
    const body = JSON.parse(creates()[0]!.body) as Customer;
    expect(body.properties[0]).not.toHaveProperty("latitude");
    expect(body.properties[0]).not.toHaveProperty("longitude");
  });

  it("shows where each stored property was placed, and an address without a point", async () => {
    const property = {
      name: null,
      street: "12 Elm St",
      city: "Denver",
      region: "CO",
      postcode: "80202",
      accessNotes: null,
      gateCode: null,
    };
    const customer: Customer = {
      id: "c1",
      name: "Henderson Family",
      tags: [],
      notes: null,
      contacts: [],
      properties: [
        { ...property, id: "p1", latitude: 39.75, longitude: -104.99, locationPrecision: "approximate" },
        { ...property, id: "p2", street: "1 Nowhere", latitude: null, longitude: null, locationPrecision: null },
      ],
      jobCount: 0,
      visitCount: 0,
      createdAt: "2026-11-01T00:00:00.000Z",
      updatedAt: "2026-11-01T00:00:00.000Z",
    };
    renderForm(customer);
    expect(await screen.findByText(/Approximate location \(ZIP code or town centre\)/)).toBeTruthy();
    expect(screen.getByText("No location: check the address")).toBeTruthy();
  });

  it("sends what the API takes (tags as a list, blanks as null, coordinates as numbers) and shows a refusal beside its field", async () => {
    api.on("POST", "/api/customers", (_req, res) =>
      sendJson(res, 400, {
        message: "Property 1: Postcode must be at most 20 characters",
        field: "properties.0.postcode",
      }),
    );
    renderForm();
    type(await screen.findByLabelText("Name").then(() => "Name"), "Henderson Family");
    type("Street", "12 Elm St");
    type("City", "Denver");
    type("Latitude", "39.74");
    type("Longitude", "-104.99");
    type("Tags (separated by commas)", " weekly, vip ,, ");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));

    await vi.waitFor(() => expect(creates()).toHaveLength(1));
    const body = JSON.parse(creates()[0]!.body) as Customer;
    expect(body).toMatchObject({ name: "Henderson Family", tags: ["weekly", "vip"], contacts: [], notes: null });
    expect(body.properties[0]).toMatchObject({
      street: "12 Elm St",
      latitude: 39.74,
      longitude: -104.99,
      gateCode: null,
    });
    expect(await screen.findByText("Property 1: Postcode must be at most 20 characters")).toBeTruthy();
    expect(screen.getByLabelText("Postcode").getAttribute("aria-invalid")).toBe("true");
  });
});
