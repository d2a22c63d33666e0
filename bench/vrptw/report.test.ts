import { describe, expect, it } from "vitest";
import { formatReport, type InstanceResult } from "./report";

const result = (over: Partial<InstanceResult>): InstanceResult => ({
  name: "R101",
  customers: 100,
  vehicles: 19,
  distance: 1650,
  truncatedDistance: 1645,
  feasible: true,
  errors: [],
  bksDistance: 1642.88,
  bksVehicles: 20,
  bksKind: "distance",
  bksArcs: "full",
  seconds: 1,
  iterations: 1000,
  ...over,
});

describe("the VRPTW report", () => {
  it("compares a truncated-arc reference in both conventions, and counts instances at it and with its vehicles", () => {
    const report = formatReport(
      [
        result({
          name: "r1_10_1",
          customers: 1000,
          distance: 1010,
          truncatedDistance: 1000,
          bksDistance: 1000,
          bksArcs: "truncated",
          vehicles: 96,
          bksVehicles: 95,
        }),
        result({
          name: "r1_10_2",
          customers: 1000,
          distance: 1030,
          truncatedDistance: 1020,
          bksDistance: 1000,
          bksArcs: "truncated",
          vehicles: 90,
          bksVehicles: 95,
        }),
      ],
      60,
      "distance",
    );
    expect(report).toContain(
      "1000 customers: 2 instances, mean gap 2.00 % (full precision; 1.00 % with arcs truncated to one decimal as the reference's are), 1/2 at the best known value, 1/2 with at most its vehicles, 2/2 feasible",
    );
  });

  it("on truncated arcs compares like for like, and only with references made on truncated arcs", () => {
    const report = formatReport(
      [
        result({
          name: "r1_10_1",
          customers: 1000,
          distance: 1010,
          truncatedDistance: 1010,
          bksDistance: 1000,
          bksArcs: "truncated",
        }),
        result({ name: "R101", distance: 1650, truncatedDistance: 1650, bksDistance: 1642.88, bksArcs: "full" }),
      ],
      600,
      "distance",
      "truncated",
    );
    expect(report).toContain("arcs (distance and travel time) truncated to one decimal, the DIMACS 2021 rule");
    expect(report).toContain("1000 customers: 1 instances, mean gap 1.00 %, 0/1 at the best known value");
    expect(report).toContain("100 customers: 1 instances, no distance-only reference (the gap needs one)");
    expect(report).toContain("overall: mean gap 1.00 % over 1 instances with a comparable reference, 0 infeasible");
  });

  it("gives no distance gap against a fewest-vehicles-first reference, and counts an infeasible result", () => {
    const report = formatReport(
      [
        result({
          name: "R1_2_1",
          customers: 200,
          bksKind: "hierarchical",
          distance: 4000,
          bksDistance: 4700,
          feasible: false,
        }),
      ],
      1,
      "distance",
    );
    expect(report).toContain(
      "200 customers: 1 instances, no distance-only reference (the gap needs one), 0/0 at the best known value, 1/1 with at most its vehicles, 0/1 feasible",
    );
    expect(report).toContain("overall: mean gap - % over 0 instances with a comparable reference, 1 infeasible");
  });
});
