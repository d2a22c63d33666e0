import { createHash, randomBytes } from "node:crypto";
import { z } from "zod";
import { unavailable } from "../errors.ts";
import {
  exchangeIntuitCode,
  intuitAuthorizationUrl,
  refreshIntuitToken,
  revokeAtIntuit,
} from "./intuit-oauth-client.ts";
import type { ProviderSettings } from "./provider-settings.ts";

/** A random URL-safe value of 32 bytes: states and PKCE code verifiers (43 characters, as RFC 7636 asks). */
export const randomToken = () => randomBytes(32).toString("base64url");

export const sha256 = (value: string) => createHash("sha256").update(value).digest("base64url");

/** RFC 7636: the S256 challenge of a code verifier. */
export const pkceChallenge = (codeVerifier: string) => sha256(codeVerifier);

/** The provider's authorization page for this state (and PKCE challenge). */
export function authorizationUrl(
  settings: ProviderSettings,
  input: { state: string; redirectUri: string; codeVerifier: string | null },
): string {
  const url = new URL(settings.authorizeUrl);
  if (settings.kind === "twilio_connect") {
    // Twilio sends the browser to the Connect App's own authorize URL, set in Twilio's console.
    url.searchParams.set("state", input.state);
    return url.toString();
  }
  if (settings.library === "intuit-oauth") return intuitAuthorizationUrl(settings, input);
  url.searchParams.set("response_type", "code");
  url.searchParams.set("client_id", settings.clientId);
  url.searchParams.set("redirect_uri", input.redirectUri);
  url.searchParams.set("scope", settings.scope);
  url.searchParams.set("state", input.state);
  if (input.codeVerifier) {
    url.searchParams.set("code_challenge", pkceChallenge(input.codeVerifier));
    url.searchParams.set("code_challenge_method", "S256");
  }
  return url.toString();
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1).max(10_000),
  refresh_token: z.string().max(10_000).optional(),
  expires_in: z.number().optional(),
  scope: z.string().max(1000).optional(),
  /** Stripe: the connected account. */
  stripe_user_id: z.string().max(200).optional(),
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

const TOKEN_TIMEOUT_MS = 10_000;

export type OAuth2Settings = Extract<ProviderSettings, { kind: "oauth2" }>;

/** A form to the provider with the client's credentials, in an HTTP Basic header or in the form as it asks. */
async function postWithClientCredentials(
  settings: OAuth2Settings,
  url: string,
  form: URLSearchParams,
): Promise<Response> {
  const headers: Record<string, string> = {
    "content-type": "application/x-www-form-urlencoded",
    accept: "application/json",
  };
  if (settings.clientAuth === "basic") {
    const credentials = `${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString("base64")}`;
  } else {
    form.set("client_id", settings.clientId);
    form.set("client_secret", settings.clientSecret);
  }
  try {
    return await fetch(url, { method: "POST", headers, body: form, signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS) });
  } catch {
    throw unavailable("The provider could not be reached");
  }
}

/** What a token endpoint answered: the tokens, or why not (`invalid_grant`: the grant is dead, the user must reconnect). */
async function requestTokens(
  settings: OAuth2Settings,
  form: URLSearchParams,
): Promise<TokenResponse | { refused: string }> {
  const response = await postWithClientCredentials(settings, settings.tokenUrl, form);
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = z.object({ error: z.string().max(100) }).safeParse(body);
    return { refused: error.success ? error.data.error : `status ${response.status}` };
  }
  const parsed = tokenResponseSchema.safeParse(body);
  if (!parsed.success) throw unavailable("The provider's token endpoint answered without an access token");
  return parsed.data;
}

/**
 * Exchanges an authorization code at the provider's token endpoint (RFC 6749, section 4.1.3). A refusal, a timeout
 * or an answer without an access token is an `unavailable` error; the provider's answer is never logged or shown.
 */
export async function exchangeAuthorizationCode(
  settings: OAuth2Settings,
  input: { code: string; redirectUri: string; codeVerifier: string | null },
): Promise<TokenResponse> {
  if (settings.library === "intuit-oauth") return exchangeIntuitCode(settings, input);
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code: input.code,
    redirect_uri: input.redirectUri,
  });
  if (input.codeVerifier) form.set("code_verifier", input.codeVerifier);
  const answer = await requestTokens(settings, form);
  if ("refused" in answer) throw unavailable(`The provider refused the authorization code (${answer.refused})`);
  return answer;
}

/**
 * New tokens for a refresh token (RFC 6749, section 6). `{ refused }` when the provider will not (the refresh token
 * expired or was revoked: the company has to connect again); an unreachable provider is an `unavailable` error, to
 * be tried again later.
 */
export function refreshAccessToken(
  settings: OAuth2Settings,
  refreshToken: string,
): Promise<TokenResponse | { refused: string }> {
  if (settings.library === "intuit-oauth") return refreshIntuitToken(settings, refreshToken);
  return requestTokens(settings, new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }));
}

/**
 * Tells the provider that the app lets go of a connection: RFC 7009 revocation of the refresh token (or the access
 * token when there is none), or Stripe's deauthorization of the connected account. True when the provider confirmed.
 */
export async function revokeAtProvider(
  settings: OAuth2Settings,
  input: { refreshToken: string | null; accessToken: string | null; accountId: string | null },
): Promise<boolean> {
  if (settings.library === "intuit-oauth") return revokeAtIntuit(settings, input);
  const form =
    settings.revocation === "stripe_deauthorize"
      ? input.accountId
        ? new URLSearchParams({ stripe_user_id: input.accountId })
        : null
      : input.refreshToken
        ? new URLSearchParams({ token: input.refreshToken, token_type_hint: "refresh_token" })
        : input.accessToken
          ? new URLSearchParams({ token: input.accessToken, token_type_hint: "access_token" })
          : null;
  if (!form) return false;
  const response = await postWithClientCredentials(settings, settings.revokeUrl, form).catch(() => null);
  return response?.ok ?? false;
}
