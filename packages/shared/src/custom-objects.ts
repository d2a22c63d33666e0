import { z } from "zod";
import { emailSchema } from "./auth.ts";
import { calendarDaySchema } from "./calendar-day.ts";
import { defineEndpoint } from "./endpoint.ts";
import {
  BUILT_IN_RELATION_TARGETS,
  builtInRelationTargetSchema,
  customFieldSchema,
  customKeySchema,
  customRelationSchema,
  type CustomField,
  type CustomFieldType,
  type CustomRelation,
} from "./feature-spec.ts";
import { text } from "./text.ts";

/**
 * A company's custom objects as the app uses them: the installed definitions, their records, and the validation of a
 * record's values built from the field types (the one rule the API, the build's checks and the web form apply).
 */

export const CUSTOM_OBJECT_STAGES = ["preview", "production", "rolled_back"] as const;
export const customObjectStageSchema = z.enum(CUSTOM_OBJECT_STAGES);
export type CustomObjectStage = z.infer<typeof customObjectStageSchema>;

export const customObjectDefinitionSchema = z.object({
  id: z.uuid(),
  key: z.string(),
  buildId: z.uuid(),
  name: z.string(),
  pluralName: z.string(),
  description: z.string().nullable(),
  fields: z.array(customFieldSchema),
  relations: z.array(customRelationSchema),
  showOn: z.array(builtInRelationTargetSchema),
  stage: customObjectStageSchema,
});
export type CustomObjectDefinition = z.infer<typeof customObjectDefinitionSchema>;

export const customObjectDefinitionListSchema = z.object({ items: z.array(customObjectDefinitionSchema) });
export type CustomObjectDefinitionList = z.infer<typeof customObjectDefinitionListSchema>;

/** The longest text value a record holds (a long_text field); shorter fields have their own limits below. */
export const CUSTOM_TEXT_MAX = 10_000;
/** Numbers and money (in cents) stay within what a double holds exactly. */
export const CUSTOM_NUMBER_LIMIT = 1_000_000_000_000;
export const CUSTOM_RECORD_PAGE_SIZE_MAX = 100;

/** One value of a record as a client sends it, before the object's own field types are applied. */
export const customValueSchema = z.union([text({ max: CUSTOM_TEXT_MAX }), z.number(), z.boolean(), z.null()]);
export type CustomValue = z.infer<typeof customValueSchema>;

/** A record's values by field (and relation) key; the object's definition decides which keys and types are valid. */
export const customRecordValuesSchema = z.record(customKeySchema, customValueSchema);

export const customObjectKeyParamsSchema = z.object({ objectKey: customKeySchema });
export const customRecordParamsSchema = z.object({ objectKey: customKeySchema, id: z.uuid() });

/** `<target>:<id>`: the records pointing at one customer, job, visit, crew, invoice or record of another object. */
export const CUSTOM_LINK_PATTERN = /^[a-z][a-z0-9_]*:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const customLinkSchema = text({ max: 80 }).regex(CUSTOM_LINK_PATTERN, "Name a record as <kind>:<id>");

export const listCustomRecordsQuerySchema = z.object({
  q: text({ max: 200, trim: true }).optional(),
  linkedTo: customLinkSchema.optional(),
  cursor: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(CUSTOM_RECORD_PAGE_SIZE_MAX).default(25),
});
export type ListCustomRecordsQuery = z.infer<typeof listCustomRecordsQuerySchema>;

/** DELETE /api/custom/:objectKey/:id must say it means it. */
export const deleteCustomRecordQuerySchema = z.object({
  confirm: z.literal("true", { error: "Confirm the deletion with confirm=true" }),
});

/** A relation of a record with what it points at, named for display (null when that record is gone). */
export const customRecordLinkSchema = z.object({
  target: z.string(),
  id: z.uuid(),
  label: z.string().nullable(),
});
export type CustomRecordLink = z.infer<typeof customRecordLinkSchema>;

export const customRecordSchema = z.object({
  id: z.uuid(),
  objectKey: z.string(),
  /** The first text field's value, or the object's name and a short id: what lists and links show. */
  title: z.string(),
  values: z.record(z.string(), customValueSchema),
  links: z.record(z.string(), customRecordLinkSchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type CustomRecord = z.infer<typeof customRecordSchema>;

export const customRecordListSchema = z.object({
  items: z.array(customRecordSchema),
  nextCursor: z.string().nullable(),
});
export type CustomRecordList = z.infer<typeof customRecordListSchema>;

const tags = ["custom objects"];

/**
 * The REST routes of every custom object a feature build installed, by object key. The body of a record is its
 * values by field key; the object's definition types them (a bad value is a 400 naming its field).
 */
export const customObjectEndpoints = {
  objects: defineEndpoint({
    method: "GET",
    path: "/api/custom-objects",
    tags,
    summary:
      "The company's custom objects the user reaches: production ones, and preview ones for owners and admins in beta mode",
    response: customObjectDefinitionListSchema,
  }),
  records: defineEndpoint({
    method: "GET",
    path: "/api/custom/:objectKey",
    tags,
    summary: "A custom object's records, newest first, searched by their text or by the record they point at",
    params: customObjectKeyParamsSchema,
    query: listCustomRecordsQuerySchema,
    response: customRecordListSchema,
  }),
  createRecord: defineEndpoint({
    method: "POST",
    path: "/api/custom/:objectKey",
    tags,
    summary: "Create a record of a custom object: its values by field key",
    params: customObjectKeyParamsSchema,
    body: customRecordValuesSchema,
    status: 201,
    response: customRecordSchema,
    capability: "custom_records.manage",
  }),
  record: defineEndpoint({
    method: "GET",
    path: "/api/custom/:objectKey/:id",
    tags,
    summary: "A record of a custom object, with the records its relations point at named",
    params: customRecordParamsSchema,
    response: customRecordSchema,
  }),
  updateRecord: defineEndpoint({
    method: "PATCH",
    path: "/api/custom/:objectKey/:id",
    tags,
    summary: "Change a record: the values given (null clears an optional one); the others are kept",
    params: customRecordParamsSchema,
    body: customRecordValuesSchema,
    response: customRecordSchema,
    capability: "custom_records.manage",
  }),
  deleteRecord: defineEndpoint({
    method: "DELETE",
    path: "/api/custom/:objectKey/:id",
    tags,
    summary: "Delete a record (confirm=true); deleting one already gone succeeds",
    params: customRecordParamsSchema,
    query: deleteCustomRecordQuerySchema,
    status: 204,
    response: z.null(),
    capability: "custom_records.manage",
  }),
} as const;

const DIGITS = /\d/g;

const VALUE_SCHEMAS: Record<CustomFieldType, (field: CustomField) => z.ZodType> = {
  text: () => text({ max: 500, trim: true }),
  long_text: () => text({ max: CUSTOM_TEXT_MAX }),
  number: () => z.number().min(-CUSTOM_NUMBER_LIMIT).max(CUSTOM_NUMBER_LIMIT),
  integer: () => z.number().int().min(-CUSTOM_NUMBER_LIMIT).max(CUSTOM_NUMBER_LIMIT),
  money: () => z.number().int("Enter an amount in whole cents").min(-CUSTOM_NUMBER_LIMIT).max(CUSTOM_NUMBER_LIMIT),
  date: () => calendarDaySchema,
  datetime: () => z.iso.datetime({ offset: true, message: "Enter a date and time (ISO 8601)" }).max(40),
  boolean: () => z.boolean(),
  select: (field) =>
    z.enum((field.options ?? []) as [string, ...string[]], {
      message: `Choose one of: ${(field.options ?? []).join(", ")}`,
    }),
  email: () => emailSchema,
  phone: () =>
    text({ max: 40, trim: true })
      .regex(/^\+?[0-9 ().-]+$/, "Enter a phone number")
      .refine((value) => (value.match(DIGITS)?.length ?? 0) >= 5, "Enter a phone number"),
  url: () =>
    text({ max: 2000, trim: true })
      .url("Enter a web address")
      .refine((value) => /^https?:\/\//i.test(value), "Enter a web address starting with http:// or https://"),
};

/** What a field's value must be, required or not (an optional one may be null or left out). */
export function customFieldValueSchema(field: CustomField): z.ZodType {
  const base = VALUE_SCHEMAS[field.type](field);
  const value =
    field.type === "text" ? (base as z.ZodString).min(field.required ? 1 : 0, `${field.label} is required`) : base;
  return field.required ? value : value.nullable().optional();
}

export interface ValuesShape {
  fields: readonly CustomField[];
  relations: readonly CustomRelation[];
}

/**
 * The schema of a record's values: each field by its type, each relation as the id of the record it points at.
 * `partial` (a change) lets any key be left out, but a required one still cannot be cleared. Unknown keys are refused.
 */
export function customValuesSchema(shape: ValuesShape, { partial = false }: { partial?: boolean } = {}) {
  const entries: [string, z.ZodType][] = [
    ...shape.fields.map((field): [string, z.ZodType] => [field.key, customFieldValueSchema(field)]),
    ...shape.relations.map((relation): [string, z.ZodType] => [
      relation.key,
      relation.required
        ? z.uuid(`Choose a ${relation.label}`)
        : z.uuid(`Choose a ${relation.label}`).nullable().optional(),
    ]),
  ];
  const object = z.strictObject(
    Object.fromEntries(partial ? entries.map(([key, schema]) => [key, schema.optional()]) : entries),
  );
  return object;
}

export interface ValuesProblem {
  field: string;
  message: string;
}

/** The first problem of the values, named by field key and worded with the field's label, or null when they are valid. */
export function customValuesProblem(
  shape: ValuesShape,
  values: unknown,
  options: { partial?: boolean } = {},
): ValuesProblem | null {
  const result = customValuesSchema(shape, options).safeParse(values);
  if (result.success) return null;
  const issue = result.error.issues[0]!;
  const unknownKey = issue.code === "unrecognized_keys" ? issue.keys[0] : undefined;
  const field = unknownKey ?? String(issue.path[0] ?? "");
  const label = [...shape.fields, ...shape.relations].find((item) => item.key === field)?.label;
  if (unknownKey !== undefined) return { field, message: `${unknownKey} is not a field of this object` };
  if (issue.code === "invalid_type" && (issue.input === undefined || issue.input === null))
    return { field, message: `${label ?? field} is required` };
  return { field, message: `${label ?? field}: ${issue.message}` };
}

export const isBuiltInTarget = (target: string): target is (typeof BUILT_IN_RELATION_TARGETS)[number] =>
  (BUILT_IN_RELATION_TARGETS as readonly string[]).includes(target);
