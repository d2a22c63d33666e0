import { SIMULATED_AUTHORIZE_PATH } from "@fieldops/shared/app-paths";
import { fillPath } from "@fieldops/shared/endpoint";
import {
  type IntegrationProvider,
  type StartIntegrationResponse,
  integrationEndpoints,
} from "@fieldops/shared/integrations";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { assertIntegrationAvailable } from "./integration-access.ts";
import { authorizationUrl, randomToken, sha256 } from "./oauth-client.ts";
import type { ProviderSettings } from "./provider-settings.ts";
import { encryptSecret } from "./token-encryption.ts";

/** How long a started authorization may take before its state is refused. */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export const integrationCallbackUrl = (appOrigin: string, provider: IntegrationProvider) =>
  `${appOrigin}${fillPath(integrationEndpoints.callback.path, { provider })}`;

/**
 * Starts connecting an integration: stores a single-use state bound to the user and company (only its hash), with
 * a PKCE code verifier where the provider takes one, and answers where to send the browser. Without the provider's
 * credentials that is the app's own simulated consent page, which completes the same callback.
 */
export async function startIntegrationConnection(
  { tx, companyId, actor }: Pick<TenantScope<UserActor>, "tx" | "companyId" | "actor">,
  input: { settings: ProviderSettings; appOrigin: string; key: Buffer; now?: Date },
): Promise<StartIntegrationResponse> {
  const { settings } = input;
  await assertIntegrationAvailable(tx, companyId, settings.provider);
  const now = input.now ?? new Date();
  const state = randomToken();
  const simulated = !settings.configured;
  const codeVerifier = !simulated && settings.kind === "oauth2" && settings.pkce ? randomToken() : null;
  const redirectUri = integrationCallbackUrl(input.appOrigin, settings.provider);
  await tx.oAuthState.deleteMany({ where: { expiresAt: { lt: now } } });
  await tx.oAuthState.create({
    data: {
      companyId,
      userId: actor.userId,
      provider: settings.provider,
      stateHash: sha256(state),
      codeVerifierEncrypted: codeVerifier ? encryptSecret(input.key, codeVerifier) : null,
      redirectUri,
      simulated,
      expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
    },
  });
  if (simulated) {
    const page = new URL(SIMULATED_AUTHORIZE_PATH, input.appOrigin);
    page.searchParams.set("provider", settings.provider);
    page.searchParams.set("state", state);
    return { authorizationUrl: page.toString(), simulated };
  }
  return { authorizationUrl: authorizationUrl(settings, { state, redirectUri, codeVerifier }), simulated };
}
