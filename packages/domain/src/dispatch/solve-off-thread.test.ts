import { describe, expect, it } from "vitest";
import type { RoutingProblemInput } from "@fieldops/route-optimizer";
import { solveOffThread } from "./solve-off-thread.ts";
import { dayMatrix } from "./travel-matrix.ts";

const at = (lat: number, lon: number) => ({ lat, lon });
const day: RoutingProblemInput = {
  visits: [
    { id: "a", location: at(39.74, -104.99), serviceSeconds: 600 },
    { id: "b", location: at(39.75, -104.98), serviceSeconds: 600 },
    { id: "c", location: at(39.73, -105.0), serviceSeconds: 600 },
  ],
  crews: [{ id: "crew", start: at(39.74, -104.99), shift: { start: 0, end: 50_000 } }],
  options: { objective: "travel-time", maxIterations: 50 },
};
const locations = [at(39.74, -104.99), ...day.visits.map((visit) => visit.location)];

describe("solveOffThread", () => {
  it("answers searches asked for at once, each with its own plan, and survives a search that fails", async () => {
    const matrix = await dayMatrix(locations, undefined);
    const deadline = () => Date.now() + 2000;
    const [first, second] = await Promise.all([
      solveOffThread(day, matrix, deadline()),
      solveOffThread({ ...day, visits: day.visits.slice(0, 2) }, matrix, deadline()),
    ]);
    expect(first.routes[0]!.stops.filter((stop) => stop.kind === "visit")).toHaveLength(3);
    expect(second.routes[0]!.stops.filter((stop) => stop.kind === "visit")).toHaveLength(2);

    await expect(
      solveOffThread({ ...day, visits: [{ id: "nowhere", location: at(999, 0) }] }, matrix, deadline()),
    ).rejects.toThrow();
    const after = await solveOffThread(day, matrix, deadline());
    expect(after.unassigned).toEqual([]);
  }, 60_000);
});
