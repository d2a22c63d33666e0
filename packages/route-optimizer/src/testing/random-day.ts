import type { RoutingProblemInput, VisitInput } from "../contract";
import { Rng } from "../rng";

const at = (lat: number, lon: number) => ({ lat, lon });

/**
 * A random day using every feature: visits with one or two windows, two capacity dimensions, some required; three
 * crews with a lunch and a short break each. Travel is meant for `gridMatrix()`.
 */
export function randomDay(seed: number): RoutingProblemInput {
  const rng = new Rng(seed);
  const visits: VisitInput[] = Array.from({ length: 12 }, (_, i) => {
    const start = rng.int(20) * 600;
    const windows = [{ start, end: start + 600 + rng.int(4) * 600 }];
    if (rng.next() < 0.5) windows.push({ start: windows[0]!.end + 1800, end: windows[0]!.end + 5400 });
    return {
      id: `v${i}`,
      location: at(rng.int(21) - 10, rng.int(21) - 10),
      serviceSeconds: 600 + rng.int(6) * 300,
      timeWindows: windows,
      demand: { weight: rng.int(40), volume: rng.int(3) },
      required: rng.next() < 0.3,
      postponeCost: rng.next() < 0.5 ? 600 + rng.int(3600) : undefined,
    };
  });
  const crews = Array.from({ length: 3 }, (_, k) => ({
    id: `c${k}`,
    start: at(rng.int(5) - 2, rng.int(5) - 2),
    shift: { start: 0, end: 30_000 },
    capacity: { weight: 120, volume: 6 },
    breaks: [
      { durationSeconds: 1800, window: { start: 9000 + rng.int(4) * 900, end: 16_000 } },
      { durationSeconds: 600, window: { start: 3000, end: 7000 } },
    ],
  }));
  return { visits, crews, options: { seed, maxIterations: 300, timeLimitMs: 60_000 } };
}
