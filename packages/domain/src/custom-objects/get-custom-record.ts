import type { TenantTransaction } from "@fieldops/db";
import type { CustomRecord } from "@fieldops/shared/custom-objects";
import { notFound } from "../errors.ts";
import { findCustomObject, type CustomObjectAccess } from "./custom-object-definition.ts";
import { toCustomRecord } from "./custom-record-row.ts";

/** A record of the object; another object's, another company's or a deleted one is not found. */
export async function getCustomRecord(
  tx: TenantTransaction,
  input: { objectKey: string; access: CustomObjectAccess; id: string },
): Promise<CustomRecord> {
  const { definition } = await findCustomObject(tx, input.objectKey, input.access);
  const row = await tx.customObjectRecord.findFirst({ where: { id: input.id, definitionId: definition.id } });
  if (!row) throw notFound(`${definition.name} not found`);
  return toCustomRecord(tx, definition, row);
}
