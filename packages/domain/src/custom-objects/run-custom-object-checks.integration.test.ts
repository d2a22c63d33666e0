import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import { createTestCompany, startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";
import { CUSTOM_FIELD_TYPES, type CustomEntity, type FeatureSpec } from "@fieldops/shared/feature-spec";
import { equipmentSpec } from "./custom-object-test-fixtures.ts";
import { installCustomObjects } from "./install-custom-objects.ts";
import { runCustomObjectChecks } from "./run-custom-object-checks.ts";

let t: TestApp;
let app: Database;
beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
});
afterAll(() => t.close());

async function installed(spec: FeatureSpec = equipmentSpec()) {
  const company = await createTestCompany(t.db);
  const buildId = randomUUID();
  await withTenant(app, company.id, (tx) => installCustomObjects(tx, { buildId, spec }));
  return { company, buildId };
}

/** An object with a field of every type, required every other one, and the relations given. */
function objectWith(key: string, relations: CustomEntity["relations"]): CustomEntity {
  return {
    key,
    name: key,
    pluralName: `${key}s`,
    showOn: [],
    fields: CUSTOM_FIELD_TYPES.map((type, index) => ({
      key: `${type}_field`,
      label: `${type} field`,
      type,
      required: index % 2 === 0,
      ...(type === "select" ? { options: ["A", "B"] } : {}),
    })),
    relations,
  };
}

const specOf = (entities: CustomEntity[]): FeatureSpec => ({
  featureName: "Checks",
  description: "",
  entities,
  routes: [],
});

describe("runCustomObjectChecks", () => {
  it("passes every generated check of a sound build and leaves nothing behind, in a company without customers or jobs", async () => {
    const { company, buildId } = await installed();
    const checks = await runCustomObjectChecks(app, { companyId: company.id, buildId });
    expect(checks.filter((check) => !check.passed)).toEqual([]);
    const names = checks.map((check) => check.name);
    for (const name of [
      "equipment: create",
      "equipment: read",
      "equipment: list and search",
      "equipment: update",
      "equipment: delete",
      "equipment: another company's access refused",
      "equipment: serial_number is required",
      "equipment: install_date (date) refuses a day that does not exist",
      "equipment: condition (select) refuses a value not among the options",
      "equipment: customer refuses a customer that does not exist",
      "service_log: create",
      "service_log: equipment refuses a equipment that does not exist",
    ]) {
      expect(names).toContain(name);
    }
    for (const type of [
      "text",
      "long_text",
      "number",
      "integer",
      "money",
      "date",
      "datetime",
      "boolean",
      "select",
      "email",
      "phone",
      "url",
    ]) {
      expect(
        names.some((name) => name.includes(`(${type}) refuses`)),
        type,
      ).toBe(true);
    }
    expect(checks.every((check) => check.durationMs >= 0 && check.detail.length > 0)).toBe(true);
    expect(await t.db.customObjectRecord.count({ where: { companyId: company.id } })).toBe(0);
    expect(await t.db.customer.count({ where: { companyId: company.id } })).toBe(0);
    expect(await t.db.job.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("fails the checks of a broken definition and reports why", async () => {
    const { company, buildId } = await installed();
    await t.db.customObjectDefinition.updateMany({
      where: { companyId: company.id, key: "equipment" },
      data: { fields: [{ key: "make", label: "Make", type: "colour", required: true }] },
    });
    const checks = await runCustomObjectChecks(app, { companyId: company.id, buildId });
    const definition = checks.find((check) => check.name === "equipment: definition");
    expect(definition).toMatchObject({ passed: false });
    expect(definition?.detail).toContain("broken");
    // The other object points at the broken one: its records cannot be made either.
    expect(checks.find((check) => check.name === "service_log: create")).toMatchObject({ passed: false });
  });

  it("fails when a relation points at an object that is not there", async () => {
    const { company, buildId } = await installed();
    await t.db.customObjectDefinition.updateMany({
      where: { companyId: company.id, key: "service_log" },
      data: { relations: [{ key: "machine", label: "Machine", target: "machine", required: true }] },
    });
    const checks = await runCustomObjectChecks(app, { companyId: company.id, buildId });
    expect(checks.find((check) => check.name === "service_log: create")).toMatchObject({
      passed: false,
      detail: "there is no custom object machine to point at",
    });
  });

  it("passes the checks of a treatment kept per visit, pointing at the visit and a team member", async () => {
    const treatment: CustomEntity = {
      key: "pest_treatment",
      name: "Pest Treatment",
      pluralName: "Pest Treatments",
      showOn: ["visit"],
      fields: [
        { key: "product", label: "Product", type: "text", required: true },
        { key: "dose", label: "Dose", type: "number", required: true, unit: "ml" },
      ],
      relations: [
        { key: "visit", label: "Visit", target: "visit", required: true },
        { key: "applied_by", label: "Applied By", target: "team_member", required: true },
      ],
    };
    const { company, buildId } = await installed(specOf([treatment]));
    const checks = await runCustomObjectChecks(app, { companyId: company.id, buildId });
    expect(checks.filter((check) => !check.passed)).toEqual([]);
    expect(checks.map((check) => check.name)).toEqual(
      expect.arrayContaining([
        "pest_treatment: create",
        "pest_treatment: visit refuses a visit that does not exist",
        "pest_treatment: applied_by refuses a team_member that does not exist",
      ]),
    );
  });

  it("fails a build that installed nothing", async () => {
    const company = await createTestCompany(t.db);
    expect(await runCustomObjectChecks(app, { companyId: company.id, buildId: randomUUID() })).toEqual([
      {
        name: "custom objects installed",
        passed: false,
        detail: "The build installed no custom object",
        durationMs: 0,
      },
    ]);
  });

  it("passes for ten objects each requiring the one before, and leaves out an optional relation that leads back", async () => {
    const entities = Array.from({ length: 10 }, (_, index) =>
      objectWith(`part_${index}`, [
        ...(index > 0 ? [{ key: "inside", label: "Inside", target: `part_${index - 1}`, required: true }] : []),
        { key: "spare_for", label: "Spare for", target: `part_${index}`, required: false },
        { key: "customer", label: "Customer", target: "customer", required: false },
      ]),
    );
    const { company, buildId } = await installed(specOf(entities));
    const checks = await runCustomObjectChecks(app, { companyId: company.id, buildId });
    expect(checks.filter((check) => !check.passed)).toEqual([]);
    expect(checks.filter((check) => check.name.endsWith(": create"))).toHaveLength(10);
  });

  it("fails objects whose required relations go round in a circle: no record of them can be made", async () => {
    const { company, buildId } = await installed(
      specOf([
        objectWith("hen", [{ key: "from_egg", label: "From egg", target: "egg", required: true }]),
        objectWith("egg", [{ key: "laid_by", label: "Laid by", target: "hen", required: true }]),
      ]),
    );
    const checks = await runCustomObjectChecks(app, { companyId: company.id, buildId });
    expect(checks.find((check) => check.name === "hen: create")).toMatchObject({
      passed: false,
      detail: "the required relations of hen → egg → hen go round in a circle: no record can be made",
    });
  });
});
