// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { RoutePlan } from "@fieldops/shared/dispatch";
import { VERTICALS } from "@fieldops/shared/verticals";
import { RoutePlanProposal } from "./route-plan-proposal";

afterEach(cleanup);

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
        startEstimated: true,
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
      },
      {
        crewId: "b",
        crewName: "Blue Team",
        startEstimated: false,
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
      },
    ],
    before: { driveSeconds: 4200, distanceMeters: 45_000 },
    after: { driveSeconds: 1800, distanceMeters: 17_000 },
    saved: { driveSeconds: 2400, distanceMeters: 28_000 },
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
    expect(screen.getByText("Job “Mow lawn”: There is no room left in the crews' working hours")).toBeTruthy();
    expect(screen.getByText(/No start location set/)).toBeTruthy();
    expect(screen.getByText("No change")).toBeTruthy();
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
    expect(screen.getByText("Service Call “Mow lawn”: There is no room left in the crews' working hours")).toBeTruthy();
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
