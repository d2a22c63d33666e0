import type { TenantTransaction } from "@fieldops/db";
import type { CustomObjectDefinition } from "@fieldops/shared/custom-objects";
import { toDefinition } from "./custom-object-definition.ts";

/** Puts a build's objects in production, for every user of the company; promoting twice changes nothing. */
export async function promoteCustomObjects(
  tx: TenantTransaction,
  input: { buildId: string },
): Promise<CustomObjectDefinition[]> {
  await tx.customObjectDefinition.updateMany({
    where: { buildId: input.buildId, stage: "preview" },
    data: { stage: "production", promotedAt: new Date() },
  });
  const rows = await tx.customObjectDefinition.findMany({ where: { buildId: input.buildId }, orderBy: { key: "asc" } });
  return rows.map(toDefinition);
}
