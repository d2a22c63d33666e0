import { describe, expect, it } from "vitest";
import { inferField, inferFieldType, parseFeatureRequest, plural, singular } from "./parse-feature-request.ts";

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

  it("reads a treatment per visit: quantities with units, the visit as a picker and a section on the visit's job", () => {
    const spec = parseFeatureRequest(
      "record each pest treatment per visit: product, dose in ml, target pest, re-entry interval, amount used (oz), fee",
    );
    const [treatment] = spec.entities;
    expect(treatment!.fields.map((field) => [field.label, field.type, field.unit ?? null])).toEqual([
      ["Product", "text", null],
      ["Dose", "number", "ml"],
      ["Target Pest", "text", null],
      ["Re-Entry Interval", "number", "hours"],
      ["Amount Used", "number", "oz"],
      ["Fee", "money", null],
    ]);
    expect(treatment!.relations).toEqual([{ key: "visit", label: "Visit", target: "visit", required: true }]);
    expect(treatment!.showOn).toEqual(["visit"]);
  });

  it("makes records named among the fields pickers, never text boxes", () => {
    const spec = parseFeatureRequest(
      "track inspections for the job: result, link to the visit, customer name, which technician, inspected by",
    );
    const [inspection] = spec.entities;
    expect(inspection!.fields.map((field) => field.label)).toEqual(["Result"]);
    expect(inspection!.relations.map((relation) => [relation.target, relation.label])).toEqual([
      ["job", "Job"],
      ["visit", "Visit"],
      ["customer", "Customer"],
      ["team_member", "Technician"],
    ]);
    // "for the job" relates it without asking for a section.
    expect(
      parseFeatureRequest(
        "track bait stations per property: station number, location, address",
      ).entities[0]!.fields.map((field) => field.label),
    ).toEqual(["Station Number", "Location", "Address"]);
    expect(inspection!.showOn).toEqual([]);
  });

  it("puts a section where the request says: per customer, per property, per job", () => {
    const sections = (request: string) => parseFeatureRequest(request).entities[0]!.showOn;
    expect(sections("keep track of pool chemicals for each client: chlorine level (ppm), ph")).toEqual(["customer"]);
    expect(sections("track gate codes per property: code")).toEqual(["customer"]);
    expect(sections("log permits per job: permit number, permit fee")).toEqual(["job"]);
  });

  it("builds two kinds of notes per customer as one object with a kind, in the words an office uses", () => {
    for (const request of [
      "I need two kinds of notes per customer: access notes and pet notes",
      "keep access notes and pet notes for each customer",
      "we want two types of notes per customer - access notes, pet notes",
    ]) {
      const [note, ...others] = parseFeatureRequest(request).entities;
      expect(others).toEqual([]);
      expect(note).toMatchObject({ key: "customer_note", name: "Customer Note", showOn: ["customer"] });
      expect(note!.fields).toEqual([
        { key: "note", label: "Note", type: "long_text", required: true },
        { key: "kind", label: "Kind", type: "select", required: true, options: ["Access", "Pet"] },
      ]);
    }
  });

  it("reads several nouns as several objects alike", () => {
    const spec = parseFeatureRequest("track vehicles and trailers per crew: plate, mileage");
    expect(spec.entities.map((entity) => entity.key)).toEqual(["vehicle", "trailer"]);
    expect(spec.entities[1]!.fields.find((field) => field.key === "mileage")).toMatchObject({ unit: "miles" });
  });

  it("refuses words that name nothing to track", () => {
    for (const words of [
      "make it better please",
      "can you build a feature that makes everything faster",
      "I'd like to add a report of revenue",
      "we need a way to see revenue",
    ])
      expect(() => parseFeatureRequest(words), words).toThrow(/Say what to keep track of/);
  });

  it("infers types from names and inflects nouns", () => {
    expect(inferFieldType("contact phone")).toBe("phone");
    expect(inferFieldType("warranty expiry")).toBe("date");
    expect(inferFieldType("quantity")).toBe("integer");
    expect(inferFieldType("kilowatts")).toBe("number");
    expect(inferField("dose in ml")).toEqual({ type: "number", unit: "ml" });
    expect(inferField("weight (lbs)")).toEqual({ type: "number", unit: "lb" });
    expect(inferField("gallons of water used")).toEqual({ type: "number", unit: "gal" });
    expect(inferField("supply air temp")).toEqual({ type: "number", unit: "°F" });
    expect(inferField("blood pressure")).toEqual({ type: "text" });
    expect(inferField("heart rate")).toEqual({ type: "number", unit: "bpm" });
    expect(inferField("hourly rate")).toEqual({ type: "money" });
    expect(inferField("amount")).toEqual({ type: "money" });
    expect(inferField("treatment cost ($)")).toEqual({ type: "money" });
    expect(inferFieldType("is under warranty")).toBe("boolean");
    expect(singular("warranties")).toBe("warranty");
    expect(singular("equipment")).toBe("equipment");
    expect(plural("battery")).toBe("batteries");
    expect(plural("box")).toBe("boxes");
  });
});
