import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import { createTestCompany, startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";
import { createCustomer } from "./create-customer.ts";
import { customerInput, testCustomerServices } from "./customer-test-fixtures.ts";
import { deleteCustomer } from "./delete-customer.ts";

let t: TestApp;
let app: Database;
beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
});
afterAll(() => t.close());

describe("deleteCustomer", () => {
  it("deletes the customer with its contacts and properties, and deleting again does nothing", async () => {
    const company = await createTestCompany(t.db);
    const created = await withTenant(app, company.id, (tx) =>
      createCustomer({ tx, companyId: company.id }, customerInput(), testCustomerServices),
    );
    await withTenant(app, company.id, (tx) => deleteCustomer(tx, { id: created.id }));
    await withTenant(app, company.id, (tx) => deleteCustomer(tx, { id: created.id }));
    expect(await t.db.customer.count({ where: { id: created.id } })).toBe(0);
    expect(await t.db.customerProperty.count({ where: { customerId: created.id } })).toBe(0);
    expect(await t.db.customerContact.count({ where: { customerId: created.id } })).toBe(0);
  });

  it("keeps a customer that has jobs", async () => {
    const company = await createTestCompany(t.db);
    const created = await withTenant(app, company.id, (tx) =>
      createCustomer({ tx, companyId: company.id }, customerInput(), testCustomerServices),
    );
    await t.db.job.create({ data: { companyId: company.id, customerId: created.id, number: 1, title: "Mow" } });
    await expect(withTenant(app, company.id, (tx) => deleteCustomer(tx, { id: created.id }))).rejects.toMatchObject({
      kind: "conflict",
    });
    expect(await t.db.customer.count({ where: { id: created.id } })).toBe(1);
  });

  it("never deletes another company's customer", async () => {
    const company = await createTestCompany(t.db);
    const other = await createTestCompany(t.db);
    const theirs = await withTenant(app, other.id, (tx) =>
      createCustomer({ tx, companyId: other.id }, customerInput(), testCustomerServices),
    );
    await withTenant(app, company.id, (tx) => deleteCustomer(tx, { id: theirs.id }));
    expect(await t.db.customer.count({ where: { id: theirs.id } })).toBe(1);
  });
});
