import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { withTenant, type Database } from "@fieldops/db";
import { customerPropertyInputSchema } from "@fieldops/shared/customers";
import { startGeocoderStandIn, type GeocoderStandIn } from "../../../../tests/stand-ins/geocoder-api.ts";
import { createTestCompany, startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";
import { createGeocoder } from "../geocoding/create-geocoder.ts";
import { createCustomer } from "./create-customer.ts";
import { ADDRESS_ONLY_HEADER, addressOnlyMapping, customerInput, propertyInput } from "./customer-test-fixtures.ts";
import { runInScope } from "../effects/run-in-scope.ts";
import { systemActor } from "../tenant-scope.ts";
import { importCustomers } from "./import-customers.ts";
import { locateImportRows } from "./locate-imported-customers.handler.ts";
import { updateCustomer } from "./update-customer.ts";

let t: TestApp;
let app: Database;
let geocoderServer: GeocoderStandIn;
let services: { geocoder: ReturnType<typeof createGeocoder> };

beforeAll(async () => {
  t = await startTestApp();
  app = t.runtime.context.db;
  geocoderServer = await startGeocoderStandIn([
    { street: "1600 Amphitheatre Pkwy", latitude: 37.42202, longitude: -122.08408, kind: "house" },
  ]);
});
afterAll(async () => {
  await geocoderServer.close();
  await t.close();
});
beforeEach(() => {
  // A geocoder per test: its cache must not answer for another test's server.
  services = { geocoder: createGeocoder({ url: geocoderServer.url, api: "nominatim" }) };
});

/** A property as the office types it: no coordinates. */
const typed = (overrides: Parameters<typeof propertyInput>[0] = {}) => {
  const { latitude: _latitude, longitude: _longitude, ...property } = propertyInput(overrides);
  return property;
};

describe("a customer's addresses become places", () => {
  it("locates a typed address exactly through the geocoding server, and marks a ZIP-code guess approximate", async () => {
    const company = await createTestCompany(t.db);
    const created = await withTenant(app, company.id, (tx) =>
      createCustomer(
        { tx, companyId: company.id },
        customerInput({
          properties: [
            typed({ street: "1600 Amphitheatre Pkwy", city: "Mountain View", region: "CA", postcode: "94043" }),
            typed({ street: "9 Unknown Rd", city: "Cambridge", region: "MA", postcode: "02138" }),
          ],
        }),
        services,
      ),
    );
    expect(created.properties).toMatchObject([
      { latitude: 37.42202, longitude: -122.08408, locationPrecision: "exact" },
      { latitude: expect.closeTo(42.377, 2), locationPrecision: "approximate" },
    ]);
    const row = await t.db.customer.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ latitude: 37.42202, longitude: -122.08408, locationPrecision: "exact" });
  });

  it("saves an address nothing can locate without a point, never 0,0", async () => {
    const company = await createTestCompany(t.db);
    const created = await withTenant(app, company.id, (tx) =>
      createCustomer(
        { tx, companyId: company.id },
        customerInput({ properties: [typed({ street: "1 Nowhere", city: "Atlantis", region: "", postcode: "" })] }),
        services,
      ),
    );
    expect(created.properties[0]).toMatchObject({ latitude: null, longitude: null, locationPrecision: null });
    const row = await t.db.customer.findUniqueOrThrow({ where: { id: created.id } });
    expect(row).toMatchObject({ latitude: null, longitude: null, locationPrecision: null });
  });

  it("keeps typed coordinates as set by hand, and keeps a point while the address is unchanged", async () => {
    const company = await createTestCompany(t.db);
    const created = await withTenant(app, company.id, (tx) =>
      createCustomer(
        { tx, companyId: company.id },
        customerInput({ properties: [propertyInput({ latitude: 39.7, longitude: -105 })] }),
        services,
      ),
    );
    expect(created.properties[0]).toMatchObject({ latitude: 39.7, longitude: -105, locationPrecision: "manual" });
    const property = created.properties[0]!;
    const requests = geocoderServer.requests.length;

    const renamed = await withTenant(app, company.id, (tx) =>
      updateCustomer(
        tx,
        { id: created.id, properties: [{ ...typed(), id: property.id, name: "Front lawn" }] },
        services,
      ),
    );
    expect(renamed.properties[0]).toMatchObject({ name: "Front lawn", latitude: 39.7, locationPrecision: "manual" });
    expect(geocoderServer.requests).toHaveLength(requests);

    const moved = await withTenant(app, company.id, (tx) =>
      updateCustomer(
        tx,
        {
          id: created.id,
          properties: [
            { ...typed({ street: "1600 Amphitheatre Pkwy", city: "Mountain View", region: "CA" }), id: property.id },
          ],
        },
        services,
      ),
    );
    expect(moved.properties[0]).toMatchObject({ id: property.id, latitude: 37.42202, locationPrecision: "exact" });
  });

  it("locates the rows of an imported file that have no coordinates, through its background task", async () => {
    const company = await createTestCompany(t.db);
    const csv = [
      ADDRESS_ONLY_HEADER,
      "Grace Hopper,555-561-7947,grace@example.com,1600 Amphitheatre Pkwy,Mountain View,CA,94043",
      "Alan Turing,(555) 561-7948,,9 Unknown Rd,Cambridge,MA,02138",
      "Nobody Known,,,1 Nowhere,Atlantis,,",
    ].join("\n");
    const deps = { db: app, redis: t.runtime.context.redis, queues: t.runtime.context.queues };
    const outcome = await runInScope(deps, { companyId: company.id, actor: systemActor("test") }, (scope) =>
      importCustomers(scope, { csv, mapping: addressOnlyMapping, duplicates: "skip" }),
    );
    expect(outcome.customerImport).toMatchObject({ created: 3, status: "locating" });
    await locateImportRows(deps, { companyId: company.id, importId: outcome.customerImport!.id }, services.geocoder);
    const rows = await t.db.customer.findMany({ where: { companyId: company.id }, orderBy: { name: "asc" } });
    expect(rows.map(({ name, locationPrecision }) => [name, locationPrecision])).toEqual([
      ["Alan Turing", "approximate"],
      ["Grace Hopper", "exact"],
      ["Nobody Known", null],
    ]);
  });

  it("refuses 0,0 and half a point, also in the database, where a point written without its precision is manual", async () => {
    expect(customerPropertyInputSchema.safeParse(propertyInput({ latitude: 0, longitude: 0 })).error?.issues).toEqual([
      expect.objectContaining({ path: ["latitude"], message: expect.stringMatching(/0, 0 is not an address/) }),
    ]);
    expect(customerPropertyInputSchema.safeParse({ ...typed(), latitude: 40 }).error?.issues).toEqual([
      expect.objectContaining({ path: ["longitude"], message: expect.stringMatching(/both latitude and longitude/) }),
    ]);
    const company = await createTestCompany(t.db);
    const created = await withTenant(app, company.id, (tx) =>
      createCustomer({ tx, companyId: company.id }, customerInput(), services),
    );
    await expect(
      t.db.customer.update({ where: { id: created.id }, data: { latitude: 0, longitude: 0 } }),
    ).rejects.toThrow(/never 0,0/);
    await expect(
      t.db.customerProperty.update({ where: { id: created.properties[0]!.id }, data: { longitude: null } }),
    ).rejects.toThrow(/never 0,0/);
    const written = await t.db.customerProperty.update({
      where: { id: created.properties[0]!.id },
      data: { latitude: 39.1, longitude: -104.1, locationPrecision: null },
    });
    expect(written).toMatchObject({ latitude: 39.1, longitude: -104.1, locationPrecision: "manual" });
  });
});
