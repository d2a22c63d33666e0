import type { CustomObjectDefinition, CustomValue } from "@fieldops/shared/custom-objects";
import { formatCents } from "@fieldops/shared/money";
import { formatQuantity, type CustomField } from "@fieldops/shared/feature-spec";
import { useCustomObjects } from "../../lib/custom-objects";
import { useCan } from "../../lib/permissions";
import { useSignedInUser } from "../../lib/session";

/** The object `key` as this user reaches it, whether they may write its records (`custom_records.manage`), and whether the list is still loading. */
export function useCustomObject(key: string) {
  const user = useSignedInUser();
  const objects = useCustomObjects(user.companyId);
  const canEdit = useCan("custom_records.manage");
  return {
    object: objects.data?.find((object) => object.key === key) ?? null,
    objects,
    canEdit,
  };
}

/** A value as a page shows it. */
export function formatCustomValue(field: CustomField, value: CustomValue | undefined): string {
  if (value === undefined || value === null) return "";
  if (field.type === "boolean") return value ? "Yes" : "No";
  if (field.type === "money" && typeof value === "number") return formatCents(value);
  if ((field.type === "number" || field.type === "integer") && typeof value === "number")
    return formatQuantity(value, field.unit);
  if (field.type === "datetime" && typeof value === "string") return new Date(value).toLocaleString();
  return String(value);
}

/** The few fields a table shows beside the record's title. */
export function listedFields(object: CustomObjectDefinition): CustomField[] {
  return object.fields.filter((field) => field.type !== "long_text").slice(0, 4);
}
