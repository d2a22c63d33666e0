import type { TenantTransaction } from "@fieldops/db";
import type { CustomObjectDefinitionList } from "@fieldops/shared/custom-objects";
import { toDefinition, visibleStages, type CustomObjectAccess } from "./custom-object-definition.ts";

/** The company's custom objects `access` reaches, by name: what the navigation, the forms and the assistant read. */
export async function listCustomObjects(tx: TenantTransaction, input: { access: CustomObjectAccess }): Promise<CustomObjectDefinitionList> {
  const stages = await visibleStages(tx, input.access);
  const rows = await tx.customObjectDefinition.findMany({ where: { stage: { in: stages } }, orderBy: [{ name: "asc" }, { key: "asc" }] });
  return { items: rows.map(toDefinition) };
}
