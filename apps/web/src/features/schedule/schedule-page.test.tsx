// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { ScheduleResponse, ScheduleVisit } from "@fieldops/shared/schedule";
import type { VerticalId } from "@fieldops/shared/verticals";
import { makeCompany, makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { SchedulePage } from "./schedule-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];


const visit = (overrides: Partial<ScheduleVisit>): ScheduleVisit => ({
  id: "v1",
  jobId: "j1",
  jobNumber: 7,
  jobTitle: "Fix the drain",
  customerName: "Grace Hopper",
  propertyLabel: null,
  requiredSkills: [],
  crewId: "k1",
  status: "scheduled",
  start: "2030-01-07T15:00:00.000Z",
  end: "2030-01-07T16:00:00.000Z",
  durationMinutes: 60,
  version: 1,
  createdAt: "2030-01-01T00:00:00.000Z",
  ...overrides,
});

const board: ScheduleResponse = {
  timeZone: "America/Chicago",
  from: "2030-01-07",
  to: "2030-01-07",
  rangeStart: "2030-01-07T06:00:00.000Z",
  rangeEnd: "2030-01-08T06:00:00.000Z",
  crews: [{ id: "k1", name: "Crew A", color: "#16a34a", skills: [], workingHours: [{ weekday: 1, start: "08:00", end: "17:00" }], breaks: [] }],
  visits: [visit({})],
  unassigned: [visit({ id: "v2", jobNumber: 8, jobTitle: "Quote a repipe", crewId: null, status: "unscheduled", start: null, end: null })],
  unassignedTotal: 1,
};

function renderSchedule(verticalId: VerticalId) {
  api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany({ verticalId })));
  api.on("GET", "/api/schedule", (_req, res) => sendJson(res, 200, board));
  return renderApp({
    initialPath: "/schedule?view=board&date=2030-01-07",
    routes: (
      <Route element={<Outlet context={makeUser({ role: "owner" })} />}>
        <Route path="/schedule" element={<SchedulePage />} />
      </Route>
    ),
  });
}

beforeEach(() => {
  api = server.current;
});

describe("the schedule in the company's terms", () => {
  it.each([
    { verticalId: "plumbing" as const, word: "Service Call", other: "Job #" },
    { verticalId: "landscaping" as const, word: "Job", other: "Service Call" },
  ])("a $verticalId company's board and queue say $word", async ({ verticalId, word, other }) => {
    renderSchedule(verticalId);
    const boardRegion = await screen.findByRole("region", { name: "Dispatch board" });
    expect(boardRegion.textContent).toContain(`${word} #7 · Fix the drain`);
    const queue = screen.getByRole("list", { name: "Unassigned visits" });
    expect(within(queue).getByText(`${word} #8 · Quote a repipe`)).toBeTruthy();
    expect(document.body.textContent).not.toContain(other);
  });
});
