import { describe, expect, it } from "vitest";
import { checkSolution } from "./checker";
import { parseSolomon } from "./solomon-parser";

const text = `TINY

VEHICLE
NUMBER     CAPACITY
  2         10

CUSTOMER
CUST NO.  XCOORD.   YCOORD.    DEMAND   READY TIME  DUE DATE   SERVICE   TIME

    0      0          0          0          0        100          0
    1      3          4          5          0         10          1
    2      6          8          5         10         20          1
    3      0          5          6          0         50          2
`;

describe("Solomon parser and independent checker", () => {
  const inst = parseSolomon(text);

  it("parses vehicles, capacity and customers", () => {
    expect(inst).toMatchObject({ name: "TINY", vehicles: 2, capacity: 10 });
    expect(inst.nodes).toHaveLength(4);
    expect(inst.nodes[2]).toEqual({ id: 2, x: 6, y: 8, demand: 5, ready: 10, due: 20, service: 1 });
  });

  it("accepts a feasible solution and measures its distance in full precision", () => {
    const r = checkSolution(inst, [[1, 2], [3]]);
    expect(r.errors).toEqual([]);
    expect(r.vehicles).toBe(2);
    expect(r.distance).toBeCloseTo(5 + 5 + 10 + 10, 10);
    expect(r.truncatedDistance).toBeCloseTo(30, 10);
  });

  it("also sums the arcs truncated to one decimal, as the DIMACS references do", () => {
    // Depot -> 1 -> 3 -> depot: 5 + hypot(3, 1) + 5 = 13.1623 in full, 13.1 truncated.
    const r = checkSolution(inst, [[1, 3], [2]]);
    expect(r.distance - 20).toBeCloseTo(13.16227766, 6);
    expect(r.truncatedDistance - 20).toBeCloseTo(13.1, 10);
  });

  it("times a plan under truncated arcs when asked, which can make a late plan feasible", () => {
    // Depot (0, 0) to (1, 1) is 1.41421 in full, 1.4 truncated: a window closing at 1.4 is met only with truncation.
    const tight = parseSolomon(
      text.replace(
        "1      3          4          5          0         10",
        "1      1          1          5          0        1.4",
      ),
    );
    expect(checkSolution(tight, [[1, 2], [3]]).errors).toContain("route 0: customer 1 served at 1.414 > due 1.4");
    const truncated = checkSolution(tight, [[1, 2], [3]], "truncated");
    expect(truncated.errors).toEqual([]);
    expect(truncated.distance).toBeCloseTo(truncated.truncatedDistance, 10);
  });

  it("catches late service, overload, missing and extra customers, and too many routes", () => {
    expect(checkSolution(inst, [[2, 1], [3]]).errors).toContain("route 0: customer 1 served at 16.000 > due 10");
    expect(checkSolution(inst, [[1, 2, 3]]).errors).toContain("route 0: load 16 > capacity 10");
    expect(checkSolution(inst, [[1, 2]]).errors).toContain("customer 3 served 0 times");
    expect(
      checkSolution(inst, [
        [1, 2],
        [3, 3],
      ]).errors,
    ).toContain("customer 3 served 2 times");
    expect(checkSolution(inst, [[1], [2], [3]]).errors).toContain("3 routes for 2 vehicles");
  });

  it("waits for windows and checks the return to the depot", () => {
    const late = parseSolomon(text.replace("0        100", "0         25"));
    // Route 1 -> 2: service at 5, leave at 6, service at 11, leave at 12, back at 22.
    expect(checkSolution(late, [[1, 2], [3]]).feasible).toBe(true);
    const tooLate = parseSolomon(text.replace("0        100", "0         21"));
    expect(checkSolution(tooLate, [[1, 2], [3]]).errors).toEqual(["route 0: back at depot at 22.000 > 21"]);
  });
});
