import type { FastifyRequest } from "fastify";
import { SESSION_COOKIE } from "@fieldops/shared/auth";
import type { Database } from "@fieldops/db";
import { notFound, unauthorized } from "../http/http-error.ts";
import type { SessionCache } from "./session-cache.ts";
import { findSessionUser, hashToken, type AuthenticatedUser } from "@fieldops/domain/accounts/sessions";

/** The token a request carries: `Authorization: Bearer …`, else the session cookie, else `?token=` (WebSocket). */
export function requestToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice("Bearer ".length).trim() || null;
  const cookie = request.cookies[SESSION_COOKIE];
  if (cookie) return cookie;
  const query = request.query as Record<string, unknown> | undefined;
  return typeof query?.token === "string" && query.token.length > 0 ? query.token : null;
}

async function lookUp(db: Database, cache: SessionCache, token: string): Promise<AuthenticatedUser | null> {
  const tokenHash = hashToken(token);
  const cached = cache.get(tokenHash);
  if (cached) return cached;
  const user = await findSessionUser(db, tokenHash);
  if (user) cache.set(tokenHash, user);
  return user;
}

export function createAuthenticator(db: Database, cache: SessionCache) {
  const resolved = new WeakMap<FastifyRequest, Promise<AuthenticatedUser | null>>();
  const authenticate = (request: FastifyRequest) => {
    let user = resolved.get(request);
    if (!user) {
      const token = requestToken(request);
      user = token ? lookUp(db, cache, token) : Promise.resolve(null);
      resolved.set(request, user);
    }
    return user;
  };
  const requireUser = async (request: FastifyRequest) => {
    const user = await authenticate(request);
    if (!user) throw unauthorized();
    return user;
  };
  const requireCompanyUser = async (request: FastifyRequest) => {
    const user = await requireUser(request);
    if (!user.companyId) throw notFound("You do not belong to a company");
    return { ...user, companyId: user.companyId };
  };
  return { authenticate, requireUser, requireCompanyUser };
}
