import type { IntegrationProvider } from "@fieldops/shared/integrations";
import { INTEGRATION_PROVIDERS } from "@fieldops/shared/integrations";

/** The environment variables of the integrations (the config schema's fields of the same names). */
export interface IntegrationsEnv {
  PUBLIC_APP_URL?: string | undefined;
  QUICKBOOKS_CLIENT_ID?: string | undefined;
  QUICKBOOKS_CLIENT_SECRET?: string | undefined;
  QUICKBOOKS_AUTHORIZE_URL: string;
  QUICKBOOKS_TOKEN_URL: string;
  QUICKBOOKS_REVOKE_URL: string;
  STRIPE_CLIENT_ID?: string | undefined;
  STRIPE_CLIENT_SECRET?: string | undefined;
  STRIPE_AUTHORIZE_URL: string;
  STRIPE_TOKEN_URL: string;
  STRIPE_DEAUTHORIZE_URL: string;
  TWILIO_CONNECT_APP_SID?: string | undefined;
  TWILIO_AUTH_TOKEN?: string | undefined;
  TWILIO_AUTHORIZE_URL: string;
  /** The platform's own Twilio account and sender, which sends the texts of companies without their own. */
  TWILIO_ACCOUNT_SID?: string | undefined;
  TWILIO_MESSAGING_SERVICE_SID?: string | undefined;
  TWILIO_FROM?: string | undefined;
  NODE_ENV?: string | undefined;
}

/**
 * How the app authorizes at a provider. `oauth2`: the authorization-code grant, the code exchanged at `tokenUrl`
 * with the client's credentials (in an HTTP Basic header or in the form), with PKCE (S256) where `pkce`.
 * Disconnecting tells the provider at `revokeUrl`: `rfc7009` revokes the refresh token (RFC 7009), and
 * `stripe_deauthorize` ends the platform's access to the connected account.
 * `library`: who speaks to the provider's endpoints: our RFC 6749 client (`oauth-client.ts`), or Intuit's own
 * (`intuit-oauth`, `intuit-oauth-client.ts`) for QuickBooks, which sends no PKCE and revokes with a JSON body.
 * `twilio_connect`: Twilio Connect sends the customer's AccountSid back instead of a code; there is nothing to
 * exchange, the platform then acts for that account with its own credentials (the customer deauthorizes the
 * Connect App in Twilio's console).
 */
export type ProviderSettings = {
  provider: IntegrationProvider;
  /** False when the client id or secret is missing: connecting is simulated. */
  configured: boolean;
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
} & (
  | {
      kind: "oauth2";
      library: "rfc6749" | "intuit-oauth";
      tokenUrl: string;
      scope: string;
      pkce: boolean;
      clientAuth: "basic" | "post";
      revokeUrl: string;
      revocation: "rfc7009" | "stripe_deauthorize";
    }
  | { kind: "twilio_connect" }
);

type OAuth2Options = Pick<
  Extract<ProviderSettings, { kind: "oauth2" }>,
  "library" | "scope" | "pkce" | "clientAuth" | "revokeUrl" | "revocation"
>;

function oauth2(
  provider: IntegrationProvider,
  clientId: string | undefined,
  clientSecret: string | undefined,
  authorizeUrl: string,
  tokenUrl: string,
  options: OAuth2Options,
): ProviderSettings {
  return {
    provider,
    kind: "oauth2",
    configured: Boolean(clientId && clientSecret),
    clientId: clientId ?? "",
    clientSecret: clientSecret ?? "",
    authorizeUrl,
    tokenUrl,
    ...options,
  };
}

export function providerSettings(env: IntegrationsEnv, provider: IntegrationProvider): ProviderSettings {
  switch (provider) {
    case "quickbooks":
      // Through Intuit's own OAuth client: client_secret_basic, no PKCE (Intuit's authorization server has none; the
      // state, single use and stored hashed, guards the callback, and only the client secret redeems a code).
      return oauth2(
        provider,
        env.QUICKBOOKS_CLIENT_ID,
        env.QUICKBOOKS_CLIENT_SECRET,
        env.QUICKBOOKS_AUTHORIZE_URL,
        env.QUICKBOOKS_TOKEN_URL,
        {
          library: "intuit-oauth",
          scope: "com.intuit.quickbooks.accounting",
          pkce: false,
          clientAuth: "basic",
          revokeUrl: env.QUICKBOOKS_REVOKE_URL,
          revocation: "rfc7009",
        },
      );
    case "stripe":
      // Stripe Connect's OAuth takes the platform's secret key as client_secret in the form, and has no PKCE.
      return oauth2(
        provider,
        env.STRIPE_CLIENT_ID,
        env.STRIPE_CLIENT_SECRET,
        env.STRIPE_AUTHORIZE_URL,
        env.STRIPE_TOKEN_URL,
        {
          library: "rfc6749",
          scope: "read_write",
          pkce: false,
          clientAuth: "post",
          revokeUrl: env.STRIPE_DEAUTHORIZE_URL,
          revocation: "stripe_deauthorize",
        },
      );
    case "twilio":
      return {
        provider,
        kind: "twilio_connect",
        configured: Boolean(env.TWILIO_CONNECT_APP_SID && env.TWILIO_AUTH_TOKEN),
        clientId: env.TWILIO_CONNECT_APP_SID ?? "",
        clientSecret: env.TWILIO_AUTH_TOKEN ?? "",
        authorizeUrl: `${env.TWILIO_AUTHORIZE_URL.replace(/\/+$/, "")}/${encodeURIComponent(env.TWILIO_CONNECT_APP_SID ?? "")}`,
      };
  }
}

/**
 * The origins a browser may be sent to to authorize an integration: each configured provider's authorization
 * origin, and the app's own (where the simulated consent page lives). The assistant's `startOAuth` actions are
 * checked against this list.
 */
export function oauthAuthorizationOrigins(
  env: IntegrationsEnv,
  appOrigin: string | undefined = env.PUBLIC_APP_URL,
): string[] {
  const origins = INTEGRATION_PROVIDERS.map((provider) => providerSettings(env, provider))
    .filter((settings) => settings.configured)
    .map((settings) => new URL(settings.authorizeUrl).origin);
  if (appOrigin) origins.push(new URL(appOrigin).origin);
  return [...new Set(origins)];
}
