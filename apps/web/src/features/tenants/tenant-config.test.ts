import { describe, expect, it } from "vitest";
import type { TenantConfig } from "@fieldops/shared/tenants";
import { makeUser } from "../../testing/fixtures";
import {
  canEnterTenant,
  DEFAULT_TENANT_FEATURES,
  isTenantAdministrator,
  needsImpersonation,
  tenantView,
} from "./tenant-config";

const full: TenantConfig = {
  id: "c1",
  slug: "green-valley",
  branding: { name: "Green Valley", logo: "/logo.png", primaryColor: "#1d4ed8" },
  industry: "lawn-care",
  homePath: "home",
  plan: "pro",
  planName: "Pro",
  features: ["jobs"],
  betaMode: true,
  whiteLabel: false,
};

describe("tenantView", () => {
  it("shows the tenant's brand, plan, features and beta mode", () => {
    expect(tenantView(full)).toEqual({
      name: "Green Valley",
      logo: "/logo.png",
      primaryColor: "#1d4ed8",
      industry: "lawn-care",
      planName: "Pro",
      features: ["jobs"],
      betaMode: true,
    });
  });

  it("falls back to the default features with a minimal brand when the features did not come", () => {
    const view = tenantView({ ...full, plan: null, planName: null, features: null, betaMode: null });
    expect(view).toEqual({
      name: "Green Valley",
      logo: null,
      primaryColor: null,
      industry: "lawn-care",
      planName: null,
      features: DEFAULT_TENANT_FEATURES,
      betaMode: false,
    });
  });
});

describe("who enters a tenant", () => {
  it("lets in its own users, a platform admin impersonating it among them; not another company's user", () => {
    expect(canEnterTenant(makeUser({ role: "field_user", companyId: "c1" }), full)).toBe(true);
    expect(canEnterTenant(makeUser({ role: "admin", companyId: "c1", impersonating: true }), full)).toBe(true);
    expect(canEnterTenant(makeUser({ role: "admin", companyId: null }), full)).toBe(false);
    expect(canEnterTenant(makeUser({ role: "owner", companyId: "c2" }), full)).toBe(false);
  });

  it("leads a platform admin who does not belong to it into an impersonation, and nobody else", () => {
    expect(needsImpersonation(makeUser({ role: "admin", companyId: null, platformAdmin: true }), full)).toBe(true);
    expect(needsImpersonation(makeUser({ role: "owner", companyId: "c2", platformAdmin: true }), full)).toBe(true);
    expect(needsImpersonation(makeUser({ role: "admin", companyId: "c2", impersonating: true }), full)).toBe(true);
    expect(needsImpersonation(makeUser({ role: "admin", companyId: "c1", impersonating: true }), full)).toBe(false);
    expect(needsImpersonation(makeUser({ role: "owner", companyId: "c1", platformAdmin: true }), full)).toBe(false);
    expect(needsImpersonation(makeUser({ role: "owner", companyId: "c2" }), full)).toBe(false);
  });

  it("shows the Administration group only to admins and while impersonating", () => {
    expect(isTenantAdministrator(makeUser({ role: "owner", companyId: "c1" }))).toBe(false);
    expect(isTenantAdministrator(makeUser({ role: "admin", companyId: null }))).toBe(true);
    expect(isTenantAdministrator(makeUser({ role: "member", companyId: "c1", impersonating: true }))).toBe(true);
  });
});
