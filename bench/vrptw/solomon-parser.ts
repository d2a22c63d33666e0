/** Parser for Solomon / Gehring & Homberger VRPTW text files. Node 0 is the depot. */
export interface SolomonNode {
  id: number;
  x: number;
  y: number;
  demand: number;
  ready: number;
  due: number;
  service: number;
}

export interface SolomonInstance {
  name: string;
  vehicles: number;
  capacity: number;
  nodes: SolomonNode[];
}

export function parseSolomon(text: string): SolomonInstance {
  const lines = text.split(/\r?\n/).map((l) => l.trim());
  const name = lines.find((l) => l.length > 0) ?? "";
  const vIdx = lines.findIndex((l) => /^NUMBER\s+CAPACITY/i.test(l));
  if (vIdx < 0) throw new Error(`${name}: no VEHICLE section`);
  const vLine = lines.slice(vIdx + 1).find((l) => l.length > 0) ?? "";
  const [vehicles, capacity] = vLine.split(/\s+/).map(Number);
  if (vehicles === undefined || capacity === undefined || Number.isNaN(vehicles) || Number.isNaN(capacity)) {
    throw new Error(`${name}: bad vehicle line "${vLine}"`);
  }
  const cIdx = lines.findIndex((l) => /^CUST\.?\s*NO/i.test(l));
  if (cIdx < 0) throw new Error(`${name}: no CUSTOMER section`);
  const nodes: SolomonNode[] = [];
  for (const line of lines.slice(cIdx + 1)) {
    if (line.length === 0) continue;
    const f = line.split(/\s+/).map(Number);
    if (f.length < 7 || f.some((x) => Number.isNaN(x))) throw new Error(`${name}: bad customer line "${line}"`);
    const [id, x, y, demand, ready, due, service] = f as [number, number, number, number, number, number, number];
    nodes.push({ id, x, y, demand, ready, due, service });
  }
  if (nodes[0]?.id !== 0) throw new Error(`${name}: first customer line must be the depot (0)`);
  return { name, vehicles, capacity, nodes };
}

export const euclidean = (a: SolomonNode, b: SolomonNode): number => Math.hypot(a.x - b.x, a.y - b.y);

/**
 * How an arc's length (its distance and its travel time) is taken: in full floating point, the literature's rule for
 * these sets, or truncated to one decimal, the DIMACS 2021 rule that the 1000-customer distance-only references (and
 * PyVRP's published figures) were computed under. Truncation shortens travel times too, so it changes which plans
 * are feasible, not only their length.
 */
export const ARC_CONVENTIONS = ["full", "truncated"] as const;
export type ArcConvention = (typeof ARC_CONVENTIONS)[number];

export const truncateArc = (d: number): number => Math.floor(d * 10) / 10;

export const arcLength = (a: SolomonNode, b: SolomonNode, arcs: ArcConvention): number =>
  arcs === "truncated" ? truncateArc(euclidean(a, b)) : euclidean(a, b);
