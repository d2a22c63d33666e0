import { describe, expect, it } from "vitest";
import { CUSTOMER_CSV_HEADERS } from "@fieldops/shared/customers";
import { installValidationMessages } from "@fieldops/shared/validation-messages";
import { customersToCsv, parseCustomerCsv, spreadsheetSafe } from "./customer-csv.ts";

const mapping = {
  name: "Customer",
  email: "E-mail",
  phone: "Phone",
  street: "Street",
  city: "City",
  latitude: "Lat",
  longitude: "Lng",
  tags: "Tags",
};

describe("parseCustomerCsv", () => {
  it("reads each row into a customer under the mapping, with quoted commas and a byte-order mark", () => {
    const csv =
      '\uFEFFCustomer,E-mail,Phone,Street,City,Lat,Lng,Tags\n"Hopper, Grace",grace@navy.example,303-555-0100,1 Elm,Denver,39.7,-104.9,vip; weekly\n';
    const parsed = parseCustomerCsv(csv, mapping);
    expect(parsed.errors).toEqual([]);
    expect(parsed.customers).toEqual([
      {
        line: 2,
        input: expect.objectContaining({
          name: "Hopper, Grace",
          tags: ["vip", "weekly"],
          contacts: [
            { kind: "phone", value: "303-555-0100" },
            { kind: "email", value: "grace@navy.example" },
          ],
          properties: [expect.objectContaining({ street: "1 Elm", city: "Denver", latitude: 39.7, longitude: -104.9 })],
        }),
      },
    ]);
  });

  it("reports every bad row with its line and column", () => {
    const csv = [
      "Customer,E-mail,Phone,Street,City,Lat,Lng,Tags",
      "Good,good@example.com,,1 Elm,Denver,39.7,-104.9,",
      ",not-an-address,,1 Elm,Denver,,-104.9,",
      "Far,,,2 Oak,Denver,95,0,",
    ].join("\n");
    const parsed = parseCustomerCsv(csv, mapping);
    expect(parsed.customers.map((customer) => customer.line)).toEqual([2]);
    expect(parsed.errors).toEqual([
      { line: 3, column: "Customer", message: "Name is required" },
      { line: 3, column: "E-mail", message: "Enter a valid email address" },
      { line: 3, column: "Lat", message: "Latitude is empty: give both coordinates, or neither to locate the address" },
      { line: 4, column: "Lat", message: "Latitude must be a number between -90 and 90" },
    ]);
  });

  it("leaves the coordinates out of a row that has none, or 0,0 (the address is located), and keeps typed ones", () => {
    const csv = [
      "Customer,E-mail,Phone,Street,City,Lat,Lng,Tags",
      "Blank,,,1 Elm,Denver,,,",
      "Zeros,,,2 Elm,Denver,0,0,",
      "Typed,,,3 Elm,Denver,39.7,-104.9,",
    ].join("\n");
    const parsed = parseCustomerCsv(csv, mapping);
    expect(parsed.errors).toEqual([]);
    expect(
      parsed.customers.map(({ input }) => [input.properties[0]!.latitude, input.properties[0]!.longitude]),
    ).toEqual([
      [undefined, undefined],
      [undefined, undefined],
      [39.7, -104.9],
    ]);
  });

  it("says what is wrong with a field in a sentence under the API's messages, not a rule without its subject", () => {
    installValidationMessages();
    const csv = [
      "Customer,E-mail,Phone,Street,City,Lat,Lng,Tags",
      `${"x".repeat(201)},,,1 Elm,Denver,39.7,-104.9,`,
    ].join("\n");
    expect(parseCustomerCsv(csv, mapping).errors).toEqual([
      { line: 2, column: "Customer", message: "Name must be at most 200 characters" },
    ]);
  });

  it("refuses a mapping to a missing column and a required field left unmapped", () => {
    const parsed = parseCustomerCsv("Customer,Street\nA,1 Elm\n", { name: "Client", street: "Street" });
    expect(parsed.errors).toContainEqual({ line: 1, column: "Client", message: 'There is no column "Client"' });
    expect(parsed.errors).toContainEqual({ line: 1, column: null, message: "Choose the column for City" });
  });

  it("says so when the text is not CSV", () => {
    const parsed = parseCustomerCsv('Customer\n"unclosed\n', mapping);
    expect(parsed.errors[0]?.message).toMatch(/^The file is not valid CSV/);
  });
});

describe("customersToCsv", () => {
  it("writes the headers an import maps, and reads back the same customers", () => {
    const csv = customersToCsv([
      {
        name: "Hopper, Grace",
        email: "grace@navy.example",
        phone: "+1 303 555 0100",
        street: "1 Elm",
        city: "Denver",
        region: "CO",
        postcode: "80202",
        latitude: 39.7,
        longitude: -104.9,
        accessNotes: null,
        gateCode: "42",
        tags: ["vip", "weekly"],
        notes: null,
      },
    ]);
    const parsed = parseCustomerCsv(csv, { ...CUSTOMER_CSV_HEADERS });
    expect(parsed.errors).toEqual([]);
    expect(parsed.customers[0]?.input).toMatchObject({
      name: "Hopper, Grace",
      tags: ["vip", "weekly"],
      properties: [{ gateCode: "42", region: "CO" }],
    });
  });

  it("keeps a spreadsheet from running a cell as a formula", () => {
    expect(spreadsheetSafe('=HYPERLINK("x")')).toBe('\'=HYPERLINK("x")');
    expect(spreadsheetSafe("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(spreadsheetSafe("-2+3+cmd|' /C calc'!A0")).toBe("'-2+3+cmd|' /C calc'!A0");
    expect(spreadsheetSafe("+1 (303) 555-0100")).toBe("+1 (303) 555-0100");
    expect(spreadsheetSafe("-104.9")).toBe("-104.9");
  });
});
