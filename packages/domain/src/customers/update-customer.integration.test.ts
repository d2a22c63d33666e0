import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import { createTestCompany, startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";
import { createCustomer } from "./create-customer.ts";
import { customerInput, propertyInput, testCustomerServices } from "./customer-test-fixtures.ts";
import { listCustomers } from "./list-customers.ts";
import { updateCustomer } from "./update-customer.ts";

let t: TestApp;
let app: Database;
beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
});
afterAll(() => t.close());

describe("updateCustomer", () => {
  it("changes the given fields, keeps the others, and keeps the search in step", async () => {
    const company = await createTestCompany(t.db);
    const created = await withTenant(app, company.id, (tx) =>
      createCustomer({ tx, companyId: company.id }, customerInput(), testCustomerServices),
    );
    const updated = await withTenant(app, company.id, (tx) =>
      updateCustomer(
        tx,
        {
          id: created.id,
          name: "Ada King",
          contacts: [{ kind: "email", value: "countess@example.com" }],
        },
        testCustomerServices,
      ),
    );
    expect(updated).toMatchObject({
      name: "Ada King",
      notes: "Prefers mornings",
      tags: ["vip"],
      contacts: [{ kind: "email", value: "countess@example.com" }],
    });
    expect(updated.properties).toEqual(created.properties);
    const search = (q: string) => withTenant(app, company.id, (tx) => listCustomers(tx, { q, limit: 10 }));
    expect((await search("countess")).items.map((item) => item.id)).toEqual([created.id]);
    expect((await search("ada@example.com")).items).toEqual([]);
    expect((await search("countess")).items[0]).toMatchObject({ email: "countess@example.com", phone: null });
  });

  it("updates a property given with its id in place, adds one without, removes one left out", async () => {
    const company = await createTestCompany(t.db);
    const created = await withTenant(app, company.id, (tx) =>
      createCustomer(
        { tx, companyId: company.id },
        customerInput({
          properties: [propertyInput({ street: "1 First St" }), propertyInput({ street: "2 Second St" })],
        }),
        testCustomerServices,
      ),
    );
    const [first] = created.properties;
    const updated = await withTenant(app, company.id, (tx) =>
      updateCustomer(
        tx,
        {
          id: created.id,
          properties: [
            propertyInput({ street: "3 Third St" }),
            { ...propertyInput({ street: "1 First Street", gateCode: "9999" }), id: first!.id },
          ],
        },
        testCustomerServices,
      ),
    );
    expect(updated.properties.map((property) => property.street)).toEqual(["3 Third St", "1 First Street"]);
    expect(updated.properties[1]).toMatchObject({ id: first!.id, gateCode: "9999" });
    expect(await t.db.customer.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      street: "3 Third St",
    });
  });

  it("refuses a property id of another customer and leaves everything as it was", async () => {
    const company = await createTestCompany(t.db);
    const [a, b] = await withTenant(app, company.id, async (tx) => [
      await createCustomer({ tx, companyId: company.id }, customerInput(), testCustomerServices),
      await createCustomer({ tx, companyId: company.id }, customerInput({ name: "Other" }), testCustomerServices),
    ]);
    const attempt = withTenant(app, company.id, (tx) =>
      updateCustomer(
        tx,
        { id: a!.id, properties: [{ ...propertyInput(), id: b!.properties[0]!.id }] },
        testCustomerServices,
      ),
    );
    await expect(attempt).rejects.toMatchObject({ kind: "invalid_input", field: "properties.0.id" });
    expect(await t.db.customerProperty.count({ where: { customerId: b!.id } })).toBe(1);
  });

  it("does not find another company's customer", async () => {
    const company = await createTestCompany(t.db);
    const other = await createTestCompany(t.db);
    const theirs = await withTenant(app, other.id, (tx) =>
      createCustomer({ tx, companyId: other.id }, customerInput(), testCustomerServices),
    );
    await expect(
      withTenant(app, company.id, (tx) =>
        updateCustomer(tx, { id: theirs.id, name: "Mine now" }, testCustomerServices),
      ),
    ).rejects.toMatchObject({ kind: "not_found" });
    expect((await t.db.customer.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe("Ada Lovelace");
  });
});
