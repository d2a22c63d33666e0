import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import { createTestCompany, startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";
import { createCustomer } from "./create-customer.ts";
import { customerInput, testCustomerServices } from "./customer-test-fixtures.ts";
import { getCustomer } from "./get-customer.ts";

let t: TestApp;
let app: Database;
beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
});
afterAll(() => t.close());

describe("getCustomer", () => {
  it("returns the customer with contacts, properties and its jobs and visits counted", async () => {
    const company = await createTestCompany(t.db);
    const created = await withTenant(app, company.id, (tx) =>
      createCustomer({ tx, companyId: company.id }, customerInput(), testCustomerServices),
    );
    const job = await t.db.job.create({
      data: { companyId: company.id, customerId: created.id, number: 1, title: "Mow" },
    });
    await t.db.visit.createMany({
      data: [
        { companyId: company.id, jobId: job.id },
        { companyId: company.id, jobId: job.id },
      ],
    });
    const found = await withTenant(app, company.id, (tx) => getCustomer(tx, { id: created.id }));
    expect(found).toMatchObject({ id: created.id, name: "Ada Lovelace", jobCount: 1, visitCount: 2 });
    expect(found.properties).toHaveLength(1);
    expect(found.contacts).toHaveLength(2);
  });

  it("does not find another company's customer", async () => {
    const company = await createTestCompany(t.db);
    const other = await createTestCompany(t.db);
    const theirs = await withTenant(app, other.id, (tx) =>
      createCustomer({ tx, companyId: other.id }, customerInput(), testCustomerServices),
    );
    await expect(withTenant(app, company.id, (tx) => getCustomer(tx, { id: theirs.id }))).rejects.toMatchObject({
      kind: "not_found",
    });
  });
});
