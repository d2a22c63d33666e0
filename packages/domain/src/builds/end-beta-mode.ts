import type { TenantTransaction } from "@fieldops/db";

/**
 * Beta mode says the company has features in preview. Once its last one is promoted or rolled back, the company
 * leaves beta mode (and the sidebar its `Beta Mode` tag).
 */
export async function endBetaModeWithoutPreviews(tx: TenantTransaction): Promise<void> {
  const inPreview = await tx.customObjectDefinition.count({ where: { stage: "preview" } });
  if (inPreview === 0) await tx.company.updateMany({ where: { betaMode: true }, data: { betaMode: false } });
}
