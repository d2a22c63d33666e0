import { withTenant, type Database, type TenantTransaction } from "@fieldops/db";
import type { Env } from "@fieldops/config/env";
import { providerSettings } from "../integrations/provider-settings.ts";
import { companyHasPlanFeature } from "../plans/require-plan-feature.ts";
import { refreshIntegrationToken } from "../integrations/refresh-integration-token.ts";
import { decryptSecret, integrationsEncryptionKey } from "../integrations/token-encryption.ts";
import { createQuickBooksClient, QuickBooksError, type QuickBooksClient } from "./quickbooks-client.ts";

/**
 * A connection that can take pushes: made through Intuit (not simulated), with a realm, not waiting to reconnect, and
 * of a company whose plan still has QuickBooks (a company that moved down to Starter keeps its connection, for when it
 * moves back up, but nothing syncs meanwhile).
 */
export async function liveQuickBooksRealm(tx: TenantTransaction): Promise<string | null> {
  const connection = await tx.integrationConnection.findFirst({
    where: { provider: "quickbooks", simulated: false, reconnectNeededAt: null, accountId: { not: null } },
    select: { accountId: true },
  });
  // The plan is read only for a company with a connection: most have none, and this runs on every record they change.
  if (!connection?.accountId || !(await companyHasPlanFeature(tx, "quickbooks"))) return null;
  return connection.accountId;
}

/** Refresh a little before the stored expiry, so that a request never leaves with a token about to lapse. */
const EXPIRY_MARGIN_MS = 60_000;

/**
 * A client of the company's QuickBooks realm with the connection's tokens. An expired token, or one QuickBooks
 * refuses (401), is refreshed through the integrations' refresh (in a transaction of its own, so that a rotated refresh
 * token is kept whatever becomes of the push); a refused refresh marks the connection to reconnect.
 */
export async function openQuickBooks(db: Database, companyId: string, env: Env): Promise<QuickBooksClient | null> {
  const key = integrationsEncryptionKey(env);
  const read = () =>
    withTenant(db, companyId, async (tx) => {
      const connection = await tx.integrationConnection.findFirst({
        where: { provider: "quickbooks" },
        select: {
          simulated: true,
          accountId: true,
          accessTokenEncrypted: true,
          tokenExpiresAt: true,
          reconnectNeededAt: true,
        },
      });
      return connection && (await companyHasPlanFeature(tx, "quickbooks")) ? connection : null;
    });
  const connection = await read();
  if (!connection || connection.simulated || !connection.accountId) return null;
  if (connection.reconnectNeededAt) {
    throw new QuickBooksError(
      "reconnect",
      "QuickBooks needs to be connected again in Settings → Integrations",
      null,
      null,
    );
  }
  let accessToken = connection.accessTokenEncrypted ? decryptSecret(key, connection.accessTokenEncrypted) : "";
  let expiresAt = connection.tokenExpiresAt;
  const refresh = async (refused: string): Promise<string | null> => {
    const outcome = await withTenant(db, companyId, (tx) =>
      refreshIntegrationToken(tx, {
        provider: "quickbooks",
        settings: providerSettings(env, "quickbooks"),
        key,
        refusedAccessToken: refused,
      }),
    );
    if (outcome === "reconnect_needed") return null;
    const fresh = await read();
    if (!fresh?.accessTokenEncrypted || fresh.reconnectNeededAt) return null;
    accessToken = decryptSecret(key, fresh.accessTokenEncrypted);
    expiresAt = fresh.tokenExpiresAt;
    return accessToken;
  };
  return createQuickBooksClient({
    baseUrl: env.QUICKBOOKS_API_BASE,
    realmId: connection.accountId,
    async accessToken() {
      if (expiresAt && expiresAt.getTime() < Date.now() + EXPIRY_MARGIN_MS) {
        const fresh = await refresh(accessToken);
        if (!fresh) {
          throw new QuickBooksError(
            "reconnect",
            "QuickBooks refused to renew our access: reconnect QuickBooks in Settings → Integrations",
            null,
            null,
          );
        }
      }
      return accessToken;
    },
    refreshAccessToken: () => refresh(accessToken),
  });
}
