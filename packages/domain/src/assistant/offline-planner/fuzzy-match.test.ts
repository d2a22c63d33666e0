import { describe, expect, it } from "vitest";
import { editDistance, nameScore, pickByName } from "./fuzzy-match.ts";

const CREWS = [
  { id: "a", name: "Crew A" },
  { id: "b", name: "Crew B" },
  { id: "alpha", name: "Alpha Team" },
];

describe("fuzzy name matching", () => {
  it("counts a swap of neighbouring letters as one edit", () => {
    expect(editDistance("custmoers", "customers")).toBe(1);
    expect(editDistance("jbos", "jobs")).toBe(1);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });

  it("matches names through typos, accents and missing words", () => {
    expect(nameScore("jon smth", "John Smith")).toBeGreaterThanOrEqual(0.7);
    expect(nameScore("jose", "José García")).toBeGreaterThanOrEqual(0.7);
    expect(nameScore("acme", "Acme Plumbing")).toBeGreaterThanOrEqual(0.7);
    expect(nameScore("zebra", "Acme Plumbing")).toBe(0);
  });

  it("tells close names apart by the word that differs", () => {
    expect(pickByName("crew b", CREWS)).toEqual({ match: CREWS[1] });
    expect(pickByName("alpha", CREWS)).toEqual({ match: CREWS[2] });
    expect(nameScore("crew b", "Crew A")).toBeLessThan(0.7);
  });

  it("returns the candidates when a name could be more than one, and none when nothing matches", () => {
    const people = [
      { id: "john", name: "John Smith" },
      { id: "jane", name: "Jane Smith" },
    ];
    expect(pickByName("smith", people)).toEqual({ candidates: people });
    expect(pickByName("crew", CREWS)).toMatchObject({ candidates: [CREWS[0], CREWS[1]] });
    expect(pickByName("omega", CREWS)).toEqual({ candidates: [] });
  });
});
