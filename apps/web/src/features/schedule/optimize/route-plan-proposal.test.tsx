// @vitest-environment jsdom
import { cleanup, fireEvent, render as renderDom, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RoutePlan } from "@fieldops/shared/dispatch";
import { VERTICALS } from "@fieldops/shared/verticals";
import { RoutePlanProposal } from "./route-plan-proposal";

afterEach(cleanup);

/** Left-out visits link to their customers: the proposal renders inside the app's router. */
const render = (ui: ReactNode) => renderDom(<MemoryRouter>{ui}</MemoryRouter>);

const lawn = VERTICALS.landscaping.terminology;
const plumbing = VERTICALS.plumbing.terminology;

const at = (hhmm: string) => `2026-12-01T${hhmm}:00.000Z`;
const plan = (overrides: Partial<RoutePlan> = {}): RoutePlan => ({
  id: "plan-1",
  kind: "optimize",
  status: "ready",
  date: "2026-12-01",
  crewIds: ["a", "b"],
  budgetSeconds: 10,
  appliedCrewIds: [],
  error: null,
  map: null,
  createdAt: at("08:00"),
  updatedAt: at("08:00"),
  result: {
    distanceSource: "straight_line",
    crews: [
      {
        crewId: "a",
        crewName: "Green Team",
        startLabel: "The company's yard",
        current: {
          driveSeconds: 3600,
          distanceMeters: 40_000,
          stops: [{ visitId: "v1", jobTitle: "Mow lawn", start: at("14:00"), end: at("15:00") }],
        },
        proposed: {
          driveSeconds: 1200,
          distanceMeters: 12_000,
          stops: [{ visitId: "v2", jobTitle: "Trim hedge", start: at("14:00"), end: at("15:00") }],
        },
        breaks: [],
        tradesWith: [],
        alone: null,
      },
      {
        crewId: "b",
        crewName: "Blue Team",
        startLabel: "Dana Diaz's home",
        current: {
          driveSeconds: 600,
          distanceMeters: 5000,
          stops: [{ visitId: "v3", jobTitle: "Weed beds", start: at("16:00"), end: at("17:00") }],
        },
        proposed: {
          driveSeconds: 600,
          distanceMeters: 5000,
          stops: [{ visitId: "v3", jobTitle: "Weed beds", start: at("16:00"), end: at("17:00") }],
        },
        breaks: [],
        tradesWith: [],
        alone: null,
      },
    ],
    moves: [{ visitId: "v2", jobTitle: "Trim hedge", fromCrewId: null, toCrewId: "a" }],
    leftOut: [
      {
        visitId: "v1",
        jobTitle: "Mow lawn",
        crewId: "a",
        reason: "no_room_in_shifts",
        reasonText: "There is no room left in the crews' working hours",
        customerId: null,
        stays: false,
      },
      {
        visitId: "v9",
        jobTitle: "Edge lawn",
        crewId: "b",
        reason: "no_location",
        reasonText: "No location: check the address",
        customerId: "c9",
        stays: true,
      },
    ],
    before: { driveSeconds: 4200, distanceMeters: 45_000 },
    after: { driveSeconds: 1800, distanceMeters: 17_000 },
    saved: { driveSeconds: 2400, distanceMeters: 28_000 },
    slotMinutes: 5,
    notes: [],
  },
  ...overrides,
});

describe("RoutePlanProposal", () => {
  it("shows the saving, the straight-line warning, moves, left-out visits with reasons and each crew's day", () => {
    render(
      <RoutePlanProposal plan={plan()} timeZone="America/New_York" terms={lawn} onApply={() => {}} applying={false} />,
    );
    expect(screen.getByText("Saves 40 min and 28.0 km of driving")).toBeTruthy();
    expect(screen.getByText("Straight-line estimates")).toBeTruthy();
    expect(screen.getByText("Job “Trim hedge”: Comes from the unassigned queue to Green Team")).toBeTruthy();
    expect(screen.getByText(/Job “Mow lawn”: There is no room left in the crews' working hours/)).toBeTruthy();
    expect(screen.getByText("Starts and ends at The company's yard")).toBeTruthy();
    expect(screen.getByText("Times are rounded to 5 minutes.")).toBeTruthy();
    expect(screen.getByText("No change")).toBeTruthy();
  });

  it("lists a visit without a location with its reason, where it stays, and the way to fix its customer's address", () => {
    render(
      <RoutePlanProposal plan={plan()} timeZone="America/New_York" terms={lawn} onApply={() => {}} applying={false} />,
    );
    const leftOut = screen.getByRole("region", { name: "Left out (2)" });
    const entry = within(leftOut)
      .getAllByRole("listitem")
      .find((item) => item.textContent?.includes("Edge lawn"))!;
    expect(entry.textContent).toContain(
      "Job “Edge lawn”: No location: check the address. It stays on Blue Team at its time.",
    );
    expect(within(entry).getByRole("link", { name: "Fix the address of “Edge lawn”" }).getAttribute("href")).toBe(
      "/customers/c9",
    );
  });

  it("shows a crew that trades visits with its day applied alone, and applies that on its own", () => {
    const trading = plan();
    const green = trading.result!.crews[0]!;
    green.tradesWith = ["b"];
    green.alone = {
      driveSeconds: 3000,
      distanceMeters: 45_000,
      stops: [{ visitId: "v1", jobTitle: "Mow lawn", start: at("14:05"), end: at("15:05") }],
      breaks: [],
    };
    const onApply = vi.fn();
    render(
      <RoutePlanProposal plan={trading} timeZone="America/New_York" terms={lawn} onApply={onApply} applying={false} />,
    );
    const part = screen.getByRole("region", { name: "Green Team" });
    expect(within(part).getByText("Applied alone")).toBeTruthy();
    expect(within(part).getByText("In the whole plan")).toBeTruthy();
    // Alone it drives 10 minutes less than now but 5 km more: said as it is.
    expect(within(part).getByText(/exchanges visits with Blue Team/).textContent).toContain(
      "Saves 10 min of driving but adds 5.0 km",
    );
    fireEvent.click(within(part).getByRole("button", { name: "Apply Green Team's route alone" }));
    expect(onApply.mock.calls).toEqual([[["a"]]]);
  });

  it("says a proposal that drives more adds driving, and how many more visits it plans", () => {
    const more = plan();
    more.result!.before = { driveSeconds: 1800, distanceMeters: 17_000, visits: 2 };
    more.result!.after = { driveSeconds: 4200, distanceMeters: 45_000, visits: 3 };
    more.result!.saved = { driveSeconds: -2400, distanceMeters: -28_000, visits: -1 };
    render(
      <RoutePlanProposal plan={more} timeZone="America/New_York" terms={lawn} onApply={() => {}} applying={false} />,
    );
    expect(screen.getByText("Adds 40 min and 28.0 km of driving")).toBeTruthy();
    expect(screen.getByText("Plans 1 more visit than now")).toBeTruthy();
    expect(
      screen.getByText("Driving: 30 min (17.0 km) for 2 visits now, 1 h 10 min (45.0 km) for 3 visits proposed"),
    ).toBeTruthy();
    expect(screen.queryByText(/^Saves/)).toBeNull();
  });

  it("names moved and left-out work in the company's terms: a plumbing company's Service Call is a lawn company's Job", () => {
    render(
      <RoutePlanProposal
        plan={plan()}
        timeZone="America/New_York"
        terms={plumbing}
        onApply={() => {}}
        applying={false}
      />,
    );
    expect(screen.getByText("Service Call “Trim hedge”: Comes from the unassigned queue to Green Team")).toBeTruthy();
    expect(screen.getByText(/Service Call “Mow lawn”: There is no room left in the crews' working hours/)).toBeTruthy();
    expect(screen.queryByText(/^Job /)).toBeNull();
  });

  it("applies one crew's part or all of it", () => {
    const onApply = vi.fn();
    render(
      <RoutePlanProposal plan={plan()} timeZone="America/New_York" terms={lawn} onApply={onApply} applying={false} />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Apply Green Team's route" }));
    fireEvent.click(screen.getByRole("button", { name: "Apply all" }));
    expect(onApply.mock.calls).toEqual([[["a"]], []]);
  });

  it("offers nothing to apply once the crews that change are applied, and no warning with road distances", () => {
    const applied = plan({ appliedCrewIds: ["a"] });
    applied.result!.distanceSource = "osrm";
    render(
      <RoutePlanProposal plan={applied} timeZone="America/New_York" terms={lawn} onApply={() => {}} applying={false} />,
    );
    expect(screen.queryByRole("button", { name: /Apply/ })).toBeNull();
    expect(screen.getByText("Applied")).toBeTruthy();
    expect(screen.queryByText("Straight-line estimates")).toBeNull();
  });
});
