import { describe, expect, it } from "vitest";
import { toE164 } from "./messages";

describe("toE164", () => {
  it("writes North American numbers as typed in the office with +1", () => {
    expect(toE164("(555) 201-7788")).toBe("+15552017788");
    expect(toE164("555.201.7788")).toBe("+15552017788");
    expect(toE164("1 555 201 7788")).toBe("+15552017788");
    expect(toE164("+1 (555) 201-7788")).toBe("+15552017788");
  });

  it("keeps international numbers given with their country code", () => {
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
  });

  it("is null for what is not a phone number", () => {
    expect(toE164("")).toBeNull();
    expect(toE164("12")).toBeNull();
    expect(toE164("555-0100")).toBeNull();
    expect(toE164("call me")).toBeNull();
    expect(toE164("+1234")).toBeNull();
  });
});
