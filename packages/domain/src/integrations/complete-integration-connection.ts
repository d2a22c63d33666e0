import {
  INTEGRATION_INFO,
  type IntegrationCallbackQuery,
  type IntegrationCallbackResult,
} from "@fieldops/shared/integrations";
import { recordAudit } from "../audit/record-audit.ts";
import { DomainError } from "../errors.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { assertIntegrationAvailable } from "./integration-access.ts";
import { exchangeAuthorizationCode, sha256 } from "./oauth-client.ts";
import type { ProviderSettings } from "./provider-settings.ts";
import { decryptSecret, encryptSecret } from "./token-encryption.ts";

/** Runs `work` in the signed-in user's company scope: a transaction of its own each time. */
export type InTenant = <T>(work: (scope: TenantScope<UserActor>) => Promise<T>) => Promise<T>;

interface ConnectionData {
  simulated: boolean;
  accountId: string | null;
  accountName: string | null;
  accessTokenEncrypted: string | null;
  refreshTokenEncrypted: string | null;
  tokenExpiresAt: Date | null;
  scope: string | null;
}

/**
 * The provider's redirect back: the state must be one this user started for this provider, unused and unexpired
 * (it is used up now, whatever follows). Then the code is exchanged at the provider's token endpoint, outside any
 * transaction, and the connection stored with its tokens encrypted. Answers the result to show the user.
 */
export async function completeIntegrationConnection(
  inTenant: InTenant,
  input: {
    settings: ProviderSettings;
    query: IntegrationCallbackQuery;
    key: Buffer;
    now?: Date;
  },
): Promise<IntegrationCallbackResult> {
  const { settings, query } = input;
  if (!query.state) return "invalid_state";
  const stateHash = sha256(query.state);
  const now = input.now ?? new Date();

  const taken = await inTenant(async ({ tx, actor }) => {
    const state = await tx.oAuthState.findUnique({ where: { stateHash } });
    if (!state || state.userId !== actor.userId || state.provider !== settings.provider)
      return "invalid_state" as const;
    if (state.usedAt) return "used" as const;
    // Used up conditionally, so that of two callbacks racing with one state only one goes on.
    const { count } = await tx.oAuthState.updateMany({ where: { id: state.id, usedAt: null }, data: { usedAt: now } });
    if (count === 0) return "used" as const;
    if (state.expiresAt <= now) return "expired" as const;
    return state;
  });
  if (typeof taken === "string") return taken;
  if (query.error) return "denied";

  let connection: ConnectionData;
  try {
    connection = await connectionFromCallback(settings, taken, query, input.key);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "unavailable") return "exchange_failed";
    throw error;
  }

  await inTenant(async ({ tx, companyId, actor }) => {
    // The plan may have changed while the user was at the provider.
    await assertIntegrationAvailable(tx, companyId, settings.provider);
    const data = { ...connection, connectedByUserId: actor.userId, connectedAt: now };
    await tx.integrationConnection.upsert({
      where: { companyId_provider: { companyId, provider: settings.provider } },
      create: { companyId, provider: settings.provider, ...data },
      // A new connection replaces one the provider had stopped accepting.
      update: { ...data, reconnectNeededAt: null },
    });
    await recordAudit(tx, {
      companyId,
      actorUserId: actor.userId,
      action: "integration.connected",
      entityType: "integration",
      entityId: settings.provider,
      summary: `${INTEGRATION_INFO[settings.provider].name} was connected${connection.simulated ? " (simulated)" : ""}`,
    });
  });
  return "connected";
}

async function connectionFromCallback(
  settings: ProviderSettings,
  state: { simulated: boolean; redirectUri: string; codeVerifierEncrypted: string | null },
  query: IntegrationCallbackQuery,
  key: Buffer,
): Promise<ConnectionData> {
  const none = { accessTokenEncrypted: null, refreshTokenEncrypted: null, tokenExpiresAt: null, scope: null };
  if (state.simulated) {
    return {
      ...none,
      simulated: true,
      accountId: null,
      accountName: `Simulated ${INTEGRATION_INFO[settings.provider].name} account`,
    };
  }
  if (settings.kind === "twilio_connect") {
    if (!query.AccountSid) throw new DomainError("unavailable", "Twilio sent no AccountSid");
    return {
      ...none,
      simulated: false,
      accountId: query.AccountSid,
      accountName: `Twilio account ${query.AccountSid}`,
    };
  }
  if (!query.code) throw new DomainError("unavailable", "The provider sent no authorization code");
  const codeVerifier = state.codeVerifierEncrypted ? decryptSecret(key, state.codeVerifierEncrypted) : null;
  const tokens = await exchangeAuthorizationCode(settings, {
    code: query.code,
    redirectUri: state.redirectUri,
    codeVerifier,
  });
  const accountId = query.realmId ?? tokens.stripe_user_id ?? null;
  return {
    simulated: false,
    accountId,
    accountName: accountId
      ? `${INTEGRATION_INFO[settings.provider].name} ${accountId}`
      : INTEGRATION_INFO[settings.provider].name,
    accessTokenEncrypted: encryptSecret(key, tokens.access_token),
    refreshTokenEncrypted: tokens.refresh_token ? encryptSecret(key, tokens.refresh_token) : null,
    tokenExpiresAt: tokens.expires_in ? new Date(Date.now() + tokens.expires_in * 1000) : null,
    scope: tokens.scope ?? null,
  };
}
