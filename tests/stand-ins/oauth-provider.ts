import { createHash, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { answer, readBody } from "./stand-in-http.ts";

/**
 * A local stand-in for the providers' authorization servers: `/authorize` and `/token` speak the OAuth 2.0
 * authorization-code grant (RFC 6749) with PKCE (RFC 7636) and the refresh grant (rotating the refresh token, as
 * Intuit does), `/revoke` is RFC 7009 revocation, `/deauthorize` Stripe Connect's, and `/twilio/authorize/<sid>`
 * answers as Twilio Connect does (the customer's AccountSid instead of a code). It checks what a real one checks:
 * the client id, the registered redirect URI, the client secret (HTTP Basic or in the form), the code's single use
 * and the verifier, and that a refresh token is live.
 */
export interface StandInClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  clientAuth: "basic" | "post";
  /** Refuse an authorization request without an S256 code challenge. */
  requirePkce?: boolean;
  /** Extra parameters of the redirect back (QuickBooks sends realmId). */
  callbackParams?: Record<string, string>;
  /** Extra fields of the token answer (Stripe sends stripe_user_id). */
  tokenFields?: Record<string, string>;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  used: boolean;
}

export interface OAuthStandIn {
  url: string;
  /** Every access token issued, to check that none is stored in clear. */
  issuedAccessTokens: string[];
  /** The query of every /authorize request, for tests that check what the app asked for. */
  authorizeRequests: URLSearchParams[];
  /** Every /token request that was refused, with why. */
  refusals: string[];
  /** The refresh tokens the stand-in still honours; a test deletes one to play a revocation at the provider's end. */
  liveRefreshTokens: Set<string>;
  /** Every token revoked at /revoke and every account deauthorized at /deauthorize. */
  revoked: string[];
  /** How many of the next /token requests are answered 503 (an outage at the provider), counted down as they come. */
  outage: { tokenRequests: number };
  close(): Promise<void>;
}

/** A JSON body's string fields; anything else is no field at all. */
function jsonObject(body: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(body);
    if (!parsed || typeof parsed !== "object") return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    );
  } catch {
    return {};
  }
}

const random = () => randomBytes(16).toString("hex");

function redirect(response: ServerResponse, location: string) {
  response.writeHead(302, { location });
  response.end();
}

export async function startOAuthStandIn(
  clients: StandInClient[],
  options: { port?: number } = {},
): Promise<OAuthStandIn> {
  const codes = new Map<string, IssuedCode>();
  const issuedAccessTokens: string[] = [];
  const authorizeRequests: URLSearchParams[] = [];
  const refusals: string[] = [];
  const liveRefreshTokens = new Set<string>();
  const revoked: string[] = [];
  const outage = { tokenRequests: 0 };
  const client = (id: string | null) => clients.find((candidate) => candidate.clientId === id);

  function authorize(url: URL, response: ServerResponse) {
    const query = url.searchParams;
    authorizeRequests.push(query);
    const found = client(query.get("client_id"));
    const redirectUri = query.get("redirect_uri") ?? "";
    // Like a real server: a bad client or redirect URI is shown to the user, never redirected to.
    if (!found) return answer(response, 400, { error: "invalid_client" });
    if (!found.redirectUris.includes(redirectUri)) return answer(response, 400, { error: "invalid_redirect_uri" });
    const back = new URL(redirectUri);
    back.searchParams.set("state", query.get("state") ?? "");
    const challenge = query.get("code_challenge");
    if (query.get("response_type") !== "code") {
      back.searchParams.set("error", "unsupported_response_type");
    } else if ((found.requirePkce && !challenge) || (challenge && query.get("code_challenge_method") !== "S256")) {
      back.searchParams.set("error", "invalid_request");
    } else if (query.get("deny") === "1") {
      back.searchParams.set("error", "access_denied");
    } else {
      const code = random();
      codes.set(code, { clientId: found.clientId, redirectUri, codeChallenge: challenge, used: false });
      back.searchParams.set("code", code);
      for (const [name, value] of Object.entries(found.callbackParams ?? {})) back.searchParams.set(name, value);
    }
    redirect(response, back.toString());
  }

  function twilioAuthorize(sid: string, url: URL, response: ServerResponse) {
    authorizeRequests.push(url.searchParams);
    const found = client(sid);
    if (!found) return answer(response, 404, { error: "unknown connect app" });
    const back = new URL(found.redirectUris[0]!);
    back.searchParams.set("AccountSid", `AC${random()}`);
    back.searchParams.set("state", url.searchParams.get("state") ?? "");
    redirect(response, back.toString());
  }

  /** The client the request authenticates as (HTTP Basic or the form, as the client is registered), or null. */
  function authenticate(request: IncomingMessage, form: URLSearchParams): StandInClient | null {
    let clientId = form.get("client_id");
    let clientSecret = form.get("client_secret");
    const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1];
    if (basic) {
      const [id, secret] = Buffer.from(basic, "base64").toString().split(":").map(decodeURIComponent);
      clientId = id ?? null;
      clientSecret = secret ?? null;
    }
    const found = client(clientId);
    if (!found || found.clientSecret !== clientSecret || (found.clientAuth === "basic") !== Boolean(basic)) return null;
    return found;
  }

  function issueTokens(response: ServerResponse, found: StandInClient) {
    const accessToken = `at-${random()}`;
    const refreshToken = `rt-${random()}`;
    issuedAccessTokens.push(accessToken);
    liveRefreshTokens.add(refreshToken);
    answer(response, 200, {
      access_token: accessToken,
      refresh_token: refreshToken,
      token_type: "bearer",
      expires_in: 3600,
      scope: "stand-in",
      ...found.tokenFields,
    });
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    if (outage.tokenRequests > 0) {
      outage.tokenRequests -= 1;
      return answer(response, 503, { error: "temporarily_unavailable" });
    }
    const refuse = (status: number, error: string, why: string) => {
      refusals.push(why);
      answer(response, status, { error });
    };
    const found = authenticate(request, form);
    if (!found) return refuse(401, "invalid_client", "client authentication");
    if (form.get("grant_type") === "refresh_token") {
      const refreshToken = form.get("refresh_token") ?? "";
      if (!liveRefreshTokens.delete(refreshToken))
        return refuse(400, "invalid_grant", "unknown, used or revoked refresh token");
      return issueTokens(response, found);
    }
    if (form.get("grant_type") !== "authorization_code") return refuse(400, "unsupported_grant_type", "grant type");
    const issued = codes.get(form.get("code") ?? "");
    if (!issued || issued.used || issued.clientId !== found.clientId)
      return refuse(400, "invalid_grant", "unknown or used code");
    issued.used = true;
    if (form.get("redirect_uri") !== issued.redirectUri) return refuse(400, "invalid_grant", "redirect_uri differs");
    if (issued.codeChallenge) {
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      if (challenge !== issued.codeChallenge) return refuse(400, "invalid_grant", "PKCE code verifier");
    }
    issueTokens(response, found);
  }

  /**
   * RFC 7009: an authenticated client revokes a token; an unknown token is answered 200 all the same. Intuit's
   * endpoint takes the token as JSON (`{"token": …}`), as its OAuth client sends it; others take a form.
   */
  async function revoke(request: IncomingMessage, response: ServerResponse) {
    const body = await readBody(request);
    const form = request.headers["content-type"]?.startsWith("application/json")
      ? new URLSearchParams(Object.entries(jsonObject(body)))
      : new URLSearchParams(body);
    if (!authenticate(request, form)) return answer(response, 401, { error: "invalid_client" });
    const tokenValue = form.get("token");
    if (!tokenValue) return answer(response, 400, { error: "invalid_request" });
    liveRefreshTokens.delete(tokenValue);
    revoked.push(tokenValue);
    answer(response, 200, {});
  }

  /** Stripe Connect: the platform ends its access to a connected account. */
  async function deauthorize(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(await readBody(request));
    if (!authenticate(request, form)) return answer(response, 401, { error: "invalid_client" });
    const account = form.get("stripe_user_id");
    if (!account) return answer(response, 400, { error: "invalid_request" });
    revoked.push(account);
    answer(response, 200, { stripe_user_id: account });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const twilio = url.pathname.match(/^\/twilio\/authorize\/([^/]+)$/);
    if (request.method === "GET" && url.pathname === "/authorize") return authorize(url, response);
    if (request.method === "GET" && twilio) return twilioAuthorize(decodeURIComponent(twilio[1]!), url, response);
    const post = { "/token": token, "/revoke": revoke, "/deauthorize": deauthorize }[url.pathname];
    if (request.method === "POST" && post) {
      post(request, response).catch(() => answer(response, 500, { error: "server_error" }));
      return;
    }
    answer(response, 404, { error: "not_found" });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    issuedAccessTokens,
    authorizeRequests,
    refusals,
    liveRefreshTokens,
    revoked,
    outage,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
