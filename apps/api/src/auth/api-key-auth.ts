import type { FastifyInstance, FastifyRequest } from "fastify";
import { findApiKey } from "@fieldops/domain/api-keys/find-api-key";
import { rateLimited } from "@fieldops/domain/errors";
import {
  API_KEY_AREAS,
  API_KEY_PATTERN,
  API_KEY_PREFIX,
  API_KEY_REQUESTS_PER_MINUTE,
  apiKeyAllows,
  type ApiKeyArea,
} from "@fieldops/shared/api-keys";
import type { AppContext } from "../context.ts";
import { forbidden, unauthorized } from "../http/http-error.ts";
import type { CompanyUser } from "../http/tenant-route.ts";
import { requestToken } from "./authenticate.ts";

/** Whether the request names an API key (rather than a session) in its Authorization header. */
export function carriesApiKey(request: FastifyRequest): boolean {
  return request.headers.authorization?.startsWith(`Bearer ${API_KEY_PREFIX}`) === true;
}

/**
 * Refuses a request whose URL holds an API key (a query parameter, a path): URLs are logged and kept by proxies and
 * browsers, so a key is only ever taken from the Authorization header. The key is refused before any route sees it.
 */
export function installApiKeyUrlGuard(app: FastifyInstance): void {
  app.addHook("onRequest", (request, reply, done) => {
    if (!request.url.includes(API_KEY_PREFIX) || !API_KEY_PATTERN.test(request.url)) return done();
    void reply.status(400).send({
      message:
        "Send the API key in the Authorization header (Bearer), never in a URL; revoke this key, since its URL may have been logged",
    });
  });
}

/** Counts a key's requests per minute in Redis, across every API process; over the limit, 429 until the minute ends. */
async function countRequest(context: AppContext, keyId: string, now = Date.now()): Promise<void> {
  const minute = Math.floor(now / 60_000);
  const counter = `rate-limit:api-key:${keyId}:${minute}`;
  const [[, count]] = (await context.redis.multi().incr(counter).expire(counter, 120).exec()) as [
    [null, number],
    unknown,
  ];
  if (count > API_KEY_REQUESTS_PER_MINUTE)
    throw rateLimited(
      `This API key made more than ${API_KEY_REQUESTS_PER_MINUTE} requests this minute. Try again in a moment.`,
      60 - Math.floor((now % 60_000) / 1000),
    );
}

/**
 * The user an API key acts as, for an endpoint of `area` (null: an endpoint no key reaches): the owner who made it,
 * at a member's rights, within the key's scopes, rate-limited per key. An unknown or revoked key is 401; a key
 * outside its scopes 403, naming what it may not do.
 */
export async function requireApiKeyUser(
  context: AppContext,
  request: FastifyRequest,
  access: { area: ApiKeyArea | null; write: boolean },
): Promise<CompanyUser> {
  const holder = await findApiKey(context.db, requestToken(request) ?? "");
  if (!holder) throw unauthorized("This API key is not valid: it was revoked, or never existed");
  await countRequest(context, holder.keyId);
  if (!access.area) throw forbidden("API keys cannot call this endpoint: it needs a person signed in to the app");
  if (!apiKeyAllows(holder.scopes, access.area, access.write)) {
    throw forbidden(
      `This API key may not ${access.write ? "change" : "read"} ${API_KEY_AREAS[access.area].label.toLowerCase()}: ` +
        `give it the ${access.area}:${access.write ? "write" : "read"} scope`,
    );
  }
  return {
    id: holder.userId,
    email: holder.userEmail,
    name: `${holder.userName} (API key "${holder.keyName}")`,
    role: "member",
    permissions: [],
    companyId: holder.companyId,
    sessionId: `api-key:${holder.keyId}`,
    sessionExpiresAt: new Date(8.64e15),
    impersonation: null,
    apiKey: { id: holder.keyId, name: holder.keyName },
  };
}
