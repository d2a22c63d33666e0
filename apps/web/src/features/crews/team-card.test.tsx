// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { TeamCard } from "./team-card";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
  api.on("GET", "/api/team", (_req, res) => sendJson(res, 200, { items: [], limit: -1, used: 0 }));
});

const renderCard = async () => {
  renderApp({
    initialPath: "/crews",
    routes: <Route path="/crews" element={<TeamCard canAddMember technician="Landscaper" />} />,
  });
  return within(await screen.findByRole("region", { name: "Team" }));
};
const adds = () => api.requests.filter((request) => request.method === "POST" && request.url === "/api/team");

describe("adding a team member", () => {
  it("names every missing field beside it and sends nothing", async () => {
    const team = await renderCard();
    fireEvent.click(team.getByRole("button", { name: "Add team member" }));

    expect(await team.findByText("A name is required")).toBeTruthy();
    expect(await team.findByText("Enter a valid email address")).toBeTruthy();
    expect(team.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    expect(adds()).toHaveLength(0);
  });

  it("sends the person as the API takes them and shows a refusal beside its field", async () => {
    api.on("POST", "/api/team", (_req, res) =>
      sendJson(res, 409, { message: "Someone with this email is on the team already", field: "email" }),
    );
    const team = await renderCard();
    fireEvent.change(team.getByLabelText("Name"), { target: { value: "Pat Planter" } });
    fireEvent.change(team.getByLabelText("Email"), { target: { value: " Pat.Planter@Demo.test " } });
    fireEvent.change(team.getByLabelText("Role"), { target: { value: "member" } });
    fireEvent.click(team.getByRole("button", { name: "Add team member" }));

    await vi.waitFor(() => expect(adds()).toHaveLength(1));
    expect(JSON.parse(adds()[0]!.body)).toEqual({
      name: "Pat Planter",
      email: "pat.planter@demo.test",
      role: "member",
    });
    expect(await team.findByText("Someone with this email is on the team already")).toBeTruthy();
    expect(team.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
  });
});
