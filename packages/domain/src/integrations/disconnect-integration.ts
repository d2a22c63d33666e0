import type { TenantTransaction } from "@fieldops/db";
import { INTEGRATION_INFO, type IntegrationProvider } from "@fieldops/shared/integrations";
import { recordAudit } from "../audit/record-audit.ts";

/**
 * Removes the company's connection to the provider and its stored tokens. Disconnecting what is not connected
 * succeeds (a repeated click, another tab); the plan is not checked, so a company that moved down a plan can still
 * remove its tokens.
 */
export async function disconnectIntegration(
  tx: TenantTransaction,
  input: { provider: IntegrationProvider; companyId: string; actor: { id: string; name: string } },
): Promise<void> {
  const { count } = await tx.integrationConnection.deleteMany({ where: { provider: input.provider } });
  if (count > 0) {
    await recordAudit(tx, {
      companyId: input.companyId,
      actorUserId: input.actor.id,
      action: "integration.disconnected",
      entityType: "integration",
      entityId: input.provider,
      summary: `${input.actor.name} disconnected ${INTEGRATION_INFO[input.provider].name}`,
    });
  }
}
