import { createHash } from "node:crypto";

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .filter((key) => (value as Record<string, unknown>)[key] !== undefined)
        .map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
    );
  }
  return value;
}

/** A module run's parameters as one sha256: the same parameters in any key order give the same hash. */
export function hashModuleParams(moduleId: string, params: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify([moduleId, canonical(params)]))
    .digest("hex");
}
