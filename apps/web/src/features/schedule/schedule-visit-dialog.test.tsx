// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ScheduleCrew } from "@fieldops/shared/schedule";
import { makeScheduleVisit, makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { ScheduleVisitDialog, type ScheduleChoice } from "./schedule-visit-dialog";

const server = useLocalApi();

beforeEach(() => {
  server.current.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const CREW_ID = "9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const crews: ScheduleCrew[] = [
  { id: CREW_ID, name: "Crew A", color: "#16a34a", skills: [], workingHours: [], breaks: [] },
];
const visit = makeScheduleVisit({ id: "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", jobNumber: 42 });

const renderDialog = (onSubmit: (choice: ScheduleChoice) => void, error: string | null = null) =>
  renderApp({
    initialPath: "/schedule",
    routes: (
      <Route element={<Outlet context={makeUser({ role: "owner" })} />}>
        <Route
          path="/schedule"
          element={
            <ScheduleVisitDialog
              visit={visit}
              crews={crews}
              timeZone="America/Chicago"
              defaultDay="2030-03-04"
              jobWord="Job"
              saving={false}
              error={error}
              onSubmit={onSubmit}
              onClose={() => {}}
            />
          }
        />
      </Route>
    ),
  });
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the schedule visit dialog", () => {
  it("names every missing or out-of-range field beside it and schedules nothing", async () => {
    const onSubmit = vi.fn();
    renderDialog(onSubmit);
    type(await screen.findByLabelText("Date").then(() => "Date"), "");
    type("Start time", "");
    type("Duration (minutes)", "2000");
    fireEvent.click(screen.getByRole("button", { name: "Schedule" }));

    for (const sentence of ["Date is required", "Start time is required", "Duration (minutes) must be at most 1440"])
      expect(await screen.findByText(sentence)).toBeTruthy();
    expect(screen.getByLabelText("Date").getAttribute("aria-invalid")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("hands over what the API takes: the crew, the start as an instant on the company's clock, the minutes", async () => {
    const onSubmit = vi.fn();
    renderDialog(onSubmit);
    type(await screen.findByLabelText("Crew").then(() => "Crew"), CREW_ID);
    type("Start time", "13:30");
    type("Duration (minutes)", "90");
    fireEvent.click(screen.getByRole("button", { name: "Schedule" }));

    await vi.waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({
        crewId: CREW_ID,
        start: "2030-03-04T19:30:00.000Z",
        durationMinutes: 90,
      }),
    );

    type("Crew", "");
    fireEvent.click(screen.getByRole("button", { name: "Schedule" }));
    await vi.waitFor(() => expect(onSubmit).toHaveBeenLastCalledWith(expect.objectContaining({ crewId: null })));
  });

  it("shows the server's refusal of the move in its alert: it concerns the crew and the time together", async () => {
    renderDialog(vi.fn(), "18:00–19:00 is outside Crew A's working hours on Monday (7:00–17:00)");
    const alerts = await screen.findAllByRole("alert");
    expect(alerts.some((alert) => alert.textContent?.includes("outside Crew A's working hours"))).toBe(true);
  });
});
