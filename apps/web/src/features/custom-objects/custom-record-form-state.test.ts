import { describe, expect, it } from "vitest";
import type { CustomObjectDefinition, CustomRecord } from "@fieldops/shared/custom-objects";
import { customRecordFormSchema, toFormState } from "./custom-record-form-state";

const CUSTOMER = "6f1c1e7a-2b3c-4d5e-8f90-123456789abc";

const equipment: CustomObjectDefinition = {
  id: "0a1c1e7a-2b3c-4d5e-8f90-123456789abc",
  key: "equipment",
  buildId: "1b1c1e7a-2b3c-4d5e-8f90-123456789abc",
  name: "Equipment",
  pluralName: "Equipment",
  description: null,
  fields: [
    { key: "make", label: "Make", type: "text", required: true },
    { key: "price", label: "Price", type: "money", required: false },
    { key: "units", label: "Units", type: "integer", required: false },
    { key: "under_warranty", label: "Under warranty", type: "boolean", required: false },
    { key: "condition", label: "Condition", type: "select", required: false, options: ["Good", "Worn"] },
  ],
  relations: [{ key: "customer", label: "Customer", target: "customer", required: true }],
  showOn: ["customer"],
  stage: "production",
};

describe("the custom record form", () => {
  it("starts a new record empty, with the fixed relation chosen", () => {
    expect(toFormState(equipment, null, { customer: CUSTOMER })).toEqual({
      make: "",
      price: "",
      units: "",
      under_warranty: false,
      condition: "",
      customer: CUSTOMER,
    });
  });

  const parse = (state: Record<string, string | boolean>, change: boolean) =>
    customRecordFormSchema(equipment, { change }).safeParse(state);

  it("turns dollars into cents and leaves empty inputs out of a new record", () => {
    const state = {
      ...toFormState(equipment, null, { customer: CUSTOMER }),
      make: " Trane ",
      price: "1,234.50",
      under_warranty: true,
    };
    expect(parse(state, false).data).toEqual({
      make: "Trane",
      price: 123_450,
      under_warranty: true,
      customer: CUSTOMER,
    });
  });

  it("clears emptied inputs of a change with null, and shows a record's cents as dollars", () => {
    const record: CustomRecord = {
      id: "2c1c1e7a-2b3c-4d5e-8f90-123456789abc",
      objectKey: "equipment",
      title: "Trane",
      values: { make: "Trane", price: 500, condition: "Good", customer: CUSTOMER },
      links: {},
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    };
    const state = toFormState(equipment, record);
    expect(state).toMatchObject({ make: "Trane", price: "5.00", condition: "Good" });
    expect(parse({ ...state, condition: "" }, true).data).toEqual({
      make: "Trane",
      price: 500,
      units: null,
      under_warranty: false,
      condition: null,
      customer: CUSTOMER,
    });
  });

  it("names the field at fault with the API's own rule", () => {
    const base = toFormState(equipment, null, { customer: CUSTOMER });
    const paths = (state: Record<string, string | boolean>) =>
      parse(state, false).error?.issues.map((issue) => issue.path.join("."));
    expect(paths(base)).toEqual(["make"]);
    expect(paths({ ...base, make: "Trane", units: "2.5" })).toEqual(["units"]);
    expect(paths({ ...base, make: "Trane", price: "lots" })).toEqual(["price"]);
    expect(paths({ ...base, make: "Trane", customer: "" })).toEqual(["customer"]);
  });
});
