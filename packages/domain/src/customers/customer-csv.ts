import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify/sync";
import {
  CUSTOMER_CSV_HEADERS,
  CUSTOMER_IMPORT_FIELDS,
  MAX_CUSTOMER_IMPORT_ROWS,
  REQUIRED_CUSTOMER_IMPORT_FIELDS,
  createCustomerRequestSchema,
  type CreateCustomerInput,
  type CustomerContactInput,
  type CustomerImportError,
  type CustomerImportField,
  type CustomerImportMapping,
  type CustomerImportRow,
} from "@fieldops/shared/customers";
import { fieldSentence } from "@fieldops/shared/validation-messages";

export interface ParsedCustomerCsv {
  headers: string[];
  totalRows: number;
  customers: { line: number; input: CreateCustomerInput }[];
  errors: CustomerImportError[];
}

const TAG_SEPARATOR = ";";

/**
 * Reads CSV text into customers to create, under a mapping from fields to column headers. Every problem is reported
 * with its line (the header is line 1) and column, so the whole file can be fixed at once; nothing is partial.
 */
export function parseCustomerCsv(csv: string, mapping: CustomerImportMapping): ParsedCustomerCsv {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true }) as string[][];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return {
      headers: [],
      totalRows: 0,
      customers: [],
      errors: [{ line: 1, column: null, message: `The file is not valid CSV: ${message}` }],
    };
  }
  const [headers = [], ...rows] = records;
  const errors: CustomerImportError[] = [];
  const columnOf = new Map<CustomerImportField, number>();
  for (const field of CUSTOMER_IMPORT_FIELDS) {
    const header = mapping[field];
    if (header === undefined || header === "") continue;
    const index = headers.indexOf(header);
    if (index === -1) errors.push({ line: 1, column: header, message: `There is no column "${header}"` });
    else columnOf.set(field, index);
  }
  for (const field of REQUIRED_CUSTOMER_IMPORT_FIELDS) {
    if (mapping[field] === undefined || mapping[field] === "") {
      errors.push({ line: 1, column: null, message: `Choose the column for ${CUSTOMER_CSV_HEADERS[field]}` });
    }
  }
  if (rows.length === 0) errors.push({ line: 1, column: null, message: "The file has no rows below its header" });
  if (rows.length > MAX_CUSTOMER_IMPORT_ROWS) {
    errors.push({
      line: 1,
      column: null,
      message: `A file may have up to ${MAX_CUSTOMER_IMPORT_ROWS} rows; this one has ${rows.length}`,
    });
  }
  if (errors.length > 0) return { headers, totalRows: rows.length, customers: [], errors };

  const customers: ParsedCustomerCsv["customers"] = [];
  rows.forEach((row, index) => {
    const line = index + 2;
    const cell = (field: CustomerImportField) => {
      const column = columnOf.get(field);
      return column === undefined ? "" : (row[column] ?? "");
    };
    const optional = (field: CustomerImportField) => (cell(field) === "" ? null : cell(field));
    // A blank coordinate means "locate the address"; so does 0,0, which is what many systems export for "unknown".
    const blankPoint = ["latitude", "longitude"].every((field) =>
      ["", "0"].includes(cell(field as CustomerImportField).trim()),
    );
    const coordinate = (field: "latitude" | "longitude") =>
      blankPoint ? undefined : cell(field).trim() === "" ? Number.NaN : Number(cell(field));
    const contacts: CustomerContactInput[] = [];
    if (cell("phone") !== "") contacts.push({ kind: "phone", value: cell("phone") });
    if (cell("email") !== "") contacts.push({ kind: "email", value: cell("email") });
    const candidate = {
      name: cell("name"),
      contacts,
      properties: [
        {
          street: cell("street"),
          city: cell("city"),
          region: cell("region"),
          postcode: cell("postcode"),
          latitude: coordinate("latitude"),
          longitude: coordinate("longitude"),
          accessNotes: optional("accessNotes"),
          gateCode: optional("gateCode"),
        },
      ],
      tags: cell("tags")
        .split(TAG_SEPARATOR)
        .map((tag) => tag.trim())
        .filter((tag) => tag !== ""),
      notes: optional("notes"),
    };
    const result = createCustomerRequestSchema.safeParse(candidate);
    if (result.success) {
      customers.push({ line, input: result.data });
      return;
    }
    for (const issue of result.error.issues) {
      const field = fieldOfIssue(issue.path, contacts);
      const header = field ? (mapping[field] ?? null) : null;
      const message =
        field && (field === "latitude" || field === "longitude") && cell(field).trim() === ""
          ? `${CUSTOMER_CSV_HEADERS[field]} is empty: give both coordinates, or neither to locate the address`
          : field && (field === "latitude" || field === "longitude")
            ? `${CUSTOMER_CSV_HEADERS[field]} must be a number between ${field === "latitude" ? "-90 and 90" : "-180 and 180"}`
            : fieldSentence(field ? [field] : [], issue.message);
      errors.push({ line, column: header, message });
    }
  });
  return { headers, totalRows: rows.length, customers, errors };
}

/** Which mapped field a validation issue of the candidate customer is about. */
function fieldOfIssue(path: PropertyKey[], contacts: CustomerContactInput[]): CustomerImportField | null {
  const [head, index, key] = path;
  if (head === "name" || head === "tags" || head === "notes") return head;
  if (head === "contacts" && typeof index === "number") return contacts[index]?.kind ?? null;
  if (head === "properties" && typeof key === "string" && (CUSTOMER_IMPORT_FIELDS as readonly string[]).includes(key)) {
    return key as CustomerImportField;
  }
  return null;
}

export function toImportRow(line: number, input: CreateCustomerInput): Omit<CustomerImportRow, "match"> {
  const main = input.properties[0];
  return {
    line,
    name: input.name,
    email: input.contacts.find((contact) => contact.kind === "email")?.value ?? null,
    phone: input.contacts.find((contact) => contact.kind === "phone")?.value ?? null,
    address: main ? [main.street, main.city].filter((part) => part !== "").join(", ") : "",
  };
}

/**
 * A cell a spreadsheet would run as a formula (=, @, +, - and control characters first) gets a leading apostrophe;
 * phone numbers and signed numbers stay as they are.
 */
export function spreadsheetSafe(value: string): string {
  if (/^[=@\t\r]/.test(value)) return `'${value}`;
  if (/^[+-]/.test(value) && !/^[+-][\d\s().-]*$/.test(value)) return `'${value}`;
  return value;
}

export interface CustomerCsvRow {
  name: string;
  email: string | null;
  phone: string | null;
  street: string;
  city: string;
  region: string;
  postcode: string;
  latitude: number | null;
  longitude: number | null;
  accessNotes: string | null;
  gateCode: string | null;
  tags: string[];
  notes: string | null;
}

/** The CSV an export gives, with the headers an import maps by default. */
export function customersToCsv(rows: readonly CustomerCsvRow[]): string {
  const records = rows.map((row) =>
    CUSTOMER_IMPORT_FIELDS.map((field) => {
      const value = row[field];
      if (Array.isArray(value)) return spreadsheetSafe(value.join(`${TAG_SEPARATOR} `));
      if (typeof value === "number") return String(value);
      if (value === null && (field === "latitude" || field === "longitude")) return "";
      return spreadsheetSafe(value ?? "");
    }),
  );
  return stringify([CUSTOMER_IMPORT_FIELDS.map((field) => CUSTOMER_CSV_HEADERS[field]), ...records]);
}
