// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CompanyProfile } from "@fieldops/shared/company-settings";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { CompanyProfileCard } from "./company-profile-card";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];
const profile: CompanyProfile = {
  name: "Green Valley Lawn Care",
  slug: "green-valley",
  phone: "",
  email: "",
  address: {
    street: "12 Elm St",
    city: "Denver",
    region: "CO",
    postcode: "80202",
    latitude: 39.75,
    longitude: -104.99,
    locationPrecision: "approximate",
  },
  yard: { street: "", city: "", region: "", postcode: "", latitude: null, longitude: null, locationPrecision: null },
  scheduleSlotMinutes: 5,
  verticalId: "landscaping",
  timeZone: "America/Denver",
  branding: { logo: null, primaryColor: "#16a34a" },
  canEdit: true,
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const renderCard = () =>
  renderApp({
    initialPath: "/settings",
    routes: <Route path="/settings" element={<CompanyProfileCard profile={profile} />} />,
  });
const saves = () =>
  api.requests.filter((request) => request.method === "PUT" && request.url === "/api/settings/company");

describe("the company's web address in settings", () => {
  it("refuses a reserved address with the slug rule's words before calling the server", async () => {
    renderCard();
    const address = await screen.findByLabelText("Company address");
    fireEvent.change(address, { target: { value: "admin" } });
    fireEvent.click(screen.getByRole("button", { name: "Save company profile" }));
    expect(await screen.findByText("This slug is reserved and cannot be used")).toBeTruthy();
    expect(saves()).toHaveLength(0);
    expect(document.activeElement).toBe(address);
  });

  it("names every other field found wrong beside it, as the API words it, and sends nothing", async () => {
    renderCard();
    fireEvent.change(await screen.findByLabelText("Company name"), { target: { value: "G" } });
    fireEvent.change(screen.getByLabelText("E-mail"), { target: { value: "office at green valley" } });
    fireEvent.click(screen.getByRole("button", { name: "Save company profile" }));
    expect(await screen.findByText("Company name must be at least 2 characters")).toBeTruthy();
    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
    expect(screen.getByLabelText("E-mail").getAttribute("aria-invalid")).toBe("true");
    expect(saves()).toHaveLength(0);
  });

  it("sends a valid address and shows the server's refusal of a taken one", async () => {
    api.on("PUT", "/api/settings/company", (_req, res) =>
      sendJson(res, 409, { message: "This slug is already taken", field: "slug" }),
    );
    renderCard();
    fireEvent.change(await screen.findByLabelText("Company address"), { target: { value: "acme-plumbing" } });
    fireEvent.click(screen.getByRole("button", { name: "Save company profile" }));
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(saves()[0]!.body)).toMatchObject({ slug: "acme-plumbing", name: "Green Valley Lawn Care" });
    const region = screen.getByRole("region", { name: "Company profile" });
    expect((await within(region).findAllByText(/This slug is already taken/)).length).toBeGreaterThan(0);
    expect(within(region).getByLabelText("Company address").getAttribute("aria-invalid")).toBe("true");
  });
});

describe("the company's office address and yard in settings", () => {
  it("shows where the office was placed, copies it to the yard, and sends both with the schedule slot", async () => {
    api.on("PUT", "/api/settings/company", (_req, res) => sendJson(res, 200, profile));
    renderCard();
    const office = await screen.findByRole("group", { name: "Office address" });
    expect(within(office).getByText(/Approximate location/)).toBeTruthy();
    const yard = screen.getByRole("group", { name: "Yard (where crews start and end their day)" });
    expect(within(yard).getByText("The address is located when you save.")).toBeTruthy();
    fireEvent.click(within(yard).getByRole("button", { name: "Same as the office address" }));
    expect((within(yard).getByLabelText("Street") as HTMLInputElement).value).toBe("12 Elm St");
    fireEvent.change(screen.getByLabelText("Schedule slot"), { target: { value: "15" } });
    fireEvent.click(screen.getByRole("button", { name: "Save company profile" }));
    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(saves()[0]!.body)).toMatchObject({
      address: { street: "12 Elm St", city: "Denver", region: "CO", postcode: "80202" },
      yard: { street: "12 Elm St", city: "Denver", region: "CO", postcode: "80202" },
      scheduleSlotMinutes: 15,
    });
  });

  it("refuses half a typed point and 0,0 beside the field, sending nothing", async () => {
    renderCard();
    const yard = await screen.findByRole("group", { name: "Yard (where crews start and end their day)" });
    fireEvent.change(within(yard).getByLabelText("Latitude"), { target: { value: "0" } });
    fireEvent.change(within(yard).getByLabelText("Longitude"), { target: { value: "0" } });
    fireEvent.click(screen.getByRole("button", { name: "Save company profile" }));
    expect(await within(yard).findByText(/0, 0 is not an address/)).toBeTruthy();
    fireEvent.change(within(yard).getByLabelText("Longitude"), { target: { value: "" } });
    fireEvent.change(within(yard).getByLabelText("Latitude"), { target: { value: "39.7" } });
    fireEvent.click(screen.getByRole("button", { name: "Save company profile" }));
    expect(await within(yard).findByText(/Give both latitude and longitude/)).toBeTruthy();
    expect(saves()).toHaveLength(0);
  });
});
