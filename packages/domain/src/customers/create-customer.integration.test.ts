import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import { createTestCompany, startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";
import { DomainError } from "../errors.ts";
import { createCustomer } from "./create-customer.ts";
import { planAllowingMore } from "@fieldops/shared/plans";
import { customerInput, testCustomerServices } from "./customer-test-fixtures.ts";

let t: TestApp;
let app: Database;
beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
});
afterAll(() => t.close());

describe("createCustomer", () => {
  it("stores the customer with its contacts, properties, tags and notes, the first property as its main address", async () => {
    const company = await createTestCompany(t.db);
    const created = await withTenant(app, company.id, (tx) =>
      createCustomer(
        { tx, companyId: company.id },
        customerInput({ tags: ["vip", "VIP", "weekly"] }),
        testCustomerServices,
      ),
    );
    expect(created).toMatchObject({
      name: "Ada Lovelace",
      tags: ["vip", "weekly"],
      notes: "Prefers mornings",
      jobCount: 0,
      visitCount: 0,
      contacts: [
        { kind: "phone", value: "(303) 555-0142", label: "Mobile" },
        { kind: "email", value: "ada@example.com", label: null },
      ],
      properties: [{ street: "12 Elm Street", city: "Denver", gateCode: "1234", accessNotes: "Dog in the back yard" }],
    });
    const row = await t.db.customer.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({
      companyId: company.id,
      email: "ada@example.com",
      phone: "(303) 555-0142",
      street: "12 Elm Street",
    });
    expect(row.searchText).toContain("3035550142");
    expect(await t.db.customerProperty.count({ where: { customerId: created.id, companyId: company.id } })).toBe(1);
  });

  it("refuses past the Starter plan's limit, naming the plan that allows more and the vertical's word", async () => {
    const company = await createTestCompany(t.db, { planId: "starter" });
    await t.db.company.update({ where: { id: company.id }, data: { verticalId: "wound_care" } });
    await t.db.customer.createMany({
      data: Array.from({ length: 100 }, (_, i) => ({
        companyId: company.id,
        name: `Filler ${i}`,
        street: "1 Main",
        city: "Denver",
        region: "CO",
        postcode: "80202",
      })),
    });
    const attempt = withTenant(app, company.id, (tx) =>
      createCustomer({ tx, companyId: company.id }, customerInput(), testCustomerServices),
    );
    await expect(attempt).rejects.toBeInstanceOf(DomainError);
    await expect(attempt).rejects.toMatchObject({
      kind: "plan_limit",
      message: "Your Starter plan allows 100 patients and you have 100. The Growth plan allows 500 patients.",
    });
    expect(await t.db.customer.count({ where: { companyId: company.id } })).toBe(100);
  });

  it("has no limit on Pro, and Growth points to Pro", async () => {
    expect(planAllowingMore("starter", "customers")?.id).toBe("growth");
    expect(planAllowingMore("growth", "customers")?.id).toBe("pro");
    expect(planAllowingMore("pro", "customers")).toBeNull();
  });
});
