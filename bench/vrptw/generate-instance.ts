import type { SolomonInstance, SolomonNode } from "./solomon-parser";

/**
 * A random instance in the Gehring & Homberger R1 style with `customers` customers: uniform positions in a square whose
 * side grows with the square root of the size (so routes keep their length), a depot in the middle, windows of about
 * an hour and a half in a ten-hour horizon, capacity for about ten customers. Deterministic for a seed.
 */
export function generateInstance(customers: number, seed: number): SolomonInstance {
  let state = seed >>> 0 || 1;
  const random = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 4294967296;
  };
  const side = Math.round(100 * Math.sqrt(customers / 100));
  const horizon = 10 * side;
  const depot: SolomonNode = { id: 0, x: side / 2, y: side / 2, demand: 0, ready: 0, due: horizon, service: 0 };
  const nodes: SolomonNode[] = [depot];
  for (let id = 1; id <= customers; id++) {
    const x = Math.round(random() * side);
    const y = Math.round(random() * side);
    const service = 10;
    const fromDepot = Math.hypot(x - depot.x, y - depot.y);
    // The window opens late enough to reach and closes early enough to get back.
    const earliest = Math.ceil(fromDepot);
    const latest = Math.floor(horizon - service - fromDepot);
    const width = 60 + Math.round(random() * 90);
    const ready = earliest + Math.round(random() * Math.max(0, latest - earliest - width));
    nodes.push({
      id,
      x,
      y,
      demand: 1 + Math.round(random() * 19),
      ready,
      due: Math.min(latest, ready + width),
      service,
    });
  }
  return { name: `gen_${customers}`, vehicles: Math.ceil(customers / 4), capacity: 100, nodes };
}
