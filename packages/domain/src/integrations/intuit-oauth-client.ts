import OAuthClient from "intuit-oauth";
import { withinTimeLimit } from "@fieldops/config/time-limit";
import { z } from "zod";
import { DomainError, unavailable } from "../errors.ts";
import type { OAuth2Settings, TokenResponse } from "./oauth-client.ts";

/**
 * QuickBooks Online's authorization through Intuit's own OAuth library (`intuit-oauth`), as the QuickBooks SDKs do:
 * the authorization page, the code exchange, the refresh (Intuit rotates the refresh token) and the revocation.
 * Intuit's client retries a throttled or failing token endpoint itself (three times, 1, 2 and 4 s apart); our bound
 * on the whole call keeps a request from waiting longer than `INTUIT_CALL_MS`.
 *
 * The library keeps its endpoints on the class, not the instance. Every call sets them from the settings and the
 * library reads them synchronously when it builds its request, so two calls with different endpoints (tests, a
 * sandbox) never mix.
 */
const INTUIT_CALL_MS = 15_000;

function intuitClient(settings: OAuth2Settings, redirectUri = ""): OAuthClient {
  const client = new OAuthClient({
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    environment: "production",
    redirectUri,
    logging: false,
  });
  return client.setAuthorizeURLs({
    authorizeEndpoint: settings.authorizeUrl,
    tokenEndpoint: settings.tokenUrl,
    revokeEndpoint: settings.revokeUrl,
    userInfoEndpoint: OAuthClient.userinfo_endpoint_production,
  });
}

/** What Intuit's client throws: its OAuth error (`invalid_grant`…) with the answer, or the network's error. */
const intuitErrorSchema = z.object({
  error: z.string().max(200).optional(),
  authResponse: z
    .object({ response: z.object({ status: z.number() }).loose().optional() })
    .loose()
    .optional(),
});

/** The provider's refusal (`invalid_grant`, or the status) when it answered; null when it could not be reached. */
function refusalOf(thrown: unknown): string | null {
  const parsed = intuitErrorSchema.safeParse(thrown);
  const status = parsed.success ? parsed.data.authResponse?.response?.status : undefined;
  if (status === undefined || status >= 500) return null;
  return parsed.data?.error || `status ${status}`;
}

const tokenSchema = z.object({
  access_token: z.string().min(1).max(10_000),
  refresh_token: z.string().max(10_000).optional(),
  expires_in: z.number().optional(),
  scope: z.string().max(1000).optional(),
});

/** One call of Intuit's client, within `INTUIT_CALL_MS`. */
const withinBound = <T>(call: Promise<T>) =>
  withinTimeLimit(call, INTUIT_CALL_MS, "Intuit's token endpoint did not answer in time");

/** The tokens an answer carries; an answer without an access token is Intuit's fault, to be tried again later. */
function tokensOf(json: unknown): TokenResponse {
  const parsed = tokenSchema.safeParse(json);
  if (!parsed.success) throw unavailable("QuickBooks' token endpoint answered without an access token");
  return parsed.data;
}

export function intuitAuthorizationUrl(settings: OAuth2Settings, input: { state: string; redirectUri: string }) {
  return intuitClient(settings, input.redirectUri).authorizeUri({ scope: settings.scope, state: input.state });
}

export async function exchangeIntuitCode(
  settings: OAuth2Settings,
  input: { code: string; redirectUri: string },
): Promise<TokenResponse> {
  const client = intuitClient(settings, input.redirectUri);
  try {
    const answer = await withinBound(client.createToken(`?${new URLSearchParams({ code: input.code })}`));
    return tokensOf(answer.getJson());
  } catch (thrown) {
    if (thrown instanceof DomainError) throw thrown;
    const refusal = refusalOf(thrown);
    if (refusal) throw unavailable(`The provider refused the authorization code (${refusal})`);
    throw unavailable("The provider could not be reached");
  }
}

export async function refreshIntuitToken(
  settings: OAuth2Settings,
  refreshToken: string,
): Promise<TokenResponse | { refused: string }> {
  try {
    const answer = await withinBound(intuitClient(settings).refreshUsingToken(refreshToken));
    return tokensOf(answer.getJson());
  } catch (thrown) {
    if (thrown instanceof DomainError) throw thrown;
    const refusal = refusalOf(thrown);
    if (refusal) return { refused: refusal };
    throw unavailable("QuickBooks could not be reached to refresh the connection");
  }
}

/** True when Intuit confirmed the revocation of the refresh token (or the access token when there is none). */
export async function revokeAtIntuit(
  settings: OAuth2Settings,
  input: { refreshToken: string | null; accessToken: string | null },
): Promise<boolean> {
  const token = input.refreshToken ?? input.accessToken;
  if (!token) return false;
  try {
    const answer = await withinBound(intuitClient(settings).revoke({ refresh_token: token }));
    return answer.valid();
  } catch {
    return false;
  }
}
