import { z } from "zod";
import {
  customValuesSchema,
  type CustomObjectDefinition,
  type CustomRecord,
  type CustomValue,
} from "@fieldops/shared/custom-objects";
import type { CustomField } from "@fieldops/shared/feature-spec";

/** What the form's inputs hold: a checkbox's state, or an input's text ("" for nothing). */
export type FormState = Record<string, string | boolean>;

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a datetime-local input shows it, in the browser's time zone. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

function fieldToInput(field: CustomField, value: CustomValue | undefined): string | boolean {
  if (field.type === "boolean") return value === true;
  if (value === undefined || value === null) return "";
  if (field.type === "money" && typeof value === "number") return (value / 100).toFixed(2);
  if (field.type === "datetime" && typeof value === "string") return toLocalInput(value);
  return String(value);
}

/** The form of a new record (with `fixed` relations already chosen, e.g. the customer whose page it is) or of `record`. */
export function toFormState(
  definition: CustomObjectDefinition,
  record: CustomRecord | null,
  fixed: Record<string, string> = {},
): FormState {
  const state: FormState = {};
  for (const field of definition.fields) state[field.key] = fieldToInput(field, record?.values[field.key]);
  for (const relation of definition.relations) {
    const value = record?.values[relation.key];
    state[relation.key] = fixed[relation.key] ?? (typeof value === "string" ? value : "");
  }
  return state;
}

/**
 * An input's text as the field's value (blank is null). Text that is not a number or an instant stays text, for the
 * API's rule of the field to name it.
 */
function inputToField(field: CustomField | undefined, input: string | boolean | undefined): CustomValue {
  if (typeof input === "boolean") return input;
  if (input === undefined) return null;
  const text = field?.type === "long_text" ? input : input.trim();
  if (text === "") return null;
  switch (field?.type) {
    case "number":
    case "integer": {
      const number = Number(text);
      return Number.isFinite(number) ? number : text;
    }
    case "money": {
      const dollars = Number(text.replace(/[$,\s]/g, ""));
      return Number.isFinite(dollars) ? Math.round(dollars * 100) : text;
    }
    case "datetime": {
      const date = new Date(text);
      return Number.isNaN(date.getTime()) ? text : date.toISOString();
    }
    default:
      return text;
  }
}

/** A record's values as the API's body holds them (the values schema types each key by its field). */
type Values = Record<string, CustomValue>;

/**
 * The record form's schema: the inputs turned into values (money typed in dollars, numbers and instants as text, a
 * relation as its chosen id), then held to the object's own values schema, the one the API checks (a change may
 * clear an optional value with null; a new record leaves blanks out). Problems are reported by field key.
 */
export function customRecordFormSchema(
  definition: CustomObjectDefinition,
  { change }: { change: boolean },
): z.ZodType<Values, FormState> {
  const fields = new Map(definition.fields.map((field) => [field.key, field]));
  const keys = [...definition.fields, ...definition.relations].map((item) => item.key);
  return z
    .record(z.string(), z.union([z.string(), z.boolean()]))
    .transform((state) => {
      const values: Record<string, CustomValue> = {};
      for (const key of keys) {
        const value = inputToField(fields.get(key), state[key]);
        if (value !== null || change) values[key] = value;
      }
      return values;
    })
    .pipe(customValuesSchema(definition, { partial: change }) as z.ZodType<Values, Values>);
}
