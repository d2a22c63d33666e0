import type { CustomObjectRecord as RecordRow } from "@fieldops/db";
import type { CustomObjectDefinition, CustomValue } from "@fieldops/shared/custom-objects";
import type { CustomFieldType } from "@fieldops/shared/feature-spec";

const TITLE_TYPES: readonly CustomFieldType[] = ["text", "select", "email", "phone"];

type StoredValues = RecordRow["values"];

export function valuesOf(stored: StoredValues): Record<string, CustomValue> {
  return stored !== null && typeof stored === "object" && !Array.isArray(stored)
    ? (stored as Record<string, CustomValue>)
    : {};
}

/** What a record is called: its first filled text-like field, or the object's name and a short id. */
export function recordTitle(
  definition: Pick<CustomObjectDefinition, "fields" | "name">,
  id: string,
  stored: StoredValues,
): string {
  const values = valuesOf(stored);
  for (const field of definition.fields) {
    const value = values[field.key];
    if (TITLE_TYPES.includes(field.type) && typeof value === "string" && value !== "") return value;
  }
  return `${definition.name} ${id.slice(0, 8)}`;
}
