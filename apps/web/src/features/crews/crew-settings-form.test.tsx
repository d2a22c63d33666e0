// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Crew } from "@fieldops/shared/crews";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { CrewSettingsForm } from "./crew-settings-form";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const crew: Crew = {
  id: "2b3c4d5e-6f70-4a8b-9c0d-1e2f3a4b5c6d",
  name: "Crew A",
  color: "#16a34a",
  skills: ["mowing"],
  workingHours: [{ weekday: 2, start: "08:00", end: "16:00" }],
  breaks: [],
  members: [],
  start: { kind: "yard", label: "The company's yard", memberId: null, address: null, located: true, problem: null },
  createdAt: "2030-01-01T00:00:00.000Z",
};

const renderForm = () =>
  renderApp({
    initialPath: "/crews/a",
    routes: <Route path="/crews/a" element={<CrewSettingsForm crew={crew} canManage />} />,
  });
const updates = () =>
  api.requests.filter((request) => request.method === "PATCH" && request.url === `/api/crews/${crew.id}`);
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the crew settings form", () => {
  it("names every missing field beside it, in sentences, and sends nothing", async () => {
    renderForm();
    type(await screen.findByLabelText("Crew name").then(() => "Crew name"), "");
    fireEvent.click(screen.getByRole("checkbox", { name: "Monday" }));
    type("Monday start", "");
    fireEvent.click(screen.getByRole("button", { name: "Add a break" }));
    type("Break 1 minutes", "2");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));

    for (const sentence of ["A crew needs a name", "Monday start is required", "Break 1 minutes must be at least 5"])
      expect(await screen.findByText(sentence)).toBeTruthy();
    expect(screen.getByLabelText("Monday start").getAttribute("aria-invalid")).toBe("true");
    expect(updates()).toHaveLength(0);
  });

  it("sends the days worked, the skills as a list and the breaks as the API takes them, and shows a refusal beside the day it names", async () => {
    api.on("PATCH", `/api/crews/${crew.id}`, (_req, res) =>
      sendJson(res, 400, { message: "The end must be after the start", field: "workingHours.1.end" }),
    );
    renderForm();
    type(
      await screen.findByLabelText("Skills (separated by commas)").then(() => "Skills (separated by commas)"),
      " Irrigation, mowing,",
    );
    fireEvent.click(screen.getByRole("checkbox", { name: "Monday" }));
    type("Monday start", "07:00");
    type("Monday end", "15:00");
    type("Tuesday end", "07:00");
    fireEvent.click(screen.getByRole("button", { name: "Add a break" }));
    type("Break 1 minutes", "45");
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));

    await vi.waitFor(() => expect(updates()).toHaveLength(1));
    expect(JSON.parse(updates()[0]!.body)).toEqual({
      name: "Crew A",
      color: "#16a34a",
      skills: ["irrigation", "mowing"],
      workingHours: [
        { weekday: 1, start: "07:00", end: "15:00" },
        { weekday: 2, start: "08:00", end: "07:00" },
      ],
      breaks: [{ windowStart: "12:00", windowEnd: "13:00", durationMinutes: 45 }],
    });
    // The second day sent is Tuesday, the form's row for weekday 2.
    expect(await screen.findByText("The end must be after the start")).toBeTruthy();
    expect(screen.getByLabelText("Tuesday end").getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByLabelText("Monday end").getAttribute("aria-invalid")).toBe("false");
  });
});
