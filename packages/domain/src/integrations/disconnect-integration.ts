import { INTEGRATION_INFO, type IntegrationProvider } from "@fieldops/shared/integrations";
import { recordAudit } from "../audit/record-audit.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { revokeAtProvider } from "./oauth-client.ts";
import type { ProviderSettings } from "./provider-settings.ts";
import { decryptSecret } from "./token-encryption.ts";

/**
 * Removes the company's connection to the provider and its stored tokens, after telling the provider to let go of
 * them (revoking the refresh token, or deauthorizing the account) where it has a way to. The provider being
 * unreachable does not keep the connection: it is removed here all the same, and the audit entry says the access
 * should also be removed at the provider. Disconnecting what is not connected succeeds (a repeated click, another
 * tab); the plan is not checked, so a company that moved down a plan can still remove its tokens.
 */
export async function disconnectIntegration(
  { tx, companyId, actor }: Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">,
  input: { provider: IntegrationProvider; settings: ProviderSettings; key: Buffer },
): Promise<void> {
  // Locked, so that a refresh running now waits and then finds nothing to refresh.
  const [connection] = await tx.$queryRaw<
    {
      simulated: boolean;
      accountId: string | null;
      accessTokenEncrypted: string | null;
      refreshTokenEncrypted: string | null;
    }[]
  >`
    SELECT simulated, "accountId", "accessTokenEncrypted", "refreshTokenEncrypted" FROM integration_connections WHERE provider = ${input.provider} FOR UPDATE`;
  if (!connection) return;
  const name = INTEGRATION_INFO[input.provider].name;
  let toldProvider = true;
  if (!connection.simulated && input.settings.kind === "oauth2") {
    toldProvider = await revokeAtProvider(input.settings, {
      refreshToken: connection.refreshTokenEncrypted
        ? decryptSecret(input.key, connection.refreshTokenEncrypted)
        : null,
      accessToken: connection.accessTokenEncrypted ? decryptSecret(input.key, connection.accessTokenEncrypted) : null,
      accountId: connection.accountId,
    });
  }
  await tx.integrationConnection.deleteMany({ where: { provider: input.provider } });
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "integration.disconnected",
    entityType: "integration",
    entityId: input.provider,
    summary: toldProvider
      ? `${actor.name} disconnected ${name}`
      : `${actor.name} disconnected ${name}; ${name} could not be reached to revoke the access, so remove the app in ${name}'s own settings too`,
  });
}
