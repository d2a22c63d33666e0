import { customerEndpoints } from "@fieldops/shared/customers";
import {
  ADDRESS_ONLY_HEADER,
  addressOnlyMapping,
  fillerCustomers,
} from "@fieldops/domain/customers/customer-test-fixtures";
import { fillPath } from "@fieldops/shared/endpoint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  CustomerImport,
  CustomerImportFailure,
  CustomerImportPreview,
  CustomerListResponse,
} from "@fieldops/shared/customers";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import {
  createTestCompany,
  signIn,
  startTestApp,
  startTestWorkers,
  type TestApp,
} from "../../../../tests/integration/test-app.ts";

let t: TestApp;
let workers: RunningWorkers;
beforeAll(async () => {
  t = await startTestApp();
  workers = startTestWorkers(t);
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

const mapping = {
  name: "Name",
  email: "Email",
  phone: "Phone",
  street: "Street",
  city: "City",
  latitude: "Lat",
  longitude: "Lng",
};
const header = "Name,Email,Phone,Street,City,Lat,Lng";
const good = [
  header,
  "Grace Hopper,grace@navy.example,303-555-0100,1 Elm,Denver,39.7,-104.9",
  "Alan Turing,,303-555-0101,2 Oak,Denver,39.8,-104.8",
].join("\n");
const bad = [
  header,
  "Grace Hopper,grace@navy.example,,1 Elm,Denver,39.7,-104.9",
  "Broken,nope,,2 Oak,Denver,39.8,-104.8",
].join("\n");

async function as(planId: "starter" | "growth" | "pro" = "pro") {
  const company = await createTestCompany(t.db, { planId });
  const tokens = {
    owner: await signIn(t.url, company.users.owner.email),
    member: await signIn(t.url, company.users.member.email),
    field_user: await signIn(t.url, company.users.field_user.email),
  };
  const call = (method: string, path: string, role: keyof typeof tokens, body?: unknown) =>
    fetch(`${t.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${tokens[role]}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  return { company, call };
}

describe("customer import and export", () => {
  it("previews the rows an import would create and every row's errors, creating nothing", async () => {
    const { company, call } = await as();
    const response = await call("POST", customerEndpoints.previewImport.path, "owner", { csv: bad, mapping });
    expect(response.status).toBe(200);
    const preview = (await response.json()) as CustomerImportPreview;
    expect(preview).toMatchObject({
      headers: ["Name", "Email", "Phone", "Street", "City", "Lat", "Lng"],
      totalRows: 2,
      rows: [{ line: 2, name: "Grace Hopper", email: "grace@navy.example", address: "1 Elm, Denver" }],
      errors: [{ line: 3, column: "Email", message: "Enter a valid email address" }],
    });
    expect(await t.db.customer.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("imports nothing when any row is bad, and everything when all are good", async () => {
    const { company, call } = await as();
    const refused = await call("POST", customerEndpoints.import.path, "owner", { csv: bad, mapping });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as CustomerImportFailure).errors).toEqual([
      { line: 3, column: "Email", message: "Enter a valid email address" },
    ]);
    expect(await t.db.customer.count({ where: { companyId: company.id } })).toBe(0);

    const imported = await call("POST", customerEndpoints.import.path, "owner", { csv: good, mapping });
    expect(imported.status).toBe(201);
    // The file gives every point: nothing is left to locate.
    expect(await imported.json()).toMatchObject({
      status: "done",
      created: 2,
      location: { manual: 2, remaining: 0 },
    });
    const list = (await (
      await call("GET", `${customerEndpoints.list.path}?q=303555`, "field_user")
    ).json()) as CustomerListResponse;
    expect(list.items.map((item) => item.name)).toEqual(["Alan Turing", "Grace Hopper"]);
  });

  it("counts the whole file against the plan's limit", async () => {
    const { company, call } = await as("starter");
    await t.db.customer.createMany({ data: fillerCustomers(company.id, 99) });
    const response = await call("POST", customerEndpoints.import.path, "owner", { csv: good, mapping });
    expect(response.status).toBe(403);
    expect(((await response.json()) as { message: string }).message).toContain("Growth plan allows 500");
    expect(await t.db.customer.count({ where: { companyId: company.id } })).toBe(99);
  });

  it("lets only one of two concurrent imports take the plan's last places", async () => {
    const other = [
      header,
      "Ada Lovelace,ada@navy.example,303-555-0102,3 Pine,Denver,39.6,-104.7",
      "Edsger Dijkstra,,303-555-0103,4 Birch,Denver,39.5,-104.6",
    ].join("\n");
    const { company, call } = await as("starter");
    await t.db.customer.createMany({ data: fillerCustomers(company.id, 97) });
    const statuses = await Promise.all(
      [
        call("POST", customerEndpoints.import.path, "owner", { csv: good, mapping }),
        call("POST", customerEndpoints.import.path, "owner", { csv: other, mapping }),
      ].map(async (request) => (await request).status),
    );
    expect(statuses.sort()).toEqual([201, 403]);
    expect(await t.db.customer.count({ where: { companyId: company.id } })).toBe(99);
  });

  it("exports CSV that imports back, on Growth and above", async () => {
    const { call } = await as("growth");
    await call("POST", customerEndpoints.import.path, "owner", { csv: good, mapping });
    const response = await call("GET", customerEndpoints.export.path, "owner");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
    const csv = await response.text();
    expect(csv.split("\n")[0]).toBe(
      "Name,Email,Phone,Street,City,Region,Postcode,Latitude,Longitude,Access notes,Gate code,Tags,Notes",
    );
    expect(csv).toContain("Grace Hopper,grace@navy.example,303-555-0100,1 Elm,Denver,,,39.7,-104.9");

    const { call: callOther } = await as();
    const exportMapping = {
      name: "Name",
      email: "Email",
      phone: "Phone",
      street: "Street",
      city: "City",
      latitude: "Latitude",
      longitude: "Longitude",
    };
    const preview = (await (
      await callOther("POST", customerEndpoints.previewImport.path, "owner", { csv, mapping: exportMapping })
    ).json()) as CustomerImportPreview;
    expect(preview).toMatchObject({ totalRows: 2, errors: [] });
  });

  it("imports a file with addresses only, locates it in the background, and skips all of it the second time", async () => {
    const { company, call } = await as();
    const csv = [
      ADDRESS_ONLY_HEADER,
      "Grace Hopper,555-561-7947,grace@example.com,12 Elm St,Denver,CO,80202",
      "Alan Turing,(555) 561-7948,,9 Oak Ave,Cambridge,MA,02138",
      "Nobody Known,,,1 Nowhere,Atlantis,,",
    ].join("\n");
    const response = await call("POST", customerEndpoints.import.path, "owner", {
      csv,
      mapping: addressOnlyMapping,
      fileName: "customers.csv",
    });
    expect(response.status).toBe(201);
    const started = (await response.json()) as CustomerImport;
    expect(started).toMatchObject({ fileName: "customers.csv", duplicates: "skip", created: 3 });

    const path = fillPath(customerEndpoints.getImport.path, { id: started.id });
    const done = await pollUntilDone(() => call("GET", path, "member"));
    expect(done).toMatchObject({
      status: "done",
      created: 3,
      location: { approximate: 2, notLocated: 1, remaining: 0 },
      problems: [{ line: 4, name: "Nobody Known" }],
    });
    const list = (await (await call("GET", customerEndpoints.list.path, "owner")).json()) as CustomerListResponse;
    expect(list.items.map(({ name, locationPrecision }) => [name, locationPrecision])).toEqual([
      ["Alan Turing", "approximate"],
      ["Grace Hopper", "approximate"],
      ["Nobody Known", null],
    ]);

    const again = await call("POST", customerEndpoints.import.path, "owner", { csv, mapping: addressOnlyMapping });
    expect(again.status).toBe(201);
    expect(await again.json()).toMatchObject({ status: "done", created: 0, updated: 0, skipped: 3 });
    expect(await t.db.customer.count({ where: { companyId: company.id } })).toBe(3);
  });

  it("shows an import only to its own company, and only to who may import", async () => {
    const mine = await as();
    const response = await mine.call("POST", customerEndpoints.import.path, "owner", { csv: good, mapping });
    const path = fillPath(customerEndpoints.getImport.path, { id: ((await response.json()) as CustomerImport).id });
    expect((await mine.call("GET", path, "owner")).status).toBe(200);
    expect((await mine.call("GET", path, "field_user")).status).toBe(403);
    const theirs = await as();
    const refused = await theirs.call("GET", path, "owner");
    expect(refused.status).toBe(404);
    expect(await refused.json()).toEqual({ message: "Import not found" });
  });

  it("refuses export on Starter, and import, preview and export to a field user", async () => {
    const starter = await as("starter");
    expect((await starter.call("GET", customerEndpoints.export.path, "owner")).status).toBe(403);
    const { call } = await as();
    expect((await call("GET", customerEndpoints.export.path, "field_user")).status).toBe(403);
    expect(
      (await call("POST", customerEndpoints.previewImport.path, "field_user", { csv: good, mapping })).status,
    ).toBe(403);
    expect((await call("POST", customerEndpoints.import.path, "field_user", { csv: good, mapping })).status).toBe(403);
  });

  it("exports only the company's own customers", async () => {
    const mine = await as();
    const theirs = await as();
    await theirs.call("POST", customerEndpoints.import.path, "owner", { csv: good, mapping });
    const csv = await (await mine.call("GET", customerEndpoints.export.path, "owner")).text();
    expect(csv.trim().split("\n")).toHaveLength(1);
  });
});

async function pollUntilDone(read: () => Promise<Response>): Promise<CustomerImport> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const response = await read();
    expect(response.status).toBe(200);
    const body = (await response.json()) as CustomerImport;
    if (body.status === "done" || Date.now() > deadline) return body;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
