// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Crew } from "@fieldops/shared/crews";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { CrewStartCard } from "./crew-start-card";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const dana = {
  id: "7c1d2e3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f",
  name: "Dana Diaz",
  email: "dana@x.test",
  role: "field_user" as const,
};
const crew = (overrides: Partial<Crew> = {}): Crew => ({
  id: "2b3c4d5e-6f70-4a8b-9c0d-1e2f3a4b5c6d",
  name: "Crew A",
  color: "#16a34a",
  skills: [],
  workingHours: [],
  breaks: [],
  members: [{ ...dana, home: null }],
  start: {
    kind: "yard",
    label: "The company's yard",
    memberId: null,
    address: {
      street: "",
      city: "",
      region: "",
      postcode: "",
      latitude: null,
      longitude: null,
      locationPrecision: null,
    },
    located: false,
    problem:
      "The company has no yard yet: set its address in Settings, or give the crew a start of its own on its page",
  },
  createdAt: "2030-01-01T00:00:00.000Z",
  ...overrides,
});

const renderCard = (value: Crew, canManage = true) =>
  renderApp({
    initialPath: "/crews/a",
    routes: <Route path="/crews/a" element={<CrewStartCard crew={value} canManage={canManage} />} />,
  });
const updates = () => api.requests.filter((request) => request.method === "PATCH");

describe("a crew's start and end of day", () => {
  it("says plainly why a crew starting at the yard cannot be planned, with the way to Settings", async () => {
    renderCard(crew(), false);
    const region = await screen.findByRole("region", { name: "Start and end of day" });
    expect(within(region).getByText(/The company has no yard yet/)).toBeTruthy();
    expect(within(region).getByRole("link", { name: "Open Settings" }).getAttribute("href")).toBe("/settings");
    expect(within(region).queryByRole("button", { name: "Save start" })).toBeNull();
  });

  it("sends an address of the crew's own, checked as the API checks it", async () => {
    api.on("PATCH", "/api/crews/2b3c4d5e-6f70-4a8b-9c0d-1e2f3a4b5c6d", (_req, res) => sendJson(res, 200, crew()));
    renderCard(crew());
    fireEvent.click(await screen.findByRole("radio", { name: "Another address" }));
    fireEvent.click(screen.getByRole("button", { name: "Save start" }));
    expect(await screen.findByText("Street is required")).toBeTruthy();
    expect(updates()).toHaveLength(0);
    fireEvent.change(screen.getByLabelText("Street"), { target: { value: "1 Pearl St" } });
    fireEvent.change(screen.getByLabelText("City"), { target: { value: "Boulder" } });
    fireEvent.change(screen.getByLabelText("ZIP or postcode"), { target: { value: "80302" } });
    fireEvent.click(screen.getByRole("button", { name: "Save start" }));
    await vi.waitFor(() => expect(updates()).toHaveLength(1));
    expect(JSON.parse(updates()[0]!.body)).toEqual({
      start: { kind: "address", street: "1 Pearl St", city: "Boulder", region: "", postcode: "80302" },
    });
  });

  it("starts from a member's home, saying when the member has none yet", async () => {
    api.on("PATCH", "/api/crews/2b3c4d5e-6f70-4a8b-9c0d-1e2f3a4b5c6d", (_req, res) => sendJson(res, 200, crew()));
    renderCard(crew());
    fireEvent.click(await screen.findByRole("radio", { name: "A member's home" }));
    fireEvent.change(screen.getByLabelText("Member"), { target: { value: dana.id } });
    expect(screen.getByText("Dana Diaz has no home address yet: add it under the crew's members.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save start" }));
    await vi.waitFor(() => expect(updates()).toHaveLength(1));
    expect(JSON.parse(updates()[0]!.body)).toEqual({ start: { kind: "member_home", memberId: dana.id } });
  });
});
