import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database, type TenantTransaction } from "@fieldops/db";
import { createTestCompany, startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";
import { DomainError } from "../errors.ts";
import { systemActor } from "../tenant-scope.ts";
import { createCustomRecord } from "./create-custom-record.ts";
import { equipmentSpec } from "./custom-object-test-fixtures.ts";
import { installCustomObjects } from "./install-custom-objects.ts";
import { listCustomObjects } from "./list-custom-objects.ts";
import { listCustomRecords } from "./list-custom-records.ts";
import { promoteCustomObjects } from "./promote-custom-objects.ts";
import { rollbackCustomObjects } from "./rollback-custom-objects.ts";

/** The test's records are made as the system; their events are not listened to. */
const seeding = (tx: TenantTransaction) => ({ tx, actor: systemActor("test"), emit: () => undefined });

let t: TestApp;
let app: Database;
beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
});
afterAll(() => t.close());

const owner = { role: "owner" } as const;

describe("installing, promoting and rolling back a build's custom objects", () => {
  it("installs one definition per entity in preview, and installing the same build again changes nothing", async () => {
    const company = await createTestCompany(t.db);
    const buildId = randomUUID();
    const first = await withTenant(app, company.id, (tx) =>
      installCustomObjects(tx, { buildId, spec: equipmentSpec() }),
    );
    expect(first.map((d) => [d.key, d.stage, d.buildId])).toEqual([
      ["equipment", "preview", buildId],
      ["service_log", "preview", buildId],
    ]);
    expect(first[0]).toMatchObject({
      name: "Equipment",
      showOn: ["customer"],
      relations: [{ key: "customer", target: "customer", required: true }],
    });
    expect(first[0]?.fields).toHaveLength(14);
    const rowsBefore = await t.db.customObjectDefinition.findMany({
      where: { companyId: company.id },
      orderBy: { key: "asc" },
    });
    const again = await Promise.all(
      [1, 2].map(() =>
        withTenant(app, company.id, (tx) => installCustomObjects(tx, { buildId, spec: equipmentSpec() })),
      ),
    );
    expect(again[0]).toEqual(first);
    expect(
      await t.db.customObjectDefinition.findMany({ where: { companyId: company.id }, orderBy: { key: "asc" } }),
    ).toEqual(rowsBefore);
  });

  it("refuses a spec that breaks the contract, installing nothing", async () => {
    const company = await createTestCompany(t.db);
    const spec = equipmentSpec();
    spec.entities[1]!.relations[0]!.target = "machine";
    const attempt = withTenant(app, company.id, (tx) => installCustomObjects(tx, { buildId: randomUUID(), spec }));
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({ kind: "invalid_input", field: "entities.1.relations.0.target" });
    expect(await t.db.customObjectDefinition.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("promotes to production, rolls back keeping the records, and a later build of the same key brings them back", async () => {
    const company = await createTestCompany(t.db);
    const customer = await t.db.customer.create({
      data: {
        companyId: company.id,
        name: "Ada",
        street: "1 Elm",
        city: "Denver",
        region: "CO",
        postcode: "80202",
      },
    });
    const firstBuild = randomUUID();
    await withTenant(app, company.id, (tx) => installCustomObjects(tx, { buildId: firstBuild, spec: equipmentSpec() }));
    const promoted = await withTenant(app, company.id, (tx) => promoteCustomObjects(tx, { buildId: firstBuild }));
    expect(promoted.map((d) => d.stage)).toEqual(["production", "production"]);
    const member = { role: "member" } as const;
    const record = await withTenant(app, company.id, (tx) =>
      createCustomRecord(seeding(tx), {
        objectKey: "equipment",
        access: member,
        values: { make: "Trane", serial_number: "SN-1", customer: customer.id },
      }),
    );

    const rolledBack = await withTenant(app, company.id, (tx) => rollbackCustomObjects(tx, { buildId: firstBuild }));
    expect(rolledBack.map((d) => d.stage)).toEqual(["rolled_back", "rolled_back"]);
    expect((await withTenant(app, company.id, (tx) => listCustomObjects(tx, { access: owner }))).items).toEqual([]);
    await expect(
      withTenant(app, company.id, (tx) => listCustomRecords(tx, { objectKey: "equipment", access: owner, limit: 10 })),
    ).rejects.toMatchObject({
      kind: "not_found",
    });
    expect(await t.db.customObjectRecord.count({ where: { companyId: company.id } })).toBe(1);
    // Rolling back twice changes nothing.
    await withTenant(app, company.id, (tx) => rollbackCustomObjects(tx, { buildId: firstBuild }));

    const secondBuild = randomUUID();
    const spec = equipmentSpec();
    spec.entities = [spec.entities[0]!];
    await withTenant(app, company.id, (tx) => installCustomObjects(tx, { buildId: secondBuild, spec }));
    await withTenant(app, company.id, (tx) => promoteCustomObjects(tx, { buildId: secondBuild }));
    const back = await withTenant(app, company.id, (tx) =>
      listCustomRecords(tx, { objectKey: "equipment", access: member, limit: 10 }),
    );
    expect(back.items.map((item) => [item.id, item.title, item.links.customer?.label])).toEqual([
      [record.id, "Trane", "Ada"],
    ]);
    const objects = await withTenant(app, company.id, (tx) => listCustomObjects(tx, { access: member }));
    expect(objects.items.map((d) => [d.key, d.buildId])).toEqual([["equipment", secondBuild]]);
  });

  it("rolls a build that changed a production object back to the shape it replaced, records and all", async () => {
    const company = await createTestCompany(t.db);
    const customer = await t.db.customer.create({
      data: {
        companyId: company.id,
        name: "Ada",
        street: "1 Elm",
        city: "Denver",
        region: "CO",
        postcode: "80202",
      },
    });
    const member = { role: "member" } as const;
    const first = randomUUID();
    const spec = equipmentSpec();
    spec.entities = [spec.entities[0]!];
    await withTenant(app, company.id, async (tx) => {
      await installCustomObjects(tx, { buildId: first, spec });
      await promoteCustomObjects(tx, { buildId: first });
      await createCustomRecord(seeding(tx), {
        objectKey: "equipment",
        access: member,
        values: { make: "Trane", serial_number: "SN-1", customer: customer.id },
      });
    });
    const changed = equipmentSpec();
    changed.entities = [
      {
        ...changed.entities[0]!,
        name: "Machine",
        pluralName: "Machines",
        fields: [...changed.entities[0]!.fields, { key: "tonnage", label: "Tonnage", type: "number", required: false }],
      },
    ];
    const second = randomUUID();
    await withTenant(app, company.id, (tx) => installCustomObjects(tx, { buildId: second, spec: changed }));
    // While the change is in preview, the owner (in beta mode) tries it and members keep the production shape.
    await t.db.company.update({ where: { id: company.id }, data: { betaMode: true } });
    const seen = async (access: { role: "owner" | "member" }) =>
      (await withTenant(app, company.id, (tx) => listCustomObjects(tx, { access }))).items.map((d) => [
        d.name,
        d.stage,
        d.fields.length,
      ]);
    expect(await seen(owner)).toEqual([["Machine", "preview", 15]]);
    expect(await seen(member)).toEqual([["Equipment", "production", 14]]);
    const duringPreview = await withTenant(app, company.id, (tx) =>
      listCustomRecords(tx, { objectKey: "equipment", access: member, limit: 10 }),
    );
    expect(duringPreview.items.map((item) => item.title)).toEqual(["Trane"]);
    await expect(
      withTenant(app, company.id, (tx) =>
        createCustomRecord(seeding(tx), {
          objectKey: "equipment",
          access: member,
          values: { make: "Lennox", serial_number: "SN-2", customer: customer.id, tonnage: 3 },
        }),
      ),
    ).rejects.toMatchObject({ kind: "invalid_input", field: "tonnage" });
    const restored = await withTenant(app, company.id, (tx) => rollbackCustomObjects(tx, { buildId: second }));
    expect(restored.map((d) => [d.key, d.name, d.stage, d.buildId, d.fields.length])).toEqual([
      ["equipment", "Equipment", "production", first, 14],
    ]);
    const records = await withTenant(app, company.id, (tx) =>
      listCustomRecords(tx, { objectKey: "equipment", access: member, limit: 10 }),
    );
    expect(records.items.map((item) => item.title)).toEqual(["Trane"]);
    // Rolling back the first build now takes the object away.
    const gone = await withTenant(app, company.id, (tx) => rollbackCustomObjects(tx, { buildId: first }));
    expect(gone.map((d) => d.stage)).toEqual(["rolled_back"]);
  });
});
