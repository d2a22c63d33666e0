import { describe, expect, it } from "vitest";
import { sameWork, sameWorkWord } from "./work-words.ts";

describe("the words of work", () => {
  it("are the same work in their other forms", () => {
    expect(sameWorkWord("aerated", "aeration")).toBe(true);
    expect(sameWorkWord("mowing", "mow")).toBe(true);
    expect(sameWorkWord("installing", "install")).toBe(true);
    expect(sameWorkWord("treatment", "treat")).toBe(true);
    expect(sameWork("aerated", "Core aeration")).toBe(true);
  });

  it("are not words that only start alike", () => {
    expect(sameWorkWord("spring", "sprinkler")).toBe(false);
    expect(sameWorkWord("heating", "heater")).toBe(true);
    expect(sameWorkWord("gutter", "gut")).toBe(true);
    expect(sameWork("spring", "Sprinkler check")).toBe(false);
    expect(sameWork("ac", "AC tune-up")).toBe(false);
  });
});
