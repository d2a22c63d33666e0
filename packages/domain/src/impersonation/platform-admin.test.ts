import { describe, expect, it } from "vitest";
import { isPlatformAdmin } from "./platform-admin.ts";

describe("isPlatformAdmin", () => {
  const listed = ["ops@example.test", "cto@example.test"];

  it("is true for the admin role, whatever the address", () => {
    expect(isPlatformAdmin({ role: "admin", email: "someone@else.test" }, [])).toBe(true);
  });

  it("is true for a listed address of any role, in any letter case", () => {
    expect(isPlatformAdmin({ role: "owner", email: "Ops@Example.test" }, listed)).toBe(true);
    expect(isPlatformAdmin({ role: "member", email: "cto@example.test" }, listed)).toBe(true);
  });

  it("is false for an impersonation session, which acts as an admin inside one company only", () => {
    expect(
      isPlatformAdmin({ role: "admin", email: "ops@example.test", impersonation: { companyId: "c1" } }, listed),
    ).toBe(false);
  });

  it("is false for an owner, member or field user whose address is not listed", () => {
    for (const role of ["owner", "member", "field_user"] as const) {
      expect(isPlatformAdmin({ role, email: "owner@demo.test" }, listed)).toBe(false);
    }
  });
});
