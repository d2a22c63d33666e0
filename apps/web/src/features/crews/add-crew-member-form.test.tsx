// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { TeamResponse } from "@fieldops/shared/crews";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { AddCrewMemberForm } from "./add-crew-member-form";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const CREW_ID = "7d6c5b4a-3e2f-4a1b-9c8d-7e6f5a4b3c2d";
const MIGUEL_ID = "2b3c4d5e-6f7a-4b8c-9d0e-1f2a3b4c5d6e";

const team: TeamResponse = {
  items: [
    { id: MIGUEL_ID, name: "Miguel Member", email: "miguel@example.com", role: "member", crews: [] },
    {
      id: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d",
      name: "Casey Crewed",
      email: "casey@example.com",
      role: "field_user",
      crews: [{ id: CREW_ID, name: "Night Crew", color: "#1d4ed8" }],
    },
  ],
  limit: -1,
  used: 2,
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
  api.on("GET", "/api/team", (_req, res) => sendJson(res, 200, team));
});

const renderForm = () =>
  renderApp({
    initialPath: "/crews",
    routes: <Route path="/crews" element={<AddCrewMemberForm crewId={CREW_ID} />} />,
  });
const adds = () =>
  api.requests.filter((request) => request.method === "POST" && request.url === `/api/crews/${CREW_ID}/members`);

describe("adding a person to a crew", () => {
  it("offers only people in no crew, and its button waits for a choice", async () => {
    renderForm();
    await screen.findByRole("option", { name: "Miguel Member (member)" });
    expect(screen.queryByRole("option", { name: /Casey Crewed/ })).toBeNull();
    const add = screen.getByRole("button", { name: "Add" }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    fireEvent.click(add);
    expect(adds()).toHaveLength(0);
  });

  it("sends the person chosen as the API takes it and shows a refusal beside the picker", async () => {
    api.on("POST", `/api/crews/${CREW_ID}/members`, (_req, res) =>
      sendJson(res, 409, { message: "Miguel Member is in another crew already", field: "userId" }),
    );
    renderForm();
    await screen.findByRole("option", { name: "Miguel Member (member)" });
    fireEvent.change(screen.getByLabelText("Add to crew"), { target: { value: MIGUEL_ID } });
    fireEvent.click(screen.getByRole("button", { name: "Add" }));

    await vi.waitFor(() => expect(adds()).toHaveLength(1));
    expect(JSON.parse(adds()[0]!.body)).toEqual({ userId: MIGUEL_ID });
    expect(await screen.findByText("Miguel Member is in another crew already")).toBeTruthy();
    expect(screen.getByLabelText("Add to crew").getAttribute("aria-invalid")).toBe("true");
  });
});
