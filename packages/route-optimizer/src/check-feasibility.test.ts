import { describe, expect, it } from "vitest";
import { checkFeasibility } from "./check-feasibility";
import type { RoutingModel } from "./model";

/** Three visits on a line at 1, 2, 3 from a depot at 0 (node 3); travel time = distance = |i - j|. */
function lineModel(overrides: Partial<RoutingModel> = {}): RoutingModel {
  const pos = [1, 2, 3, 0];
  const N = pos.length;
  const d = new Float64Array(N * N);
  for (let i = 0; i < N; i++) for (let j = 0; j < N; j++) d[i * N + j] = Math.abs(pos[i]! - pos[j]!);
  return {
    nVisits: 3,
    nNodes: N,
    time: d,
    cost: d,
    service: Float64Array.from([1, 1, 1, 0]),
    early: Float64Array.from([0, 0, 0, 0]),
    late: Float64Array.from([100, 100, 100, 100]),
    windows: null,
    nDims: 1,
    demand: Float64Array.from([1, 1, 1, 0]),
    penalty: Float64Array.from([1e6, 1e6, 1e6]),
    required: new Uint8Array(3),
    vehicles: [
      {
        startNode: 3,
        endNode: 3,
        shiftStart: 0,
        shiftEnd: 100,
        capacity: 3,
        capacities: Float64Array.of(3),
        breaks: [],
        typeKey: 0,
      },
    ],
    compatible: null,
    objective: "distance",
    ...overrides,
  };
}

describe("checkFeasibility", () => {
  it("accepts a feasible route and sums its cost", () => {
    const r = checkFeasibility(lineModel(), [{ vehicle: 0, nodes: [0, 1, 2] }]);
    expect(r).toEqual({ feasible: true, violations: [], cost: 6 });
  });

  it("rejects a visit served after its window closes", () => {
    const m = lineModel({ late: Float64Array.from([100, 100, 4, 100]) });
    // Arrives at visit 2 at 1 + 1 + 1 + 1 + 1 = 5.
    expect(checkFeasibility(m, [{ vehicle: 0, nodes: [0, 1, 2] }]).violations).toEqual([
      "visit 2: service starts at 5 after 4",
    ]);
    expect(checkFeasibility(m, [{ vehicle: 0, nodes: [2, 1, 0] }]).feasible).toBe(true);
  });

  it("lets a vehicle wait for a window to open", () => {
    const m = lineModel({ early: Float64Array.from([50, 0, 0, 0]) });
    expect(checkFeasibility(m, [{ vehicle: 0, nodes: [0, 1, 2] }]).feasible).toBe(true);
    const tight = lineModel({ early: Float64Array.from([50, 0, 0, 0]), late: Float64Array.from([100, 52, 100, 100]) });
    expect(checkFeasibility(tight, [{ vehicle: 0, nodes: [0, 1, 2] }]).feasible).toBe(true);
    const tooTight = lineModel({
      early: Float64Array.from([50, 0, 0, 0]),
      late: Float64Array.from([100, 51, 100, 100]),
    });
    expect(checkFeasibility(tooTight, [{ vehicle: 0, nodes: [0, 1, 2] }]).feasible).toBe(false);
  });

  it("rejects overloads, late returns, duplicates and missing skills", () => {
    const m = lineModel();
    const small = { ...m.vehicles[0]!, capacity: 2, capacities: Float64Array.of(2) };
    expect(checkFeasibility({ ...m, vehicles: [small] }, [{ vehicle: 0, nodes: [0, 1, 2] }]).violations).toEqual([
      "vehicle 0: load 3 over capacity 2",
    ]);
    const short = { ...m.vehicles[0]!, shiftEnd: 8 };
    expect(checkFeasibility({ ...m, vehicles: [short] }, [{ vehicle: 0, nodes: [0, 1, 2] }]).violations).toEqual([
      "vehicle 0: back at 9 after shift end 8",
    ]);
    expect(checkFeasibility(m, [{ vehicle: 0, nodes: [0, 1, 1] }]).violations).toContain("visit 1 served twice");
    const skills = { ...m, compatible: Uint8Array.from([1, 0, 1]) };
    expect(checkFeasibility(skills, [{ vehicle: 0, nodes: [0, 1, 2] }]).violations).toEqual([
      "visit 1: vehicle 0 lacks skills",
    ]);
  });

  it("requires every break of a working vehicle, inside its window", () => {
    const withBreak = { ...lineModel().vehicles[0]!, breaks: [{ duration: 10, earliest: 2, latest: 3 }] };
    const m = lineModel({ vehicles: [withBreak] });
    expect(checkFeasibility(m, [{ vehicle: 0, nodes: [0, 1, 2] }]).violations).toEqual([
      "vehicle 0: break 0 not taken",
    ]);
    // After visit 0 (done at 2) the break runs 2..12, visit 1 starts at 13.
    expect(checkFeasibility(m, [{ vehicle: 0, nodes: [0, -1, 1, 2] }]).feasible).toBe(true);
    expect(checkFeasibility(m, [{ vehicle: 0, nodes: [0, 1, -1, 2] }]).violations).toEqual([
      "vehicle 0: break 0 starts late at 4",
    ]);
    expect(checkFeasibility(m, [{ vehicle: 0, nodes: [-1] }]).feasible).toBe(true);
  });
});
