import { fillPath } from "@fieldops/shared/endpoint";
import { customObjectEndpoints } from "@fieldops/shared/custom-objects";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "@fieldops/db";
import { equipmentSpec } from "@fieldops/domain/custom-objects/custom-object-test-fixtures";
import { installCustomObjects } from "@fieldops/domain/custom-objects/install-custom-objects";
import { parseFeatureRequest } from "@fieldops/domain/builds/parse-feature-request";
import { promoteCustomObjects } from "@fieldops/domain/custom-objects/promote-custom-objects";
import { rollbackCustomObjects } from "@fieldops/domain/custom-objects/rollback-custom-objects";
import type { CustomObjectDefinitionList, CustomRecord, CustomRecordList } from "@fieldops/shared/custom-objects";
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
let customerId: string;
let otherCustomerId: string;
const tokens: Record<"owner" | "member" | "field_user" | "otherOwner", string> = {
  owner: "",
  member: "",
  field_user: "",
  otherOwner: "",
};

async function addCustomer(companyId: string, name: string): Promise<string> {
  const customer = await t.db.customer.create({
    data: {
      companyId,
      name,
      street: "1 Elm",
      city: "Denver",
      region: "CO",
      postcode: "80202",
    },
  });
  return customer.id;
}

async function install(companyId: string, { promote }: { promote: boolean }): Promise<string> {
  const buildId = randomUUID();
  await withTenant(t.runtime.context.db, companyId, async (tx) => {
    await installCustomObjects(tx, { buildId, spec: equipmentSpec() });
    if (promote) await promoteCustomObjects(tx, { buildId });
  });
  return buildId;
}

beforeAll(async () => {
  t = await startTestApp();
  company = await createTestCompany(t.db);
  other = await createTestCompany(t.db);
  tokens.owner = await signIn(t.url, company.users.owner.email);
  tokens.member = await signIn(t.url, company.users.member.email);
  tokens.field_user = await signIn(t.url, company.users.field_user.email);
  tokens.otherOwner = await signIn(t.url, other.users.owner.email);
  customerId = await addCustomer(company.id, "Ada Lovelace");
  otherCustomerId = await addCustomer(other.id, "Their Secret Customer");
  await install(company.id, { promote: true });
  await install(other.id, { promote: true });
});
afterAll(() => t.close());

function call(method: string, path: string, as: keyof typeof tokens | null, body?: unknown) {
  const headers: Record<string, string> = {};
  if (as) headers.authorization = `Bearer ${tokens[as]}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${t.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

const records = (objectKey = "equipment") => fillPath(customObjectEndpoints.records.path, { objectKey });
const record = (id: string, objectKey = "equipment") => fillPath(customObjectEndpoints.record.path, { objectKey, id });

async function create(as: keyof typeof tokens, values: Record<string, unknown>): Promise<CustomRecord> {
  const response = await call("POST", records(), as, values);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as CustomRecord;
}

describe("custom object routes", () => {
  it("owner and member write, a field user reads only; the record names the customer it points at", async () => {
    const made = await create("member", {
      make: "Trane",
      model: "XR14",
      serial_number: "SN-100",
      install_date: "2024-05-01",
      price: 250_000,
      customer: customerId,
    });
    expect(made).toMatchObject({
      objectKey: "equipment",
      title: "Trane",
      values: { make: "Trane", serial_number: "SN-100", price: 250_000 },
      links: { customer: { target: "customer", id: customerId, label: "Ada Lovelace" } },
    });
    expect(
      (await call("POST", records(), "field_user", { make: "X", serial_number: "1", customer: customerId })).status,
    ).toBe(403);
    expect((await call("PATCH", record(made.id), "field_user", { model: "Y" })).status).toBe(403);
    expect((await call("DELETE", `${record(made.id)}?confirm=true`, "field_user")).status).toBe(403);
    const read = await call("GET", record(made.id), "field_user");
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual(made);

    const changed = await call("PATCH", record(made.id), "owner", { model: null, condition: "Worn" });
    expect(changed.status).toBe(200);
    const after = (await changed.json()) as CustomRecord;
    expect(after.values).toEqual({
      make: "Trane",
      serial_number: "SN-100",
      install_date: "2024-05-01",
      price: 250_000,
      customer: customerId,
      condition: "Worn",
    });

    expect((await call("DELETE", record(made.id), "owner")).status).toBe(400);
    expect((await call("DELETE", `${record(made.id)}?confirm=true`, "owner")).status).toBe(204);
    expect((await call("DELETE", `${record(made.id)}?confirm=true`, "owner")).status).toBe(204);
    expect((await call("GET", record(made.id), "owner")).status).toBe(404);
  });

  it("answers 401 without a session", async () => {
    expect((await call("GET", customObjectEndpoints.objects.path, null)).status).toBe(401);
    expect((await call("GET", records(), null)).status).toBe(401);
    expect((await call("POST", records(), null, { make: "X" })).status).toBe(401);
  });

  it("refuses a bad value of every field type with a 400 naming the field, and changes nothing", async () => {
    const valid = { make: "Trane", serial_number: "SN-1", customer: customerId };
    const cases: Array<[string, unknown]> = [
      ["make", ""],
      ["make", 42],
      ["make", "x".repeat(501)],
      ["serial_number", null],
      ["notes", 5],
      ["capacity", "lots"],
      ["units", 2.5],
      ["price", 10.5],
      ["install_date", "2024-02-30"],
      ["install_date", "May 1st"],
      ["last_service", "yesterday"],
      ["under_warranty", "yes"],
      ["condition", "Shiny"],
      ["contact_email", "nobody"],
      ["contact_phone", "call me"],
      ["manual_url", "ftp://example.com/manual"],
      ["customer", "not-a-uuid"],
      ["customer", otherCustomerId],
      ["customer", randomUUID()],
      ["colour", "red"],
    ];
    const before = await t.db.customObjectRecord.count({ where: { companyId: company.id } });
    for (const [field, value] of cases) {
      const response = await call("POST", records(), "owner", { ...valid, [field]: value });
      const body = (await response.json()) as { message: string; field?: string };
      expect([response.status, body.field], `${field}=${JSON.stringify(value)}: ${body.message}`).toEqual([400, field]);
    }
    const missing = await call("POST", records(), "owner", { make: "Trane", customer: customerId });
    expect(await missing.json()).toEqual({ message: "Serial number is required", field: "serial_number" });
    const theirs = await call("POST", records(), "owner", { ...valid, customer: otherCustomerId });
    expect(await theirs.json()).toEqual({ message: "Customer: no such customer in this company", field: "customer" });
    expect((await call("POST", records(), "owner", [valid])).status).toBe(400);
    expect(await t.db.customObjectRecord.count({ where: { companyId: company.id } })).toBe(before);
  });

  it("never shows or changes another company's record: 404, and deleting it changes nothing", async () => {
    const mine = await create("owner", { make: "Carrier", serial_number: "SECRET-SN", customer: customerId });
    for (const [method, body] of [
      ["GET", undefined],
      ["PATCH", { make: "Mine" }],
    ] as const) {
      const response = await call(method, record(mine.id), "otherOwner", body);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("SECRET");
    }
    expect((await call("DELETE", `${record(mine.id)}?confirm=true`, "otherOwner")).status).toBe(204);
    const list = (await (await call("GET", `${records()}?q=secret`, "otherOwner")).json()) as CustomRecordList;
    expect(list.items).toEqual([]);
    expect((await call("GET", record(mine.id), "owner")).status).toBe(200);
    const linked = (await (
      await call("GET", `${records()}?linkedTo=customer:${customerId}`, "otherOwner")
    ).json()) as CustomRecordList;
    expect(linked.items).toEqual([]);
  });

  it("lists newest first a page at a time, searches the text, and finds the records of a customer", async () => {
    const second = await addCustomer(company.id, "Grace Hopper");
    const made = [];
    for (const [serial, customer] of [
      ["PAGE-1", second],
      ["PAGE-2", second],
      ["PAGE-3", customerId],
    ] as const) {
      made.push(await create("owner", { make: "Lennox", serial_number: serial, customer }));
    }
    const first = (await (await call("GET", `${records()}?q=page-&limit=2`, "field_user")).json()) as CustomRecordList;
    expect(first.items.map((item) => item.values.serial_number)).toEqual(["PAGE-3", "PAGE-2"]);
    const next = (await (
      await call("GET", `${records()}?q=page-&limit=2&cursor=${first.nextCursor}`, "field_user")
    ).json()) as CustomRecordList;
    expect([next.items.map((item) => item.values.serial_number), next.nextCursor]).toEqual([["PAGE-1"], null]);
    const ofGrace = (await (
      await call("GET", `${records()}?linkedTo=customer:${second}`, "member")
    ).json()) as CustomRecordList;
    expect(ofGrace.items.map((item) => item.values.serial_number)).toEqual(["PAGE-2", "PAGE-1"]);
    expect((await call("GET", `${records()}?linkedTo=customer`, "member")).status).toBe(400);
  });

  it("shows preview objects to owners in beta mode only, production ones to everyone, and rolled-back ones to no one while keeping their records", async () => {
    const beta = await createTestCompany(t.db);
    const betaTokens = {
      owner: await signIn(t.url, beta.users.owner.email),
      member: await signIn(t.url, beta.users.member.email),
      field_user: await signIn(t.url, beta.users.field_user.email),
    };
    const as = (role: keyof typeof betaTokens, method: string, path: string, body?: unknown) =>
      fetch(`${t.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${betaTokens[role]}`,
          ...(body === undefined ? {} : { "content-type": "application/json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const keys = async (role: keyof typeof betaTokens) =>
      (
        (await (await as(role, "GET", customObjectEndpoints.objects.path)).json()) as CustomObjectDefinitionList
      ).items.map((d) => d.key);
    const buildId = await install(beta.id, { promote: false });
    const customer = await addCustomer(beta.id, "Beta Customer");

    expect(await keys("owner")).toEqual([]);
    expect((await as("owner", "GET", records())).status).toBe(404);

    await t.db.company.update({ where: { id: beta.id }, data: { betaMode: true } });
    expect(await keys("owner")).toEqual(["equipment", "service_log"]);
    expect(await keys("member")).toEqual([]);
    expect(await keys("field_user")).toEqual([]);
    const tried = await as("owner", "POST", records(), { make: "Bosch", serial_number: "B-1", customer });
    expect(tried.status).toBe(201);
    const triedId = ((await tried.json()) as CustomRecord).id;
    expect((await as("member", "GET", record(triedId))).status).toBe(404);
    expect((await as("member", "POST", records(), { make: "Bosch", serial_number: "B-2", customer })).status).toBe(404);

    await withTenant(t.runtime.context.db, beta.id, (tx) => promoteCustomObjects(tx, { buildId }));
    expect(await keys("member")).toEqual(["equipment", "service_log"]);
    expect(await keys("field_user")).toEqual(["equipment", "service_log"]);
    expect((await as("member", "GET", record(triedId))).status).toBe(200);

    await withTenant(t.runtime.context.db, beta.id, (tx) => rollbackCustomObjects(tx, { buildId }));
    expect(await keys("owner")).toEqual([]);
    expect((await as("owner", "GET", record(triedId))).status).toBe(404);
    expect(await t.db.customObjectRecord.count({ where: { id: triedId } })).toBe(1);
  });

  it("keeps a treatment per visit: it points at the visit and a team member, and the visit's job lists it", async () => {
    const buildId = randomUUID();
    await withTenant(t.runtime.context.db, company.id, async (tx) => {
      const spec = parseFeatureRequest(
        "record each pest treatment per visit: product, dose in ml, target pest, re-entry interval, applied by",
      );
      await installCustomObjects(tx, { buildId, spec });
      await promoteCustomObjects(tx, { buildId });
    });
    const job = await t.db.job.create({
      data: { companyId: company.id, customerId, number: 9117, title: "Quarterly pest control" },
    });
    const [visit, laterVisit] = await Promise.all(
      [1, 2].map(() => t.db.visit.create({ data: { companyId: company.id, jobId: job.id } })),
    );
    const otherJob = await t.db.job.create({
      data: { companyId: company.id, customerId, number: 9118, title: "Another job" },
    });
    const otherVisit = await t.db.visit.create({ data: { companyId: company.id, jobId: otherJob.id } });
    const treatments = records("pest_treatment");
    const post = (values: Record<string, unknown>) => call("POST", treatments, "owner", values);
    const made = await post({
      product: "Termidor",
      dose: 2.5,
      visit: visit!.id,
      team_member: company.users.field_user.id,
    });
    expect(made.status, await made.clone().text()).toBe(201);
    expect(((await made.json()) as CustomRecord).links).toMatchObject({
      visit: { target: "visit", id: visit!.id },
      team_member: {
        target: "team_member",
        id: company.users.field_user.id,
        label: expect.stringMatching(/^field_user /),
      },
    });
    expect((await post({ product: "Advion", visit: laterVisit!.id })).status).toBe(201);
    expect((await post({ product: "Elsewhere", visit: otherVisit.id })).status).toBe(201);
    // Another company's people are no team member of this one.
    const foreign = await post({ product: "X", visit: visit!.id, team_member: other.users.owner.id });
    expect(foreign.status).toBe(400);
    expect(((await foreign.json()) as { message: string }).message).toMatch(/no such team_member/);

    const ofJob = await call("GET", `${treatments}?linkedTo=job:${job.id}`, "member");
    expect(ofJob.status).toBe(200);
    const listed = ((await ofJob.json()) as CustomRecordList).items.map((item) => item.values.product);
    expect(listed.sort()).toEqual(["Advion", "Termidor"]);
  });
});
