import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import {
  createTestCompany,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { createCustomer } from "./create-customer.ts";
import { customerInput, propertyInput, testCustomerServices } from "./customer-test-fixtures.ts";
import { listCustomers } from "./list-customers.ts";

let t: TestApp;
let app: Database;
let company: TestCompany;
let other: TestCompany;

beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  await withTenant(app, company.id, async (tx) => {
    await createCustomer(
      { tx, companyId: company.id },
      customerInput({ name: "Grace Hopper", contacts: [{ kind: "email", value: "grace@navy.example" }] }),
      testCustomerServices,
    );
    await createCustomer(
      { tx, companyId: company.id },
      customerInput({
        name: "Alan Turing",
        contacts: [{ kind: "phone", value: "+44 (20) 7946-0958" }],
        properties: [propertyInput({ street: "Bletchley Park", city: "Milton Keynes" })],
      }),
      testCustomerServices,
    );
    await createCustomer(
      { tx, companyId: company.id },
      customerInput({ name: "Barbara Liskov", contacts: [] }),
      testCustomerServices,
    );
  });
  await withTenant(app, other.id, (tx) =>
    createCustomer({ tx, companyId: other.id }, customerInput({ name: "Grace Other" }), testCustomerServices),
  );
});
afterAll(() => t.close());

const list = (query: Parameters<typeof listCustomers>[1]) =>
  withTenant(app, company.id, (tx) => listCustomers(tx, query));
const names = (result: Awaited<ReturnType<typeof listCustomers>>) => result.items.map((item) => item.name);

describe("listCustomers", () => {
  it("lists the company's customers by name, never another company's", async () => {
    expect(names(await list({ limit: 25 }))).toEqual(["Alan Turing", "Barbara Liskov", "Grace Hopper"]);
  });

  it("pages by cursor", async () => {
    const first = await list({ limit: 2 });
    expect(names(first)).toEqual(["Alan Turing", "Barbara Liskov"]);
    expect(first.nextCursor).not.toBeNull();
    const second = await list({ limit: 2, cursor: first.nextCursor! });
    expect(names(second)).toEqual(["Grace Hopper"]);
    expect(second.nextCursor).toBeNull();
  });

  it("finds by part of a name, e-mail, phone (with or without punctuation) and address, ignoring case", async () => {
    expect(names(await list({ limit: 25, q: "HOPP" }))).toEqual(["Grace Hopper"]);
    expect(names(await list({ limit: 25, q: "navy.example" }))).toEqual(["Grace Hopper"]);
    expect(names(await list({ limit: 25, q: "7946-0958" }))).toEqual(["Alan Turing"]);
    expect(names(await list({ limit: 25, q: "79460958" }))).toEqual(["Alan Turing"]);
    expect(names(await list({ limit: 25, q: "bletchley" }))).toEqual(["Alan Turing"]);
    expect(names(await list({ limit: 25, q: "no such customer" }))).toEqual([]);
  });

  it("treats LIKE wildcards in the search as plain characters", async () => {
    expect(names(await list({ limit: 25, q: "%" }))).toEqual([]);
    expect(names(await list({ limit: 25, q: "_" }))).toEqual([]);
    expect(names(await list({ limit: 25, q: "\\" }))).toEqual([]);
  });

  it("returns the summary a row needs", async () => {
    const [grace] = (await list({ limit: 25, q: "grace" })).items;
    expect(grace).toMatchObject({
      email: "grace@navy.example",
      phone: null,
      address: "12 Elm Street, Denver",
      tags: ["vip"],
    });
  });

  it("searches through the trigram index", async () => {
    const plan = await t.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe("SET LOCAL enable_seqscan = off");
      return tx.$queryRawUnsafe<{ "QUERY PLAN": string }[]>(
        `EXPLAIN SELECT id FROM customers WHERE "searchText" LIKE '%hopper%'`,
      );
    });
    expect(plan.map((row) => row["QUERY PLAN"]).join("\n")).toContain("customers_searchText_idx");
  });
});
