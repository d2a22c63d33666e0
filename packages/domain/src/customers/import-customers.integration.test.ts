import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import { readEventsAfter } from "@fieldops/events/company-stream";
import type { CustomerImportDuplicates } from "@fieldops/shared/customers";
import { NO_LOCATION_MESSAGE } from "@fieldops/shared/locations";
import { createTestCompany, startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";
import { runInScope, type EffectsDeps } from "../effects/run-in-scope.ts";
import { DomainError } from "../errors.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import { systemActor } from "../tenant-scope.ts";
import { createCustomer } from "./create-customer.ts";
import {
  ADDRESS_ONLY_HEADER,
  addressOnlyMapping,
  customerInput,
  fillerCustomers,
  propertyInput,
  testCustomerServices,
} from "./customer-test-fixtures.ts";
import { getCustomerImport } from "./get-customer-import.ts";
import { importCustomers, previewCustomerImport } from "./import-customers.ts";
import { locateImportRows } from "./locate-imported-customers.handler.ts";

let t: TestApp;
let app: Database;
let deps: EffectsDeps;
beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
  deps = { db: app, redis: t.runtime.context.redis, queues: t.runtime.context.queues };
});
afterAll(() => t.close());

const mapping = addressOnlyMapping;
const header = ADDRESS_ONLY_HEADER;
/** Addresses only, as an office's spreadsheet has them; the last one no geocoder can place. */
const addressesOnly = [
  header,
  "Grace Hopper,555-561-7947,grace@example.com,12 Elm St,Denver,CO,80202",
  "Alan Turing,(555) 561-7948,alan@example.com,9 Oak Ave,Cambridge,MA,02138",
  "Ada Lovelace,555.561.7949,,3 Pine Rd,Austin,TX,78701",
  "Nobody Known,,,1 Nowhere,Atlantis,,",
].join("\n");

/** The offline ZIP-code geocoder, counting what it is asked; `failAfter` makes it fail from that call on. */
function countingGeocoder(options: { failAfter?: number } = {}) {
  const asked: string[] = [];
  const geocoder: Geocoder = {
    async locate(address) {
      if (options.failAfter !== undefined && asked.length >= options.failAfter) throw new Error("geocoder down");
      asked.push(address.street);
      return testCustomerServices.geocoder.locate(address);
    },
  };
  return { geocoder, asked };
}

function importFile(companyId: string, csv: string, duplicates: CustomerImportDuplicates = "skip") {
  return runInScope(deps, { companyId, actor: systemActor("test") }, (scope) =>
    importCustomers(scope, { csv, mapping, duplicates, fileName: "customers.csv" }),
  );
}

async function imported(companyId: string, csv: string, duplicates: CustomerImportDuplicates = "skip") {
  const outcome = await importFile(companyId, csv, duplicates);
  if (!outcome.customerImport) throw new Error(`the file was refused: ${JSON.stringify(outcome.errors)}`);
  return outcome.customerImport;
}

const status = (companyId: string, id: string) => withTenant(app, companyId, (tx) => getCustomerImport(tx, { id }));

async function importEvents(companyId: string, importId: string) {
  const events = await readEventsAfter(t.runtime.context.redis, companyId, "0-0");
  return events.flatMap(({ event }) =>
    event.name === "customer_import.updated" && event.payload.importId === importId ? [event.payload.status] : [],
  );
}

const customersOf = (companyId: string) =>
  t.db.customer.findMany({
    where: { companyId },
    orderBy: { name: "asc" },
    include: { contacts: { orderBy: { position: "asc" } }, properties: { orderBy: { position: "asc" } } },
  });

describe("importing customers", () => {
  it("writes every row at once and locates the addresses afterwards, keeping what it did on the import's record", async () => {
    const company = await createTestCompany(t.db);
    const started = await imported(company.id, addressesOnly);
    expect(started).toMatchObject({
      fileName: "customers.csv",
      status: "locating",
      totalRows: 4,
      created: 4,
      updated: 0,
      skipped: 0,
      location: { exact: 0, approximate: 0, manual: 0, notLocated: 0, remaining: 4 },
      finishedAt: null,
    });
    // The request's transaction asked no geocoder: the customers are there, without points yet.
    expect((await customersOf(company.id)).map((customer) => customer.locationPrecision)).toEqual([
      null,
      null,
      null,
      null,
    ]);

    const { geocoder, asked } = countingGeocoder();
    await locateImportRows(deps, { companyId: company.id, importId: started.id }, geocoder);
    expect(asked).toHaveLength(4);
    const done = await status(company.id, started.id);
    expect(done).toMatchObject({
      status: "done",
      location: { exact: 0, approximate: 3, manual: 0, notLocated: 1, remaining: 0 },
      problems: [{ line: 5, name: "Nobody Known", message: NO_LOCATION_MESSAGE }],
      skippedRows: [],
    });
    expect(done.finishedAt).not.toBeNull();
    const customers = await customersOf(company.id);
    expect(customers.map(({ name, locationPrecision }) => [name, locationPrecision])).toEqual([
      ["Ada Lovelace", "approximate"],
      ["Alan Turing", "approximate"],
      ["Grace Hopper", "approximate"],
      ["Nobody Known", null],
    ]);
    expect(customers[2]!.properties[0]).toMatchObject({
      latitude: expect.closeTo(39.75, 1),
      longitude: expect.closeTo(-104.99, 1),
      locationPrecision: "approximate",
    });
    expect(await importEvents(company.id, started.id)).toEqual(["locating", "locating", "done"]);
  });

  it("shows its progress while it locates, a batch at a time", async () => {
    const company = await createTestCompany(t.db);
    const started = await imported(company.id, addressesOnly);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reachedGate!: () => void;
    const atGate = new Promise<void>((resolve) => (reachedGate = resolve));
    let calls = 0;
    const held: Geocoder = {
      async locate(address) {
        if (++calls > 2) {
          reachedGate();
          await gate;
        }
        return testCustomerServices.geocoder.locate(address);
      },
    };
    const running = locateImportRows(deps, { companyId: company.id, importId: started.id }, held, { batchSize: 2 });
    await atGate;
    expect(await status(company.id, started.id)).toMatchObject({
      status: "locating",
      location: { approximate: 2, notLocated: 0, remaining: 2 },
    });
    expect(await importEvents(company.id, started.id)).toEqual(["locating", "locating"]);
    release();
    await running;
    expect(await status(company.id, started.id)).toMatchObject({
      status: "done",
      location: { approximate: 3, notLocated: 1, remaining: 0 },
    });
  });

  it("carries on where a stopped task left off, and a task delivered again asks the geocoder nothing", async () => {
    const company = await createTestCompany(t.db);
    const started = await imported(company.id, addressesOnly);
    const task = { companyId: company.id, importId: started.id };

    const failing = countingGeocoder({ failAfter: 2 });
    await expect(locateImportRows(deps, task, failing.geocoder, { batchSize: 2, finalAttempt: false })).rejects.toThrow(
      "geocoder down",
    );
    expect(await status(company.id, started.id)).toMatchObject({
      status: "locating",
      location: { approximate: 2, remaining: 2 },
    });

    const again = countingGeocoder();
    await locateImportRows(deps, task, again.geocoder, { batchSize: 2 });
    expect(again.asked).toEqual(["3 Pine Rd", "1 Nowhere"]);
    const done = await status(company.id, started.id);
    expect(done).toMatchObject({ status: "done", location: { approximate: 3, notLocated: 1, remaining: 0 } });

    const redelivered = countingGeocoder();
    const before = await customersOf(company.id);
    await locateImportRows(deps, task, redelivered.geocoder);
    expect(redelivered.asked).toEqual([]);
    expect(await customersOf(company.id)).toEqual(before);
    expect(await status(company.id, started.id)).toEqual(done);
    expect((await importEvents(company.id, started.id)).filter((name) => name === "done")).toHaveLength(1);
  });

  it("ends an import whose last attempt fails, reporting the rows it could not reach as not located", async () => {
    const company = await createTestCompany(t.db);
    const started = await imported(company.id, addressesOnly);
    const failing = countingGeocoder({ failAfter: 1 });
    await expect(
      locateImportRows(deps, { companyId: company.id, importId: started.id }, failing.geocoder, { batchSize: 1 }),
    ).rejects.toThrow("geocoder down");
    expect(await status(company.id, started.id)).toMatchObject({
      status: "done",
      location: { approximate: 1, notLocated: 3, remaining: 0 },
      problems: [{ line: 3 }, { line: 4 }, { line: 5 }],
    });
  });

  it("does not locate a row again when the office fixed its address meanwhile", async () => {
    const company = await createTestCompany(t.db);
    const started = await imported(company.id, addressesOnly);
    const nobody = (await customersOf(company.id)).find((customer) => customer.name === "Nobody Known")!;
    await t.db.customerProperty.update({
      where: { id: nobody.properties[0]!.id },
      data: { latitude: 36.17, longitude: -86.78, locationPrecision: "manual" },
    });
    await locateImportRows(deps, { companyId: company.id, importId: started.id }, countingGeocoder().geocoder);
    expect(await status(company.id, started.id)).toMatchObject({
      location: { approximate: 3, manual: 1, notLocated: 0 },
      problems: [],
    });
  });

  it("marks rows matching customers already there, and rows repeating earlier ones of the file", async () => {
    const company = await createTestCompany(t.db);
    await withTenant(app, company.id, async (tx) => {
      await createCustomer({ tx, companyId: company.id }, customerInput(), testCustomerServices);
      await createCustomer(
        { tx, companyId: company.id },
        customerInput({ name: "Grace Hopper", contacts: [], properties: [propertyInput({ street: "12 Elm St." })] }),
        testCustomerServices,
      );
    });
    const csv = [
      header,
      "Ada L,+1 303 555 0142,,5 Birch Ln,Denver,CO,80202",
      "grace hopper,,,12 elm st,Denver,CO,80202",
      "New Person,720-555-0100,new@example.com,7 Cedar Ct,Boulder,CO,80302",
      "Someone Else,(720) 555-0100,,8 Cedar Ct,Boulder,CO,80302",
      "Ada Again,,ADA@EXAMPLE.COM,1 Other St,Denver,CO,80202",
    ].join("\n");
    const preview = await withTenant(app, company.id, (tx) => previewCustomerImport(tx, { csv, mapping }));
    const [ada, grace] = await customersOf(company.id);
    expect(preview.errors).toEqual([]);
    expect(preview.rows.map(({ line, match }) => [line, match])).toEqual([
      [2, { customerId: ada!.id, line: null, reason: "Same phone number as Ada Lovelace" }],
      [3, { customerId: grace!.id, line: null, reason: "Same name and street as Grace Hopper" }],
      [4, null],
      [5, { customerId: null, line: 4, reason: "Repeats line 4 (same phone number)" }],
      [6, { customerId: null, line: 2, reason: "Same customer as line 2 (Ada Lovelace)" }],
    ]);
    expect(await t.db.customerImport.count({ where: { companyId: company.id } })).toBe(0);
  });

  it("skips what exists when asked to, and a file imported twice creates nothing the second time and says so", async () => {
    const company = await createTestCompany(t.db);
    const first = await imported(company.id, addressesOnly);
    await locateImportRows(deps, { companyId: company.id, importId: first.id }, countingGeocoder().geocoder);
    const before = await customersOf(company.id);

    const second = await imported(company.id, addressesOnly, "skip");
    expect(second).toMatchObject({
      status: "done",
      totalRows: 4,
      created: 0,
      updated: 0,
      skipped: 4,
      location: { exact: 0, approximate: 0, manual: 0, notLocated: 0, remaining: 0 },
      problems: [],
      skippedRows: [
        { line: 2, name: "Grace Hopper", reason: "Same e-mail as Grace Hopper" },
        { line: 3, name: "Alan Turing", reason: "Same e-mail as Alan Turing" },
        { line: 4, name: "Ada Lovelace", reason: "Same phone number as Ada Lovelace" },
        { line: 5, name: "Nobody Known", reason: "Same name and street as Nobody Known" },
      ],
    });
    expect(second.finishedAt).not.toBeNull();
    expect(await customersOf(company.id)).toEqual(before);
    // Nothing to locate: no task was handed to the workers.
    expect(await t.db.pendingEffect.count({ where: { companyId: company.id, kind: "task", taskKey: second.id } })).toBe(
      0,
    );
  });

  it("updates what exists when asked to: the file's filled cells replace what they map to, the rest stays", async () => {
    const company = await createTestCompany(t.db);
    await withTenant(app, company.id, async (tx) => {
      const scope = { tx, companyId: company.id };
      await createCustomer(
        scope,
        customerInput({
          properties: [
            propertyInput({ accessNotes: "Dog in the back yard", gateCode: "1234" }),
            propertyInput({ street: "40 Lake Rd", city: "Golden", postcode: "80401" }),
          ],
        }),
        testCustomerServices,
      );
      await createCustomer(
        scope,
        customerInput({
          name: "Grace Hopper",
          contacts: [{ kind: "email", value: "grace@example.com" }],
          properties: [propertyInput({ street: "1 Old Rd", city: "Boulder", postcode: "80302" })],
          tags: [],
          notes: null,
        }),
        testCustomerServices,
      );
    });
    const csv = [
      "Name,Phone,Email,Street,City,State,Zip,Tags",
      // Matched by its phone written otherwise; same address: keeps its point.
      "Ada King,303.555.0142,ada.king@example.com,12 Elm Street,Denver,CO,80202,newsletter",
      // Matched by e-mail; moved: located again.
      "Grace Hopper,720-555-0199,grace@example.com,12 Elm St,Denver,CO,80202,",
      "New Person,,,7 Cedar Ct,Boulder,CO,80302,",
    ].join("\n");
    const outcome = await runInScope(deps, { companyId: company.id, actor: systemActor("test") }, (scope) =>
      importCustomers(scope, { csv, mapping: { ...mapping, tags: "Tags" }, duplicates: "update" }),
    );
    expect(outcome.customerImport).toMatchObject({
      status: "locating",
      created: 1,
      updated: 2,
      skipped: 0,
      location: { manual: 1, remaining: 2 },
    });
    await locateImportRows(
      deps,
      { companyId: company.id, importId: outcome.customerImport!.id },
      countingGeocoder().geocoder,
    );
    expect(await status(company.id, outcome.customerImport!.id)).toMatchObject({
      status: "done",
      location: { manual: 1, approximate: 2, notLocated: 0, remaining: 0 },
    });

    const [ada, grace, added] = await customersOf(company.id);
    expect(ada).toMatchObject({
      name: "Ada King",
      email: "ada.king@example.com",
      phone: "(303) 555-0142",
      tags: ["vip", "newsletter"],
      notes: "Prefers mornings",
      locationPrecision: "manual",
      latitude: 39.74,
    });
    expect(ada!.contacts.map(({ kind, value, label }) => [kind, value, label])).toEqual([
      ["phone", "(303) 555-0142", "Mobile"],
      ["email", "ada.king@example.com", null],
    ]);
    expect(ada!.properties.map(({ street, accessNotes, gateCode }) => [street, accessNotes, gateCode])).toEqual([
      ["12 Elm Street", "Dog in the back yard", "1234"],
      ["40 Lake Rd", null, null],
    ]);
    expect(ada!.searchText).toContain("ada.king@example.com");
    expect(grace).toMatchObject({
      name: "Grace Hopper",
      phone: "720-555-0199",
      street: "12 Elm St",
      city: "Denver",
      postcode: "80202",
      locationPrecision: "approximate",
      latitude: expect.closeTo(39.75, 1),
    });
    expect(grace!.properties[0]).toMatchObject({ street: "12 Elm St", locationPrecision: "approximate" });
    expect(added).toMatchObject({ name: "New Person", locationPrecision: "approximate" });
  });

  it("counts only the customers a file creates against the plan, and refusing writes nothing", async () => {
    const company = await createTestCompany(t.db, { planId: "starter" });
    await t.db.customer.createMany({ data: fillerCustomers(company.id, 99) });
    const twoNew = [header, "Grace Hopper,,,12 Elm St,Denver,CO,80202", "Alan Turing,,,9 Oak Ave,Denver,CO,80202"];
    const refused = await importFile(company.id, twoNew.join("\n")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ kind: "plan_limit", message: expect.stringContaining("Growth plan allows 500") });
    expect(await t.db.customer.count({ where: { companyId: company.id } })).toBe(99);
    expect(await t.db.customerImport.count({ where: { companyId: company.id } })).toBe(0);

    // Two rows are customers already there: the file adds one, the plan's last place.
    const oneNew = [header, "Filler 1,,,1 Main,Denver,CO,80202", "Filler 2,,,1 Main,Denver,CO,80202", twoNew[1]!];
    expect(await imported(company.id, oneNew.join("\n"))).toMatchObject({ created: 1, skipped: 2 });
    expect(await t.db.customer.count({ where: { companyId: company.id } })).toBe(100);
  });
});
