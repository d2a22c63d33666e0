// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CalendarFeed } from "@fieldops/shared/calendars";
import { makeCompany, makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { CalendarFeedsCard } from "./calendar-feeds-card";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];
const CREW_ID = "6f1c0b8e-2a4d-4c1e-9b7a-3d2f1e0c9b8a";
const URL_SHOWN = `https://app.example/api/calendars/crew/${CREW_ID}/${"t".repeat(43)}/feed.ics`;

const feeds = (crewActive: boolean): { feeds: CalendarFeed[] } => ({
  feeds: [
    { kind: "user", subjectId: "me", label: "My visits", active: false, createdAt: null, lastUsedAt: null },
    {
      kind: "crew",
      subjectId: CREW_ID,
      label: "Crew A",
      active: crewActive,
      createdAt: crewActive ? "2026-11-20T15:00:00.000Z" : null,
      lastUsedAt: null,
    },
  ],
});

let crewActive = false;
beforeEach(() => {
  api = server.current;
  crewActive = false;
  api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany({ timeZone: "America/Denver" })));
  api.on("GET", "/api/calendar-feeds", (_req, res) => sendJson(res, 200, feeds(crewActive)));
  api.on("POST", "/api/calendar-feeds", (_req, res) => {
    crewActive = true;
    sendJson(res, 201, { url: URL_SHOWN });
  });
  api.on("DELETE", "/api/calendar-feeds", (_req, res) => {
    crewActive = false;
    res.statusCode = 204;
    res.end();
  });
});

const renderCard = async () => {
  renderApp({
    initialPath: "/settings",
    routes: (
      <Route element={<Outlet context={makeUser({ role: "owner" })} />}>
        <Route path="/settings" element={<CalendarFeedsCard />} />
      </Route>
    ),
  });
  return within(await screen.findByRole("region", { name: "Calendar feeds" }));
};
const requests = (method: string) => api.requests.filter((request) => request.method === method);

describe("calendar feeds", () => {
  it("makes a crew's link after a confirmation and shows it once", async () => {
    const card = await renderCard();
    fireEvent.click(await card.findByRole("button", { name: "Make link for Crew A" }));
    const dialog = await screen.findByRole("dialog", { name: "A new calendar link for Crew A?" });
    expect(requests("POST")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Make link" }));
    await vi.waitFor(() => expect(requests("POST")).toHaveLength(1));
    expect(JSON.parse(requests("POST")[0]!.body)).toEqual({ crewId: CREW_ID });
    expect(((await card.findByLabelText("Calendar link for Crew A")) as HTMLInputElement).value).toBe(URL_SHOWN);
    expect(await card.findByRole("button", { name: "New link for Crew A" })).toBeTruthy();
  });

  it("revokes a live link after saying what it stops", async () => {
    crewActive = true;
    const card = await renderCard();
    fireEvent.click(await card.findByRole("button", { name: "Revoke the link for Crew A" }));
    const dialog = await screen.findByRole("dialog", { name: "Revoke the calendar link for Crew A?" });
    expect(within(dialog).getByText("Calendars subscribed to it stop getting visits.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Revoke" }));
    await vi.waitFor(() => expect(requests("DELETE")).toHaveLength(1));
    expect(requests("DELETE")[0]!.url).toBe(`/api/calendar-feeds?crewId=${CREW_ID}`);
    expect(await card.findByRole("button", { name: "Make link for Crew A" })).toBeTruthy();
  });

  it("names the plan a company without calendar sync needs", async () => {
    api.on("GET", "/api/calendar-feeds", (_req, res) =>
      sendJson(res, 403, { message: "Calendar sync requires the Growth plan or higher.", requiredPlan: "growth" }),
    );
    const card = await renderCard();
    expect(await card.findByText("Plan Upgrade Required")).toBeTruthy();
    expect(card.getByText(/Calendar sync requires the Growth plan or higher/)).toBeTruthy();
  });
});
