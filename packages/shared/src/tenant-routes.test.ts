import { describe, expect, it } from "vitest";
import { RESERVED_SLUGS, slugFromName, uniqueSlug, validateTenantSlug } from "./tenant-routes";

describe("tenant slug rules (spec §5)", () => {
  it.each([
    ["ab", "Slug must be at least 3 characters long"],
    ["a".repeat(51), "Slug must be 50 characters or less"],
    ["Green_Valley", "Slug can only contain lowercase letters, numbers, and hyphens"],
    ["-green", "Slug cannot start or end with a hyphen"],
    ["green-", "Slug cannot start or end with a hyphen"],
    ["admin", "This slug is reserved and cannot be used"],
    ["industries", "This slug is reserved and cannot be used"],
  ])("%s → %s", (slug, message) => {
    expect(validateTenantSlug(slug)).toBe(message);
  });

  it("accepts 3 and 50 characters of lowercase letters, numbers and inner hyphens", () => {
    expect(validateTenantSlug("abc")).toBeNull();
    expect(validateTenantSlug("a".repeat(50))).toBeNull();
    expect(validateTenantSlug("green-valley-2")).toBeNull();
  });
});

describe("slugFromName", () => {
  it.each([
    ["Green Valley Lawn Care", "green-valley-lawn-care"],
    ["  Acme   Plumbing, Inc. ", "acme-plumbing-inc"],
    ["Smith & Sons HVAC", "smith-and-sons-hvac"],
    ["Café Crème Cleaning", "cafe-creme-cleaning"],
    ["Jo", "jo-co"],
    ["!!!", "company-co"],
    ["Admin", "admin-co"],
  ])("%s → %s", (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
    expect(validateTenantSlug(slugFromName(name))).toBeNull();
  });

  it("always yields a valid slug, however long or odd the name", () => {
    for (const name of ["x".repeat(200), `${"word ".repeat(30)}-`, "--a--", ...RESERVED_SLUGS]) {
      expect(validateTenantSlug(slugFromName(name)), name).toBeNull();
    }
  });
});

describe("uniqueSlug", () => {
  it("adds -2, -3… until a slug is free, keeping within 50 characters", async () => {
    const taken = new Set(["green-valley", "green-valley-2"]);
    expect(await uniqueSlug("green-valley", async (s) => taken.has(s))).toBe("green-valley-3");
    const long = "a".repeat(50);
    const next = await uniqueSlug(long, async (s) => s === long);
    expect(next).toBe(`${"a".repeat(48)}-2`);
    expect(validateTenantSlug(next)).toBeNull();
  });
});
