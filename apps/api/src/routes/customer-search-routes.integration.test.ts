import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerEndpoints, type Customer, type CustomerListResponse } from "@fieldops/shared/customers";
import { jobEndpoints } from "@fieldops/shared/jobs";
import { customerInput } from "@fieldops/domain/customers/customer-test-fixtures";
import {
  callApi,
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let company: TestCompany;
let other: TestCompany;
const tokens: Record<"owner" | "member" | "otherOwner", string> = { owner: "", member: "", otherOwner: "" };

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  tokens.owner = await signIn(t.url, company.users.owner.email);
  tokens.member = await signIn(t.url, company.users.member.email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
});
afterAll(() => t.close());

const call = <T>(method: string, path: string, as: keyof typeof tokens, body?: unknown) =>
  callApi(t.url, method, path, tokens[as], body) as Promise<{ status: number; body: T & { message?: string } }>;

describe("finding a customer by phone", () => {
  it("finds the number however it is typed, in the customers list and the job form's customer search", async () => {
    const created = await call<Customer>(
      "POST",
      customerEndpoints.list.path,
      "owner",
      customerInput({
        name: "Phoebe Phone",
        contacts: [
          { kind: "phone", value: "(555) 561-7947" },
          { kind: "phone", value: "+1 720 555 0199", label: "Work" },
        ],
      }),
    );
    expect(created.status, created.body.message).toBe(201);
    await call("POST", customerEndpoints.list.path, "owner", customerInput({ name: "Someone Else" }));

    const found = async (query: string) => {
      const q = encodeURIComponent(query);
      const list = await call<CustomerListResponse>("GET", `${customerEndpoints.list.path}?q=${q}`, "member");
      const options = await call<{ items: { name: string }[] }>(
        "GET",
        `${jobEndpoints.customerOptions.path}?search=${q}`,
        "member",
      );
      return [list.body.items.map((item) => item.name), options.body.items.map((item) => item.name)];
    };
    for (const query of ["555-561-7947", "555 561 7947", "(555) 561-7947", "5555617947", "+1 555-561-7947", "561-79"]) {
      expect(await found(query), query).toEqual([["Phoebe Phone"], ["Phoebe Phone"]]);
    }
    // The second phone, stored with its country code, is found without it.
    expect(await found("(720) 555-0199")).toEqual([["Phoebe Phone"], ["Phoebe Phone"]]);
    // Words still find by name; another company finds nothing.
    expect((await found("phoebe"))[0]).toEqual(["Phoebe Phone"]);
    const theirs = await call<CustomerListResponse>("GET", `${customerEndpoints.list.path}?q=5555617947`, "otherOwner");
    expect(theirs.body.items).toEqual([]);
  });
});
