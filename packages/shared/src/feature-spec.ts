import { z } from "zod";
import { text } from "./text.ts";

/**
 * What a feature build builds: a company's custom objects (data models with typed fields and relations) and the REST
 * routes over them. A quote turns a request in words into one of these; the owner refines it; the build pipeline
 * installs exactly what it says.
 */

/** Lower-case words joined by underscores, starting with a letter: the stable name of an object or a field. */
export const CUSTOM_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
export const customKeySchema = text({ max: 40 }).regex(
  CUSTOM_KEY_PATTERN,
  "Use lower-case letters, digits and underscores, starting with a letter",
);

export const CUSTOM_FIELD_TYPES = [
  "text",
  "long_text",
  "number",
  "integer",
  "money",
  "date",
  "datetime",
  "boolean",
  "select",
  "email",
  "phone",
  "url",
] as const;
export const customFieldTypeSchema = z.enum(CUSTOM_FIELD_TYPES);
export type CustomFieldType = z.infer<typeof customFieldTypeSchema>;

export const MAX_SELECT_OPTIONS = 50;

/** The field types that measure a quantity, and only these carry a unit. */
export const MEASURED_FIELD_TYPES: readonly CustomFieldType[] = ["number", "integer"];

export const customFieldSchema = z
  .object({
    key: customKeySchema,
    label: text({ max: 80, trim: true }).min(1),
    type: customFieldTypeSchema,
    required: z.boolean().default(false),
    /** The choices of a `select` field, and only of one. */
    options: z
      .array(text({ max: 80, trim: true }).min(1))
      .max(MAX_SELECT_OPTIONS)
      .optional(),
    /** What a quantity is measured in ("ml", "sq ft", "hours"): shown beside its inputs and values. Absent in older specs. */
    unit: text({ max: 20, trim: true }).min(1).optional(),
  })
  .refine((field) => (field.type === "select") === Boolean(field.options?.length), {
    message: "A select field needs its options, and only a select field has options",
    path: ["options"],
  })
  .refine((field) => field.unit === undefined || MEASURED_FIELD_TYPES.includes(field.type), {
    message: "Only a number field has a unit",
    path: ["unit"],
  });
export type CustomField = z.infer<typeof customFieldSchema>;

/** The product's own records a custom object may point at. */
export const BUILT_IN_RELATION_TARGETS = ["customer", "job", "visit", "crew", "invoice", "team_member"] as const;
export const builtInRelationTargetSchema = z.enum(BUILT_IN_RELATION_TARGETS);

/** Each record of the object points at one record of the target (an equipment item at its customer). */
export const customRelationSchema = z.object({
  key: customKeySchema,
  label: text({ max: 80, trim: true }).min(1),
  /** A built-in record kind, or the key of another entity of the same spec. */
  target: customKeySchema,
  required: z.boolean().default(false),
});
export type CustomRelation = z.infer<typeof customRelationSchema>;

export const MAX_ENTITIES_PER_SPEC = 10;
export const MAX_FIELDS_PER_ENTITY = 40;

export const customEntitySchema = z.object({
  key: customKeySchema,
  name: text({ max: 60, trim: true }).min(1),
  pluralName: text({ max: 60, trim: true }).min(1),
  description: text({ max: 500, trim: true }).optional(),
  fields: z.array(customFieldSchema).min(1).max(MAX_FIELDS_PER_ENTITY),
  relations: z.array(customRelationSchema).max(10).default([]),
  /** Built-in pages that list this object's records of the record shown ("see it on the customer page"). */
  showOn: z.array(builtInRelationTargetSchema).max(BUILT_IN_RELATION_TARGETS.length).default([]),
});
export type CustomEntity = z.infer<typeof customEntitySchema>;

export const FEATURE_ROUTE_METHODS = ["GET", "POST", "PATCH", "DELETE"] as const;

export const featureRouteSchema = z.object({
  method: z.enum(FEATURE_ROUTE_METHODS),
  /** Under /api/custom/, e.g. `/api/custom/equipment/{id}`. */
  path: text({ max: 200 }).regex(/^\/api\/custom\/[a-z0-9_/{}-]+$/, "Custom routes live under /api/custom/"),
  summary: text({ max: 200, trim: true }),
});
export type FeatureRoute = z.infer<typeof featureRouteSchema>;

export const featureSpecSchema = z
  .object({
    featureName: text({ max: 80, trim: true }).min(1),
    description: text({ max: 2000, trim: true }),
    entities: z.array(customEntitySchema).min(1).max(MAX_ENTITIES_PER_SPEC),
    routes: z.array(featureRouteSchema).max(MAX_ENTITIES_PER_SPEC * 5),
  })
  .superRefine((spec, context) => {
    const entityKeys = new Set<string>();
    spec.entities.forEach((entity, index) => {
      if (entityKeys.has(entity.key))
        context.addIssue({
          code: "custom",
          message: `Two entities are called ${entity.key}`,
          path: ["entities", index, "key"],
        });
      entityKeys.add(entity.key);
      const names = new Set<string>();
      [...entity.fields, ...entity.relations].forEach((item) => {
        if (names.has(item.key))
          context.addIssue({
            code: "custom",
            message: `${entity.key} has two fields called ${item.key}`,
            path: ["entities", index],
          });
        names.add(item.key);
      });
    });
    spec.entities.forEach((entity, index) =>
      entity.relations.forEach((relation, relationIndex) => {
        const builtIn = (BUILT_IN_RELATION_TARGETS as readonly string[]).includes(relation.target);
        if (!builtIn && !entityKeys.has(relation.target)) {
          context.addIssue({
            code: "custom",
            message: `${relation.target} is neither a record of the product nor an entity of this feature`,
            path: ["entities", index, "relations", relationIndex, "target"],
          });
        }
      }),
    );
  });
export type FeatureSpec = z.infer<typeof featureSpecSchema>;

/** "2.5 ml", "1,200 sq ft": a quantity as lists and pages show it, with its unit when the field has one. */
export function formatQuantity(value: number, unit: string | undefined): string {
  const shown = value.toLocaleString("en-US", { maximumFractionDigits: 6 });
  return unit ? `${shown} ${unit}` : shown;
}

/** A request in words, before the quote job has turned it into a spec (what the assistant's request_quote carries). */
export const featureRequestSchema = z.object({ description: text({ max: 2000, trim: true }).min(1) });

export const BUILD_RISKS = ["low", "medium", "high"] as const;
export const buildRiskSchema = z.enum(BUILD_RISKS);

export const buildQuoteSchema = z.object({
  priceUsd: z.number().nonnegative(),
  etaMinutes: z.number().int().positive(),
  risk: buildRiskSchema,
});
export type BuildQuote = z.infer<typeof buildQuoteSchema>;
