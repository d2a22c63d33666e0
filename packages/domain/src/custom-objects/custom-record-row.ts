import type { CustomObjectRecord as RecordRow, TenantTransaction } from "@fieldops/db";
import type {
  CustomObjectDefinition,
  CustomRecord,
  CustomRecordLink,
  CustomValue,
} from "@fieldops/shared/custom-objects";
import { formatCents } from "@fieldops/shared/money";
import { formatQuantity, type CustomFieldType } from "@fieldops/shared/feature-spec";
import { describeLinkTargets, linkKey, linksOf } from "./custom-record-links.ts";
import { recordTitle, valuesOf } from "./record-title.ts";

const SEARCHED_TYPES: readonly CustomFieldType[] = ["text", "long_text", "select", "email", "phone", "url"];

/** The lower-cased text the list's search looks in. */
export function recordSearchText(
  definition: Pick<CustomObjectDefinition, "fields">,
  values: Record<string, CustomValue>,
): string {
  return definition.fields
    .filter((field) => SEARCHED_TYPES.includes(field.type))
    .map((field) => values[field.key])
    .filter((value): value is string => typeof value === "string")
    .join(" ")
    .toLowerCase();
}

/** The `<target>:<id>` list a record is found by from the records it points at. */
export function recordLinks(
  definition: Pick<CustomObjectDefinition, "relations">,
  values: Record<string, CustomValue>,
): string[] {
  return linksOf(definition, values).map(linkKey);
}

/** The records as the API answers them, with what their relations point at named. */
export async function toCustomRecords(
  tx: TenantTransaction,
  definition: CustomObjectDefinition,
  rows: readonly RecordRow[],
): Promise<CustomRecord[]> {
  const labels = await describeLinkTargets(
    tx,
    rows.flatMap((row) => linksOf(definition, valuesOf(row.values))),
  );
  return rows.map((row) => {
    const values = valuesOf(row.values);
    const links: Record<string, CustomRecordLink> = {};
    for (const link of linksOf(definition, values))
      links[link.key] = { target: link.target, id: link.id, label: labels.get(linkKey(link)) ?? null };
    return {
      id: row.id,
      objectKey: definition.key,
      title: recordTitle(definition, row.id, row.values),
      values,
      links,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export async function toCustomRecord(
  tx: TenantTransaction,
  definition: CustomObjectDefinition,
  row: RecordRow,
): Promise<CustomRecord> {
  const [record] = await toCustomRecords(tx, definition, [row]);
  return record!;
}

/** A record in one line beyond its title: a few of its values and what it points at ("Model: XR14 · Customer: Ada"). */
export function customRecordDetails(definition: CustomObjectDefinition, record: CustomRecord): string {
  const values = definition.fields
    .filter((field) => field.type !== "long_text")
    .flatMap((field) => {
      const value = record.values[field.key];
      if (value === undefined || value === null || value === record.title) return [];
      const shown =
        field.type === "money" && typeof value === "number"
          ? formatCents(value)
          : typeof value === "number"
            ? formatQuantity(value, field.unit)
            : field.type === "boolean"
              ? value
                ? "yes"
                : "no"
              : String(value);
      return [`${field.label}: ${shown}`];
    })
    .slice(0, 4);
  const links = definition.relations.flatMap((relation) => {
    const link = record.links[relation.key];
    return link?.label ? [`${relation.label}: ${link.label}`] : [];
  });
  return [...values, ...links].join(" · ").slice(0, 500);
}
