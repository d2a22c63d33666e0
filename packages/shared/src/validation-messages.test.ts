import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldSentence, validationMessages } from "./validation-messages.ts";
import { text } from "./text.ts";

/** The first problem of a value as a person reads it, as the API's error handler and the web's forms put it. */
function firstSentence(schema: z.ZodType, value: unknown): string {
  const result = schema.safeParse(value, { error: validationMessages });
  if (result.success) throw new Error("expected a refusal");
  const issue = result.error.issues[0]!;
  return fieldSentence(issue.path as (string | number)[], issue.message);
}

const customer = z.object({
  name: text({ max: 100, trim: true }).min(1, "Name is required"),
  email: text({ max: 254 }).email().optional(),
  primaryColor: text({ max: 7 }).optional(),
  properties: z.array(z.object({ street: text({ max: 200 }).min(1, "Street is required"), zip: text({ max: 10 }) })),
  tags: z.array(text({ max: 5 })).max(2),
  visits: z.number().int().min(1).optional(),
});

describe("validation sentences", () => {
  const valid = { name: "Ann", properties: [{ street: "1 Main St", zip: "1" }], tags: [] };

  it("keeps a schema's own sentence and says which element of a list it is about", () => {
    const properties = [valid.properties[0], { street: "", zip: "2" }];
    expect(firstSentence(customer, { ...valid, properties })).toBe("Property 2: Street is required");
  });

  it("completes the rules a schema states without words with the field's name", () => {
    expect(firstSentence(customer, { ...valid, email: "not an address" })).toBe("Email must be an e-mail address");
    expect(firstSentence(customer, { ...valid, primaryColor: "#12345678" })).toBe(
      "Primary color must be at most 7 characters",
    );
    expect(firstSentence(customer, { ...valid, tags: ["a", "b", "c"] })).toBe("Tags must have at most 2 items");
    expect(firstSentence(customer, { ...valid, tags: ["longer"] })).toBe("Tag 1 must be at most 5 characters");
    expect(firstSentence(customer, { ...valid, visits: 0 })).toBe("Visits must be at least 1");
    expect(firstSentence(customer, { ...valid, visits: 1.5 })).toBe("Visits must be a whole number");
  });

  it("says a missing field is required, and names what a wrong type should have been", () => {
    expect(firstSentence(customer, { properties: [], tags: [] })).toBe("Name is required");
    expect(firstSentence(customer, { ...valid, properties: [{ street: "1 Main St", zip: 5 }] })).toBe(
      "Property 1: Zip must be a string",
    );
  });

  it("names a value outside a choice by its choices", () => {
    expect(firstSentence(z.object({ role: z.enum(["owner", "member"]) }), { role: "boss" })).toBe(
      'Role must be one of "owner", "member"',
    );
  });
});
