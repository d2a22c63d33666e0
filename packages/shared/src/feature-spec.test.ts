import { describe, expect, it } from "vitest";
import { customFieldSchema, featureSpecSchema, formatQuantity } from "./feature-spec.ts";

const equipment = {
  featureName: "Equipment tracking",
  description: "Equipment installed at each customer",
  entities: [
    {
      key: "equipment",
      name: "Equipment",
      pluralName: "Equipment",
      fields: [
        { key: "make", label: "Make", type: "text", required: true },
        { key: "install_date", label: "Install date", type: "date" },
        { key: "condition", label: "Condition", type: "select", options: ["Good", "Worn"] },
      ],
      relations: [{ key: "customer", label: "Customer", target: "customer", required: true }],
      showOn: ["customer"],
    },
  ],
  routes: [{ method: "GET", path: "/api/custom/equipment", summary: "List equipment" }],
};

describe("a field's unit", () => {
  it("belongs to a number: kept on one, refused on another type, and optional (older specs have none)", () => {
    expect(customFieldSchema.parse({ key: "dose", label: "Dose", type: "number", unit: "ml" })).toMatchObject({
      unit: "ml",
    });
    expect(customFieldSchema.parse({ key: "traps", label: "Traps", type: "integer" })).not.toHaveProperty("unit");
    expect(customFieldSchema.safeParse({ key: "fee", label: "Fee", type: "money", unit: "USD" }).success).toBe(false);
    expect(customFieldSchema.safeParse({ key: "pest", label: "Pest", type: "text", unit: "ml" }).success).toBe(false);
    expect(featureSpecSchema.safeParse(equipment).success).toBe(true);
  });

  it("shows beside the value", () => {
    expect(formatQuantity(2.5, "ml")).toBe("2.5 ml");
    expect(formatQuantity(1200, "sq ft")).toBe("1,200 sq ft");
    expect(formatQuantity(3, undefined)).toBe("3");
  });
});

describe("featureSpecSchema", () => {
  it("accepts an entity with typed fields and a relation to a built-in record", () => {
    const spec = featureSpecSchema.parse(equipment);
    expect(spec.entities[0]!.fields[1]!.required).toBe(false);
  });

  it("refuses a relation to something that is neither built in nor in the spec", () => {
    const broken = structuredClone(equipment);
    broken.entities[0]!.relations[0]!.target = "warehouse";
    expect(featureSpecSchema.safeParse(broken).success).toBe(false);
  });

  it("refuses a select without options, options on a text field, and two fields of one name", () => {
    for (const fields of [
      [{ key: "a", label: "A", type: "select" }],
      [{ key: "a", label: "A", type: "text", options: ["x"] }],
      [
        { key: "a", label: "A", type: "text" },
        { key: "a", label: "B", type: "number" },
      ],
    ]) {
      const broken = { ...equipment, entities: [{ ...equipment.entities[0]!, fields }] };
      expect(featureSpecSchema.safeParse(broken).success).toBe(false);
    }
  });

  it("refuses a key that is not lower-case words with underscores, and a route outside /api/custom/", () => {
    expect(
      featureSpecSchema.safeParse({ ...equipment, entities: [{ ...equipment.entities[0]!, key: "Equipment Item" }] })
        .success,
    ).toBe(false);
    expect(
      featureSpecSchema.safeParse({ ...equipment, routes: [{ method: "GET", path: "/api/customers", summary: "x" }] })
        .success,
    ).toBe(false);
  });
});
