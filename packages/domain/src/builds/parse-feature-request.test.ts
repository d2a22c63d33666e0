import { describe, expect, it } from "vitest";
import { DomainError } from "../errors.ts";
import { inferFieldType, parseFeatureRequest, plural, singular } from "./parse-feature-request.ts";

describe("parseFeatureRequest", () => {
  it("reads the equipment request into one entity with typed fields, a customer relation and the customer page", () => {
    const spec = parseFeatureRequest(
      "I need to track equipment at each customer: make, model, serial number, install date, and see it on the customer page",
    );
    expect(spec.featureName).toBe("Equipment Tracking");
    expect(spec.entities).toHaveLength(1);
    const [equipment] = spec.entities;
    expect(equipment).toMatchObject({
      key: "equipment",
      name: "Equipment",
      pluralName: "Equipment",
      showOn: ["customer"],
    });
    expect(equipment!.fields.map((field) => [field.key, field.type])).toEqual([
      ["make", "text"],
      ["model", "text"],
      ["serial_number", "text"],
      ["install_date", "date"],
    ]);
    expect(equipment!.fields[0]!.required).toBe(true);
    expect(equipment!.relations).toEqual([{ key: "customer", label: "Customer", target: "customer", required: true }]);
    expect(spec.routes.map((route) => `${route.method} ${route.path}`)).toEqual([
      "GET /api/custom/equipment",
      "POST /api/custom/equipment",
      "GET /api/custom/equipment/{id}",
      "PATCH /api/custom/equipment/{id}",
      "DELETE /api/custom/equipment/{id}",
    ]);
  });

  it("reads several sentences as several entities, relating a later one to an earlier one, with selects and money", () => {
    const spec = parseFeatureRequest(
      "We want to track vehicles for each crew: plate, mileage, status (active, in shop, retired). Track repairs for each vehicle: repair date, cost, notes. Also log fuel purchases per job: gallons, price, paid",
    );
    expect(spec.entities.map((entity) => entity.key)).toEqual(["vehicle", "repair", "fuel_purchase"]);
    const [vehicle, repair, fuel] = spec.entities;
    expect(vehicle!.relations[0]).toMatchObject({ target: "crew" });
    expect(vehicle!.fields.find((field) => field.key === "status")).toMatchObject({
      type: "select",
      options: ["Active", "In Shop", "Retired"],
    });
    expect(vehicle!.fields.find((field) => field.key === "mileage")!.type).toBe("number");
    expect(repair!.relations[0]).toMatchObject({ target: "vehicle", label: "Vehicle" });
    expect(repair!.fields.map((field) => field.type)).toEqual(["date", "money", "long_text"]);
    expect(fuel!.relations[0]).toMatchObject({ target: "job" });
    expect(fuel!.pluralName).toBe("Fuel Purchases");
    expect(spec.routes).toHaveLength(15);
  });

  it("refuses words that name nothing to track", () => {
    expect(() => parseFeatureRequest("make it better please")).toThrow(DomainError);
  });

  it("infers types from names and inflects nouns", () => {
    expect(inferFieldType("contact phone")).toBe("phone");
    expect(inferFieldType("warranty expiry")).toBe("date");
    expect(inferFieldType("quantity")).toBe("integer");
    expect(inferFieldType("kilowatts")).toBe("number");
    expect(inferFieldType("is under warranty")).toBe("boolean");
    expect(singular("warranties")).toBe("warranty");
    expect(singular("equipment")).toBe("equipment");
    expect(plural("battery")).toBe("batteries");
    expect(plural("box")).toBe("boxes");
  });
});
