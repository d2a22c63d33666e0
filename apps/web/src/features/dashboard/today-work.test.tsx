// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { Role } from "@fieldops/shared/roles";
import type { UserdashResponse, UserdashVisit } from "@fieldops/shared/userdash";
import { VERTICALS } from "@fieldops/shared/verticals";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { TodayWork } from "./today-work";
import { userdashLiveEvents } from "./userdash-queries";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const visit = (overrides: Partial<UserdashVisit> = {}): UserdashVisit => ({
  id: "v1",
  jobId: "j1",
  jobNumber: 12,
  jobTitle: "Replace the water heater",
  customerName: "Grace Hopper",
  status: "dispatched",
  scheduledStart: "2030-01-07T15:00:00.000Z",
  scheduledEnd: "2030-01-07T16:00:00.000Z",
  version: 3,
  instructions: "Shut the water off at the street first.",
  property: { label: "Home", address: "12 Elm Street, Denver, CO 80202", accessNotes: "Side door", gateCode: "4321" },
  checklist: [
    { id: "c1", label: "Drain the old tank", done: true },
    { id: "c2", label: "Test the relief valve", done: false },
  ],
  onMyWay: { sentAt: null, unavailable: null },
  ...overrides,
});

const day = (overrides: Partial<UserdashResponse> = {}): UserdashResponse => ({
  date: "2030-01-07",
  timeZone: "America/Denver",
  crews: [{ crewId: "k1", crewName: "Crew A", color: "#16a34a", visits: [visit()] }],
  late: [],
  unscheduled: [],
  ...overrides,
});

function renderToday(role: Role) {
  return renderApp({
    initialPath: "/userdash",
    routes: <Route path="/userdash" element={<TodayWork role={role} terms={VERTICALS.plumbing.terminology} />} />,
  });
}

const dayReads = () => api.requests.filter((r) => r.method === "GET" && r.url === "/api/userdash").length;

beforeEach(() => {
  api = server.current;
});

describe("today's work", () => {
  it("texts the customer that the crew is on the way, once, and shows when it was sent", async () => {
    let sentAt: string | null = null;
    api.on("GET", "/api/userdash", (_req, res) =>
      sendJson(
        res,
        200,
        day({
          crews: [
            {
              crewId: "k1",
              crewName: "Crew A",
              color: null,
              visits: [visit({ onMyWay: { sentAt, unavailable: null } })],
            },
          ],
        }),
      ),
    );
    api.on("POST", "/api/visits/v1/on-my-way", (_req, res) => {
      sentAt = "2030-01-07T14:30:00.000Z";
      sendJson(res, 200, { sentAt, alreadySent: false, text: "Acme: Sam is on the way, arriving around 8:00 AM." });
    });
    renderToday("field_user");
    const button = await screen.findByRole("button", { name: "On my way to Grace Hopper" });
    fireEvent.click(button);
    expect(await screen.findByText(/Texted Grace Hopper at/)).toBeTruthy();
    expect((screen.getByRole("button", { name: "On my way to Grace Hopper" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(api.requests.filter((r) => r.method === "POST" && r.url === "/api/visits/v1/on-my-way")).toHaveLength(1);
  });

  it("says why the crew cannot text the customer", async () => {
    api.on("GET", "/api/userdash", (_req, res) =>
      sendJson(
        res,
        200,
        day({
          crews: [
            {
              crewId: "k1",
              crewName: "Crew A",
              color: null,
              visits: [
                visit({
                  onMyWay: { sentAt: null, unavailable: "On my way texts requires the Growth plan or higher." },
                }),
              ],
            },
          ],
        }),
      ),
    );
    renderToday("field_user");
    const button = await screen.findByRole("button", { name: "On my way to Grace Hopper" });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText("On my way texts requires the Growth plan or higher.")).toBeTruthy();
  });

  it("shows a field user where to go, how to get in and what to do, in the company's terms", async () => {
    api.on("GET", "/api/userdash", (_req, res) => sendJson(res, 200, day()));
    renderToday("field_user");
    const item = (await screen.findByRole("heading", { name: "Replace the water heater" })).closest("li")!;
    expect(item.textContent).toContain("Service Call #12 · Grace Hopper");
    expect(item.textContent).toContain("12 Elm Street, Denver, CO 80202");
    expect(item.textContent).toContain("Side door");
    expect(item.textContent).toContain("4321");
    const checklist = within(item as HTMLElement).getByRole("list", { name: "Checklist of Replace the water heater" });
    expect(
      within(checklist)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Drain the old tank(done)", "Test the relief valve(to do)"]);
    expect(within(item as HTMLElement).queryByRole("link")).toBeNull();
  });

  it("starts a visit with the version it was shown, and on a stale version says so and reads the day again", async () => {
    let reads = 0;
    api.on("GET", "/api/userdash", (_req, res) => {
      reads += 1;
      sendJson(
        res,
        200,
        reads === 1
          ? day()
          : day({
              crews: [
                {
                  crewId: "k1",
                  crewName: "Crew A",
                  color: null,
                  visits: [visit({ status: "in_progress", version: 4 })],
                },
              ],
            }),
      );
    });
    api.on("POST", "/api/visits/v1/transition", (_req, res) =>
      sendJson(res, 409, {
        message: "This visit was changed by someone else since you loaded it. Reload it and try again.",
        field: "version",
      }),
    );
    renderToday("field_user");
    fireEvent.click(await screen.findByRole("button", { name: "Start Replace the water heater" }));
    expect((await screen.findByRole("alert")).textContent).toContain("It has been reloaded");
    const sent = api.requests.find((r) => r.method === "POST");
    expect(JSON.parse(sent!.body)).toEqual({ to: "in_progress", version: 3 });
    expect(await screen.findByRole("button", { name: "Complete Replace the water heater" })).toBeTruthy();
    expect(dayReads()).toBe(2);
  });

  it("shows a member's empty day, late work linking to its job, and the company's words", async () => {
    api.on("GET", "/api/userdash", (_req, res) =>
      sendJson(
        res,
        200,
        day({
          crews: [],
          late: [
            {
              visitId: "v9",
              jobId: "j9",
              jobNumber: 9,
              jobTitle: "Fix the leak",
              customerName: "Alan Turing",
              status: "scheduled",
              crewName: "Crew B",
              scheduledEnd: "2030-01-06T16:00:00.000Z",
            },
          ],
        }),
      ),
    );
    renderToday("member");
    expect(await screen.findByText("No visits today")).toBeTruthy();
    const late = screen.getByRole("list", { name: "Late work" });
    expect(within(late).getByRole("link", { name: "Fix the leak" }).getAttribute("href")).toBe("/jobs/j9");
    expect(late.textContent).toContain("Service Call #9 · Alan Turing · Crew B");
    expect(screen.getByText("Service Calls with visits that wait for a time.")).toBeTruthy();
    expect(screen.getByText("No visit waits for a time.")).toBeTruthy();
  });

  it("reads the day again when visits change anywhere in the company", async () => {
    let reads = 0;
    api.on("GET", "/api/userdash", (_req, res) => {
      reads += 1;
      sendJson(res, 200, reads === 1 ? day() : day({ crews: [] }));
    });
    const { queryClient } = renderToday("member");
    expect(await screen.findByRole("link", { name: "Replace the water heater" })).toBeTruthy();
    userdashLiveEvents.react(
      { name: "visits.changed", payload: { visitIds: ["v1"], jobIds: ["j1"], crewIds: ["k1"] } },
      { queryClient },
    );
    expect(await screen.findByText("No visits today")).toBeTruthy();
  });

  it("says when the day cannot be loaded, and tries again", async () => {
    let fail = true;
    api.on("GET", "/api/userdash", (_req, res) =>
      fail ? sendJson(res, 503, { message: "Service unavailable" }) : sendJson(res, 200, day()),
    );
    renderToday("member");
    expect(await screen.findByText("Today's visits could not be loaded", undefined, { timeout: 10_000 })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    await waitFor(() => expect(screen.getByRole("link", { name: "Replace the water heater" })).toBeTruthy());
  });
});
