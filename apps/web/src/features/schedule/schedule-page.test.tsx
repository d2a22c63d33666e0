// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
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
  crews: [
    {
      id: "k1",
      name: "Crew A",
      color: "#16a34a",
      skills: [],
      workingHours: [{ weekday: 1, start: "08:00", end: "17:00" }],
      breaks: [],
    },
  ],
  visits: [visit({})],
  visitsOmitted: false,
  crewDays: [],
  unassigned: [
    visit({
      id: "v2",
      jobNumber: 8,
      jobTitle: "Quote a repipe",
      crewId: null,
      status: "unscheduled",
      start: null,
      end: null,
    }),
  ],
  unassignedTotal: 1,
};

function renderSchedule(
  verticalId: VerticalId,
  answer: (url: URL) => ScheduleResponse = () => board,
  initialPath = "/schedule?view=board&date=2030-01-07",
) {
  api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany({ verticalId })));
  api.on("GET", "/api/schedule", (req, res) => sendJson(res, 200, answer(new URL(req.url ?? "/", "http://local"))));
  return renderApp({
    initialPath,
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

describe("a week too full to draw visit by visit", () => {
  const fullWeek: ScheduleResponse = {
    ...board,
    from: "2030-01-07",
    to: "2030-01-13",
    rangeEnd: "2030-01-14T06:00:00.000Z",
    visits: [],
    visitsOmitted: true,
    crewDays: [
      { crewId: "k1", day: "2030-01-07", visits: 12, bookedMinutes: 600 },
      { crewId: "k1", day: "2030-01-08", visits: 3, bookedMinutes: 150 },
    ],
  };

  it("shows each crew's booked time per day, marks an overbooked day, and opens a day on the board", async () => {
    renderSchedule(
      "landscaping",
      (url) => (url.searchParams.get("from") === url.searchParams.get("to") ? board : fullWeek),
      "/schedule?view=week&date=2030-01-07",
    );
    const grid = await screen.findByRole("region", { name: "Week load" });
    expect(screen.getByText(/15 visits this week/)).toBeTruthy();
    const monday = within(grid).getByRole("button", {
      name: "Crew A, Monday, January 7: 12 visits, 10 h booked of 9 h",
    });
    expect(monday.textContent).toContain("12 · 10 h");
    expect(
      within(grid).getByRole("button", { name: "Crew A, Tuesday, January 8: 3 visits, 2 h 30 min booked" }),
    ).toBeTruthy();
    fireEvent.click(monday);
    const boardRegion = await screen.findByRole("region", { name: "Dispatch board" });
    expect(boardRegion.textContent).toContain("Fix the drain");
  });
});

describe("a route plan named in the address (the assistant's link)", () => {
  const PLAN_ID = "3f2c1a4e-5b6d-4c7e-8f90-1a2b3c4d5e6f";

  it("opens the optimize dialog on that plan, without asking to optimize again", async () => {
    let asked = 0;
    api.on("GET", `/api/route-plans/${PLAN_ID}`, (_req, res) => {
      asked += 1;
      sendJson(res, 200, {
        id: PLAN_ID,
        kind: "optimize",
        status: "queued",
        date: "2030-01-07",
        crewIds: ["k1"],
        budgetSeconds: 10,
        appliedCrewIds: [],
        error: null,
        result: null,
        map: null,
        createdAt: "2030-01-06T12:00:00.000Z",
        updatedAt: "2030-01-06T12:00:00.000Z",
      });
    });
    renderSchedule("landscaping", () => board, `/schedule?date=2030-01-07&plan=${PLAN_ID}`);
    const dialog = await screen.findByRole("dialog", { name: "Optimize routes for 2030-01-07" });
    expect(await within(dialog).findByText("Waiting for the optimizer…")).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Optimize" })).toBeNull();
    expect(asked).toBeGreaterThan(0);
  });

  it("opens nothing for a plan the company does not have", async () => {
    let asked = 0;
    api.on("GET", `/api/route-plans/${PLAN_ID}`, (_req, res) => {
      asked += 1;
      sendJson(res, 404, { message: "Route plan not found" });
    });
    renderSchedule("landscaping", () => board, `/schedule?date=2030-01-07&plan=${PLAN_ID}`);
    await screen.findByRole("region", { name: "Dispatch board" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(asked).toBeGreaterThan(0);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
