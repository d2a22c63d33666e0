import type { CustomObjectRecord as RecordRow, TenantTransaction } from "@fieldops/db";
import type { CustomObjectDefinition, CustomRecord, CustomRecordLink, CustomValue } from "@fieldops/shared/custom-objects";
import type { CustomFieldType } from "@fieldops/shared/feature-spec";
import { describeLinkTargets, linkKey, linksOf } from "./custom-record-links.ts";
import { recordTitle, valuesOf } from "./record-title.ts";

const SEARCHED_TYPES: readonly CustomFieldType[] = ["text", "long_text", "select", "email", "phone", "url"];

/** The lower-cased text the list's search looks in. */
export function recordSearchText(definition: Pick<CustomObjectDefinition, "fields">, values: Record<string, CustomValue>): string {
  return definition.fields
    .filter((field) => SEARCHED_TYPES.includes(field.type))
    .map((field) => values[field.key])
    .filter((value): value is string => typeof value === "string")
    .join(" ")
    .toLowerCase();
}

/** The `<target>:<id>` list a record is found by from the records it points at. */
export function recordLinks(definition: Pick<CustomObjectDefinition, "relations">, values: Record<string, CustomValue>): string[] {
  return linksOf(definition, values).map(linkKey);
}

/** The records as the API answers them, with what their relations point at named. */
export async function toCustomRecords(tx: TenantTransaction, definition: CustomObjectDefinition, rows: readonly RecordRow[]): Promise<CustomRecord[]> {
  const labels = await describeLinkTargets(
    tx,
    rows.flatMap((row) => linksOf(definition, valuesOf(row.values))),
  );
  return rows.map((row) => {
    const values = valuesOf(row.values);
    const links: Record<string, CustomRecordLink> = {};
    for (const link of linksOf(definition, values)) links[link.key] = { target: link.target, id: link.id, label: labels.get(linkKey(link)) ?? null };
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

export async function toCustomRecord(tx: TenantTransaction, definition: CustomObjectDefinition, row: RecordRow): Promise<CustomRecord> {
  const [record] = await toCustomRecords(tx, definition, [row]);
  return record!;
}
