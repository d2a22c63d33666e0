import type { TenantTransaction } from "@fieldops/db";
import type { CustomObjectDefinitionList } from "@fieldops/shared/custom-objects";
import { visibleCustomObjects, type CustomObjectAccess } from "./custom-object-definition.ts";

/** The company's custom objects `access` reaches, by name: what the navigation, the forms and the assistant read. */
export async function listCustomObjects(
  tx: TenantTransaction,
  input: { access: CustomObjectAccess },
): Promise<CustomObjectDefinitionList> {
  return { items: await visibleCustomObjects(tx, input.access) };
}
