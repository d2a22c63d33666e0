import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { can, capabilitySchema, ROLE_CAPABILITIES, rolesWith, type Capability } from "./permissions";
import { roleSchema, type Role } from "./roles";

const as = (role: Role) => ({ role, permissions: [] });

describe("the role table", () => {
  it("lets owners and members do the office's work, and not field users or administrators", () => {
    const officeWork: Capability[] = [
      "customers.manage",
      "jobs.manage",
      "schedule.manage",
      "sales.manage",
      "invoices.manage",
      "crews.manage",
    ];
    for (const capability of officeWork) expect(rolesWith(capability), capability).toEqual(["owner", "member"]);
  });

  it("gives the company's administration to owners and administrators, not members or field users", () => {
    const administration: Capability[] = [
      "team.manage",
      "settings.manage",
      "outbox.read",
      "audit.read",
      "integrations.manage",
      "builds.manage",
      "approvals.decide",
      "demo.switch_tier",
      "custom_objects.preview",
    ];
    for (const capability of administration) expect(rolesWith(capability), capability).toEqual(["owner", "admin"]);
  });

  it("lets only an owner change the plan or add a team member directly", () => {
    expect(rolesWith("plan.change")).toEqual(["owner"]);
    expect(rolesWith("team.add_member")).toEqual(["owner"]);
    expect(can(as("member"), "plan.change")).toBe(false);
    expect(can(as("admin"), "plan.change")).toBe(false);
  });

  it("keeps field users to their own work: no customers to manage, no refunds, only their crews' visits and tickets", () => {
    expect(ROLE_CAPABILITIES.field_user).toEqual([]);
    expect(can(as("field_user"), "customers.manage")).toBe(false);
    expect(can(as("field_user"), "invoices.manage")).toBe(false);
    expect(can(as("field_user"), "visits.manage_all")).toBe(false);
    expect(can(as("field_user"), "support.read_all")).toBe(false);
  });

  it("lets everyone but field users read settings, the activity feed, integrations, reports, every visit and ticket, and write custom records", () => {
    const office: Capability[] = [
      "settings.read",
      "activity.read",
      "integrations.read",
      "reports.read",
      "custom_records.manage",
      "visits.manage_all",
      "support.read_all",
      "assistant.read_office",
    ];
    for (const capability of office) expect(rolesWith(capability), capability).toEqual(["owner", "admin", "member"]);
  });

  it("keeps members from the company's administration: no team, settings, audit log or approvals", () => {
    for (const capability of ["team.manage", "settings.manage", "audit.read", "approvals.decide"] as const) {
      expect(can(as("member"), capability), capability).toBe(false);
    }
  });

  it("lets only an owner invoice a whole period at once (many invoices in one step)", () => {
    expect(rolesWith("invoices.batch")).toEqual(["owner"]);
    expect(can(as("member"), "invoices.batch")).toBe(false);
  });

  it("opens the admin portal to the admin role alone", () => {
    expect(rolesWith("platform.manage")).toEqual(["admin"]);
  });

  it("has a row for every role and gives every capability to some role", () => {
    expect(Object.keys(ROLE_CAPABILITIES).sort()).toEqual([...roleSchema.options].sort());
    for (const capability of capabilitySchema.options) expect(rolesWith(capability), capability).not.toEqual([]);
  });
});

describe("can", () => {
  it("lets a platform admin impersonating the company (permission platform_admin) do anything", () => {
    const impersonating = { role: "admin" as const, permissions: ["platform_admin" as const] };
    for (const capability of capabilitySchema.options) expect(can(impersonating, capability), capability).toBe(true);
  });

  it("judges an actor given without permissions by its role alone", () => {
    expect(can({ role: "owner" }, "plan.change")).toBe(true);
    expect(can({ role: "admin" }, "jobs.manage")).toBe(false);
    expect(can({ role: "member", permissions: ["view", "edit"] }, "jobs.manage")).toBe(true);
  });
});

describe("every capability", () => {
  const root = fileURLToPath(new URL("../../..", import.meta.url));
  const table = fileURLToPath(new URL("./permissions.ts", import.meta.url));
  const sourceDirs = ["apps/api/src", "apps/web/src", "packages/domain/src", "packages/shared/src", "workers/src"];
  const sources = sourceDirs
    .flatMap((dir) =>
      readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }).map((file) => join(root, dir, file)),
    )
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== table)
    .map((file) => readFileSync(file, "utf8"));

  it("is checked somewhere outside the table (no dead capability)", () => {
    const unused = capabilitySchema.options.filter(
      (capability) => !sources.some((source) => source.includes(`"${capability}"`)),
    );
    expect(unused).toEqual([]);
  });
});
