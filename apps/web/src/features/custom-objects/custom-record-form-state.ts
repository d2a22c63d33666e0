import {
  customValuesProblem,
  type CustomObjectDefinition,
  type CustomRecord,
  type CustomValue,
  type ValuesProblem,
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

/** An input's text as the field's value; text that is not a number stays text, so the check names the field. */
function inputToField(field: CustomField, input: string | boolean): CustomValue {
  if (typeof input === "boolean") return input;
  const text = field.type === "long_text" ? input : input.trim();
  if (text === "") return null;
  switch (field.type) {
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

/**
 * The values to send for the form: a new record leaves out what is empty, a change sends null to clear it. The same
 * check the API applies runs first, so a mistake is named beside its field before any request.
 */
export function fromFormState(
  definition: CustomObjectDefinition,
  state: FormState,
  { change }: { change: boolean },
): { values: Record<string, CustomValue>; problem: null } | { values: null; problem: ValuesProblem } {
  const values: Record<string, CustomValue> = {};
  for (const field of definition.fields) {
    const value = inputToField(field, state[field.key] ?? "");
    if (value !== null || change) values[field.key] = value;
  }
  for (const relation of definition.relations) {
    const id = state[relation.key];
    const value = typeof id === "string" && id !== "" ? id : null;
    if (value !== null || change) values[relation.key] = value;
  }
  const problem = customValuesProblem(definition, values, { partial: change });
  return problem ? { values: null, problem } : { values, problem: null };
}
