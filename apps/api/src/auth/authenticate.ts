import type { FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "@fieldops/shared/auth";
import type { Database } from "@fieldops/db";
import { notFound, unauthorized } from "../http/http-error.ts";
import type { SessionCache } from "./session-cache.ts";
import { findSessionUser, hashToken, sessionRefusal, type AuthenticatedUser } from "@fieldops/domain/accounts/sessions";

/**
 * The token a request carries: `Authorization: Bearer …`, else the session cookie. Never the query string: URLs are
 * logged and kept by proxies and browsers (the WebSocket uses a single-use ticket instead, see socket-tickets.ts).
 */
export function requestToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice("Bearer ".length).trim() || null;
  return request.cookies[SESSION_COOKIE] || null;
}

async function lookUp(db: Database, cache: SessionCache, tokenHash: string): Promise<AuthenticatedUser | null> {
  const cached = cache.get(tokenHash);
  if (cached) return cached;
  const user = await findSessionUser(db, tokenHash);
  if (user) cache.set(tokenHash, user);
  return user;
}

export function createAuthenticator(db: Database, cache: SessionCache) {
  const resolved = new WeakMap<FastifyRequest, Promise<AuthenticatedUser | null>>();
  const settled = new WeakMap<FastifyRequest, AuthenticatedUser | null>();
  const authenticate = (request: FastifyRequest) => {
    let user = resolved.get(request);
    if (!user) {
      const token = requestToken(request);
      user = token ? lookUp(db, cache, hashToken(token)) : Promise.resolve(null);
      resolved.set(request, user);
      user.then((found) => settled.set(request, found)).catch(() => {});
    }
    return user;
  };
  /** Who the request was already found to be (null: nobody), or undefined while it was not looked up. */
  const alreadyAuthenticated = (request: FastifyRequest) => settled.get(request);
  const requireUser = async (request: FastifyRequest) => {
    const user = await authenticate(request);
    if (user) return user;
    // A page still open when its company was suspended is told why, so that it can sign out and say so.
    const token = requestToken(request);
    throw unauthorized((token && (await sessionRefusal(db, hashToken(token)))) || undefined);
  };
  const requireCompanyUser = async (request: FastifyRequest) => {
    const user = await requireUser(request);
    if (!user.companyId) throw notFound("You do not belong to a company");
    return { ...user, companyId: user.companyId };
  };
  /** The user of a session known by its token's hash (a redeemed socket ticket), or null. */
  const authenticateTokenHash = (tokenHash: string) => lookUp(db, cache, tokenHash);
  return { authenticate, alreadyAuthenticated, authenticateTokenHash, requireUser, requireCompanyUser };
}
