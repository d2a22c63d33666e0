import { describe, expect, it } from "vitest";
import {
  INDUSTRY_SLUGS,
  matchTenantPath,
  RESERVED_SLUGS,
  slugFromName,
  TENANT_SUB_ROUTES,
  tenantPath,
  uniqueSlug,
  validateTenantSlug,
} from "./tenant-routes";

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

describe("matchTenantPath", () => {
  it.each([
    ["/", { kind: "app" }],
    ["/jobs", { kind: "app" }],
    ["/admin-dashboard", { kind: "app" }],
    ["/instance-admin/42", { kind: "app" }],
    ["/settings/integrations", { kind: "app" }],
    ["/hvac", { kind: "industry", industry: "hvac" }],
    ["/green-valley", { kind: "tenant", tenantId: "green-valley", industry: null, base: "/green-valley", rest: "" }],
    [
      "/green-valley/crews/7",
      { kind: "tenant", tenantId: "green-valley", industry: null, base: "/green-valley", rest: "crews/7" },
    ],
    [
      "/turf/green-valley/leads",
      { kind: "tenant", tenantId: "green-valley", industry: "turf", base: "/turf/green-valley", rest: "leads" },
    ],
    [
      "/lawn-care/acme/",
      { kind: "tenant", tenantId: "acme", industry: "lawn-care", base: "/lawn-care/acme", rest: "" },
    ],
    ["/hvac/settings", { kind: "app" }],
    ["/t/green-valley/jobs", { kind: "legacy", to: "/turf/green-valley/jobs" }],
    ["/t/green-valley", { kind: "legacy", to: "/turf/green-valley" }],
  ])("%s", (path, match) => {
    expect(matchTenantPath(path)).toEqual(match);
  });

  it("treats every reserved first word as the app's and every industry alone as its page", () => {
    for (const word of RESERVED_SLUGS) if (word !== "t") expect(matchTenantPath(`/${word}`).kind, word).toBe("app");
    for (const industry of INDUSTRY_SLUGS)
      expect(matchTenantPath(`/${industry}`), industry).toEqual({ kind: "industry", industry });
  });

  it("lists the spec's 23 sub-routes of a tenant, and the automations' list the issue adds", () => {
    expect(TENANT_SUB_ROUTES).toHaveLength(24);
    expect(TENANT_SUB_ROUTES).toContain("automations");
    expect(matchTenantPath("/green-valley/automations")).toMatchObject({ kind: "tenant", rest: "automations" });
  });
});

describe("tenantPath", () => {
  it("builds /{slug}/{sub} and /{industry}/{slug}/{sub}", () => {
    expect(tenantPath({ slug: "green-valley" })).toBe("/green-valley");
    expect(tenantPath({ slug: "green-valley", industry: "turf" }, "leads")).toBe("/turf/green-valley/leads");
  });

  it("refuses an unknown industry or a reserved or malformed slug", () => {
    expect(() => tenantPath({ slug: "admin" })).toThrow("This slug is reserved and cannot be used");
    expect(() => tenantPath({ slug: "Bad Slug" })).toThrow("Slug can only contain");
    expect(() => tenantPath({ slug: "green-valley", industry: "bakery" })).toThrow("not an industry");
  });
});
