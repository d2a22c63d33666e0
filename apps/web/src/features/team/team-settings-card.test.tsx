// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { TeamSettingsCard } from "./team-settings-card";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
  api.on("GET", "/api/team", (_req, res) => sendJson(res, 200, { items: [], limit: -1, used: 1 }));
  api.on("GET", "/api/team/invitations", (_req, res) => sendJson(res, 200, { items: [] }));
});

const renderForm = async () => {
  renderApp({
    initialPath: "/settings",
    routes: <Route path="/settings" element={<TeamSettingsCard userId="u1" />} />,
  });
  return within(await screen.findByRole("form", { name: "Invite a team member" }));
};
const invites = () =>
  api.requests.filter((request) => request.method === "POST" && request.url === "/api/team/invitations");

describe("inviting a team member", () => {
  it("names every missing or malformed field beside it and sends nothing", async () => {
    const form = await renderForm();
    fireEvent.change(form.getByLabelText("Cell (optional)"), { target: { value: "call me" } });
    fireEvent.click(form.getByRole("button", { name: "Send invitation" }));

    for (const sentence of ["A name is required", "Enter a valid email address", "Enter a phone number"])
      expect(await form.findByText(sentence)).toBeTruthy();
    expect(form.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
    expect(invites()).toHaveLength(0);
  });

  it("sends the invitation as the API takes it and shows a refusal beside its field", async () => {
    api.on("POST", "/api/team/invitations", (_req, res) =>
      sendJson(res, 409, { message: "Pat is already on your team", field: "email" }),
    );
    const form = await renderForm();
    fireEvent.change(form.getByLabelText("Name"), { target: { value: "Pat Planter" } });
    fireEvent.change(form.getByLabelText("Email"), { target: { value: "Pat@Demo.test" } });
    fireEvent.change(form.getByLabelText("Role"), { target: { value: "member" } });
    fireEvent.click(form.getByRole("button", { name: "Send invitation" }));

    await vi.waitFor(() => expect(invites()).toHaveLength(1));
    expect(JSON.parse(invites()[0]!.body)).toEqual({
      name: "Pat Planter",
      email: "pat@demo.test",
      phone: "",
      role: "member",
    });
    expect(await form.findByText("Pat is already on your team")).toBeTruthy();
    expect(form.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
  });
});
