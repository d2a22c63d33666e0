import { fillPath } from "@fieldops/shared/endpoint";
import { customerEndpoints } from "@fieldops/shared/customers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Customer, CustomerListResponse } from "@fieldops/shared/customers";
import { customerInput } from "@fieldops/domain/customers/customer-test-fixtures";
import {
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<"owner" | "member" | "field_user" | "otherOwner", string> = {
  owner: "",
  member: "",
  field_user: "",
  otherOwner: "",
};

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  tokens.owner = await signIn(t.url, company.users.owner.email);
  tokens.member = await signIn(t.url, company.users.member.email);
  tokens.field_user = await signIn(t.url, company.users.field_user.email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
});
afterAll(() => t.close());

function call(method: string, path: string, as: keyof typeof tokens | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (as) headers.authorization = `Bearer ${tokens[as]}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${t.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

async function create(as: keyof typeof tokens, overrides: Parameters<typeof customerInput>[0] = {}): Promise<Customer> {
  const response = await call("POST", customerEndpoints.list.path, as, customerInput(overrides));
  expect(response.status).toBe(201);
  return (await response.json()) as Customer;
}

describe("customer routes", () => {
  it("owner and member create; everyone in the company reads; a field user may not write", async () => {
    const byOwner = await create("owner", { name: "Owner's Customer" });
    await create("member", { name: "Member's Customer" });
    expect((await call("POST", customerEndpoints.list.path, "field_user", customerInput())).status).toBe(403);
    expect(
      (await call("PATCH", fillPath(customerEndpoints.get.path, { id: byOwner.id }), "field_user", { name: "X" }))
        .status,
    ).toBe(403);
    expect(
      (await call("DELETE", `${fillPath(customerEndpoints.get.path, { id: byOwner.id })}?confirm=true`, "field_user"))
        .status,
    ).toBe(403);
    const read = await call("GET", fillPath(customerEndpoints.get.path, { id: byOwner.id }), "field_user");
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ name: "Owner's Customer", properties: [{ gateCode: "1234" }] });
    const list = await call("GET", `${customerEndpoints.list.path}?q=customer`, "field_user");
    expect(((await list.json()) as CustomerListResponse).items.map((item) => item.name)).toEqual([
      "Member's Customer",
      "Owner's Customer",
    ]);
  });

  it("answers 401 without a session", async () => {
    expect((await call("GET", customerEndpoints.list.path, null)).status).toBe(401);
    expect((await call("POST", customerEndpoints.list.path, null, customerInput())).status).toBe(401);
  });

  it("never shows or changes another company's customer: 404, and deleting it changes nothing", async () => {
    const theirs = await create("otherOwner", { name: "Their Secret Customer" });
    const get = await call("GET", fillPath(customerEndpoints.get.path, { id: theirs.id }), "owner");
    expect(get.status).toBe(404);
    expect(await get.text()).not.toContain("Secret");
    expect(
      (await call("PATCH", fillPath(customerEndpoints.get.path, { id: theirs.id }), "owner", { name: "Mine" })).status,
    ).toBe(404);
    expect(
      (await call("DELETE", `${fillPath(customerEndpoints.get.path, { id: theirs.id })}?confirm=true`, "owner")).status,
    ).toBe(204);
    const list = (await (
      await call("GET", `${customerEndpoints.list.path}?q=secret`, "owner")
    ).json()) as CustomerListResponse;
    expect(list.items).toEqual([]);
    expect((await t.db.customer.findUniqueOrThrow({ where: { id: theirs.id } })).name).toBe("Their Secret Customer");
  });

  it("updates, and deletes only when confirmed, then again without error", async () => {
    const created = await create("member", { name: "To Delete" });
    const patched = await call("PATCH", fillPath(customerEndpoints.get.path, { id: created.id }), "member", {
      tags: ["weekly"],
      notes: null,
    });
    expect(await patched.json()).toMatchObject({ name: "To Delete", tags: ["weekly"], notes: null });
    const unconfirmed = await call("DELETE", fillPath(customerEndpoints.get.path, { id: created.id }), "member");
    expect(unconfirmed.status).toBe(400);
    expect(
      (await call("DELETE", `${fillPath(customerEndpoints.get.path, { id: created.id })}?confirm=true`, "member"))
        .status,
    ).toBe(204);
    expect(
      (await call("DELETE", `${fillPath(customerEndpoints.get.path, { id: created.id })}?confirm=true`, "member"))
        .status,
    ).toBe(204);
    expect((await call("GET", fillPath(customerEndpoints.get.path, { id: created.id }), "member")).status).toBe(404);
  });

  it("names the field of a bad contact", async () => {
    const response = await call(
      "POST",
      customerEndpoints.list.path,
      "owner",
      customerInput({ contacts: [{ kind: "email", value: "not-an-address" }] }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ field: "contacts.0.value" });
  });

  it("pages by cursor", async () => {
    const fresh = await createTestCompany(t.db);
    tokens.otherOwner = await signIn(t.url, fresh.users.owner.email);
    for (const name of ["C", "A", "B"]) await create("otherOwner", { name });
    const first = (await (
      await call("GET", `${customerEndpoints.list.path}?limit=2`, "otherOwner")
    ).json()) as CustomerListResponse;
    expect(first.items.map((item) => item.name)).toEqual(["A", "B"]);
    const second = (await (
      await call("GET", `${customerEndpoints.list.path}?limit=2&cursor=${first.nextCursor}`, "otherOwner")
    ).json()) as CustomerListResponse;
    expect(second).toMatchObject({ items: [{ name: "C" }], nextCursor: null });
  });

  it("refuses a customer past the Starter plan's limit with 403 naming Growth", async () => {
    const starter = await createTestCompany(t.db, { planId: "starter" });
    await t.db.customer.createMany({
      data: Array.from({ length: 100 }, (_, i) => ({
        companyId: starter.id,
        name: `Filler ${i}`,
        street: "1 Main",
        city: "Denver",
        region: "CO",
        postcode: "80202",
      })),
    });
    const token = await signIn(t.url, starter.users.owner.email);
    const response = await fetch(`${t.url}${customerEndpoints.list.path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify(customerInput()),
    });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toContain("The Growth plan allows 500 customers");
  });
});
