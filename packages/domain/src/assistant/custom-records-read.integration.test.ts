import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database, type TenantTransaction } from "@fieldops/db";
import { PLANS } from "@fieldops/shared/plans";
import type { Role } from "@fieldops/shared/roles";
import {
  createTestCompany,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { createCustomRecord } from "../custom-objects/create-custom-record.ts";
import { equipmentSpec } from "../custom-objects/custom-object-test-fixtures.ts";
import { installCustomObjects } from "../custom-objects/install-custom-objects.ts";
import { promoteCustomObjects } from "../custom-objects/promote-custom-objects.ts";
import { systemActor } from "../tenant-scope.ts";
import { planOffline } from "./answer-offline.ts";
import { runReadTool } from "./run-read-tool.ts";

/** The test's records are made as the system; their events are not listened to. */
const seeding = (tx: TenantTransaction) => ({ tx, actor: systemActor("test"), emit: () => undefined });

let t: TestApp;
let app: Database;
let company: TestCompany;
let buildId: string;
let ada: string;
beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
  company = await createTestCompany(t.db);
  await t.db.company.update({ where: { id: company.id }, data: { betaMode: true } });
  const customer = (name: string) =>
    t.db.customer.create({
      data: {
        companyId: company.id,
        name,
        searchText: name.toLowerCase(),
        street: "1 Elm",
        city: "Denver",
        region: "CO",
        postcode: "80202",
      },
    });
  ada = (await customer("Ada Lovelace")).id;
  const grace = (await customer("Grace Hopper")).id;
  buildId = randomUUID();
  await withTenant(app, company.id, async (tx) => {
    await installCustomObjects(tx, { buildId, spec: equipmentSpec() });
    const access = { buildId };
    await createCustomRecord(seeding(tx), {
      objectKey: "equipment",
      access,
      values: { make: "Trane", model: "XR14", serial_number: "SN-1", price: 250_000, customer: ada },
    });
    await createCustomRecord(seeding(tx), {
      objectKey: "equipment",
      access,
      values: { make: "Carrier", serial_number: "SN-2", customer: grace },
    });
  });
});
afterAll(() => t.close());

const NOW = new Date("2026-11-26T15:00:00Z");
const scope = (role: Role) => ({
  actor: { userId: company.users.owner.id, role },
  features: PLANS.pro.features,
  now: NOW,
  timeZone: "America/New_York",
});
async function read(role: Role, call: { objectKey: string; query?: string; customerId?: string }) {
  const card = await withTenant(app, company.id, (tx) =>
    runReadTool(tx, { tool: "findCustomRecords", ...call }, scope(role)),
  );
  if (card.kind !== "custom_records") throw new Error(`a ${card.kind} card`);
  return card;
}

describe("the assistant's read of custom records", () => {
  it("answers a card of the object's records, by text or by customer, for whoever reaches the object", async () => {
    const byCustomer = await read("owner", { objectKey: "equipment", customerId: ada });
    expect(byCustomer).toEqual({
      kind: "custom_records",
      objectKey: "equipment",
      objectName: "Equipment",
      items: [
        {
          id: expect.any(String),
          title: "Trane",
          details: "Model: XR14 · Serial number: SN-1 · Price: $2,500.00 · Customer: Ada Lovelace",
        },
      ],
    });
    expect((await read("owner", { objectKey: "equipment", query: "sn-2" })).items).toMatchObject([
      { title: "Carrier" },
    ]);
    expect((await read("owner", { objectKey: "equipment", customerId: "not-an-id" })).items).toEqual([]);
  });

  it("refuses a member an object still in preview, as its page does, and reaches them once in production", async () => {
    await expect(read("member", { objectKey: "equipment" })).rejects.toMatchObject({ kind: "not_found" });
    await expect(read("owner", { objectKey: "not_there" })).rejects.toMatchObject({ kind: "not_found" });
    await withTenant(app, company.id, (tx) => promoteCustomObjects(tx, { buildId }));
    expect((await read("field_user", { objectKey: "equipment" })).items).toHaveLength(2);
  });

  it('is what the offline planner answers "find equipment for Ada" with', async () => {
    const planned = await withTenant(app, company.id, (tx) =>
      planOffline(tx, {
        user: { id: company.users.member.id, companyId: company.id, role: "member" },
        conversationId: randomUUID(),
        message: "find equipment for Ada",
        context: { path: "/userdash" },
        now: NOW,
      }),
    );
    expect(planned.plan).toMatchObject({
      kind: "read",
      reads: [{ tool: "findCustomRecords", objectKey: "equipment", customerId: ada }],
    });
    expect(planned.cards).toMatchObject([{ kind: "custom_records", items: [{ title: "Trane" }] }]);
  });
});
