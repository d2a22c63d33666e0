import type { TenantTransaction } from "@fieldops/db";
import { INTEGRATION_PROVIDERS, type IntegrationProvider } from "@fieldops/shared/integrations";
import { z } from "zod";
import { refreshAccessToken } from "./oauth-client.ts";
import type { ProviderSettings } from "./provider-settings.ts";
import { decryptSecret, encryptSecret } from "./token-encryption.ts";

/** Tokens are refreshed this long before they expire (the hourly pass then always finds them still valid). */
export const REFRESH_AHEAD_MS = 75 * 60_000;

export type RefreshOutcome = "refreshed" | "not_due" | "reconnect_needed";

/**
 * Refreshes the company's tokens for the provider when they expire within REFRESH_AHEAD_MS, storing what the provider
 * answers (a provider that rotates refresh tokens, as Intuit does, sends a new one each time). The connection's row is
 * locked meanwhile, so two workers never spend one refresh token twice. A refusal of the grant marks the connection as
 * needing to be connected again; an unreachable provider is an error, for the next try.
 */
export async function refreshIntegrationToken(
  tx: TenantTransaction,
  input: {
    provider: IntegrationProvider;
    settings: ProviderSettings;
    key: Buffer;
    now?: Date;
    /**
     * The access token the provider just refused (a 401): refresh now, whatever its expiry says, unless another worker
     * has already replaced it.
     */
    refusedAccessToken?: string;
  },
): Promise<RefreshOutcome> {
  const now = input.now ?? new Date();
  const [connection] = await tx.$queryRaw<
    {
      id: string;
      accessTokenEncrypted: string | null;
      refreshTokenEncrypted: string | null;
      tokenExpiresAt: Date | null;
      reconnectNeededAt: Date | null;
      simulated: boolean;
    }[]
  >`
    SELECT id, "accessTokenEncrypted", "refreshTokenEncrypted", "tokenExpiresAt", "reconnectNeededAt", simulated FROM integration_connections WHERE provider = ${input.provider} FOR UPDATE`;
  if (
    !connection ||
    connection.simulated ||
    input.settings.kind !== "oauth2" ||
    !connection.refreshTokenEncrypted ||
    connection.reconnectNeededAt !== null
  ) {
    return "not_due";
  }
  if (input.refusedAccessToken !== undefined) {
    const current = connection.accessTokenEncrypted ? decryptSecret(input.key, connection.accessTokenEncrypted) : null;
    if (current !== input.refusedAccessToken) return "refreshed";
  } else if (
    connection.tokenExpiresAt === null ||
    connection.tokenExpiresAt.getTime() > now.getTime() + REFRESH_AHEAD_MS
  ) {
    return "not_due";
  }
  const answer = await refreshAccessToken(input.settings, decryptSecret(input.key, connection.refreshTokenEncrypted));
  if ("refused" in answer) {
    await tx.integrationConnection.update({ where: { id: connection.id }, data: { reconnectNeededAt: now } });
    return "reconnect_needed";
  }
  await tx.integrationConnection.update({
    where: { id: connection.id },
    data: {
      accessTokenEncrypted: encryptSecret(input.key, answer.access_token),
      ...(answer.refresh_token ? { refreshTokenEncrypted: encryptSecret(input.key, answer.refresh_token) } : {}),
      tokenExpiresAt: answer.expires_in ? new Date(now.getTime() + answer.expires_in * 1000) : null,
      ...(answer.scope ? { scope: answer.scope } : {}),
    },
  });
  return "refreshed";
}

export const refreshIntegrationTokenPayloadSchema = z.object({
  companyId: z.uuid(),
  provider: z.enum(INTEGRATION_PROVIDERS),
});
