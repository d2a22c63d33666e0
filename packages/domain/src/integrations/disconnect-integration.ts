import type { TenantTransaction } from "@fieldops/db";
import type { IntegrationProvider } from "@fieldops/shared/integrations";

/**
 * Removes the company's connection to the provider and its stored tokens. Disconnecting what is not connected
 * succeeds (a repeated click, another tab); the plan is not checked, so a company that moved down a plan can still
 * remove its tokens.
 */
export async function disconnectIntegration(tx: TenantTransaction, input: { provider: IntegrationProvider }): Promise<void> {
  await tx.integrationConnection.deleteMany({ where: { provider: input.provider } });
}
