import type { FastifyRequest } from "fastify";
import type { Redis } from "ioredis";
import type { Env } from "@fieldops/config/env";
import type { Database } from "@fieldops/db";
import type { TaskQueues } from "@fieldops/tasks/enqueue";
import type { LoginRateLimiter } from "@fieldops/domain/accounts/login-rate-limit";
import type { AppGeocoder } from "@fieldops/domain/geocoding/create-geocoder";
import type { FileStorage } from "@fieldops/domain/files/file-storage";
import type { MapTiles } from "@fieldops/shared/dispatch";
import type { SessionCache } from "./auth/session-cache.ts";
import type { AuthenticatedUser } from "@fieldops/domain/accounts/sessions";
import type { SocketTickets } from "./auth/socket-tickets.ts";

/** What every route module needs, built once per process and handed to each route plugin. */
export interface AppContext {
  env: Env;
  db: Database;
  redis: Redis;
  queues: TaskQueues;
  loginRateLimiter: LoginRateLimiter;
  sessionCache: SessionCache;
  socketTickets: SocketTickets;
  /** Turns addresses into places: the configured geocoding server, or the offline ZIP-code centres. */
  geocoder: AppGeocoder;
  /** Where uploaded photos and signatures are kept: the data folder's `files` on disk. */
  files: FileStorage;
  /** The tile server maps are drawn on (`MAP_TILE_URL`), or null: then no screen shows a map. */
  mapTiles: MapTiles | null;
  /** The signed-in user of a request (bearer token first, then the session cookie), or null. */
  authenticate(request: FastifyRequest): Promise<AuthenticatedUser | null>;
  /** Who `authenticate` already found the request to be (null: nobody), or undefined while it has not looked. */
  alreadyAuthenticated(request: FastifyRequest): AuthenticatedUser | null | undefined;
  /** The user of the session whose token has this hash, or null (for a redeemed socket ticket). */
  authenticateTokenHash(tokenHash: string): Promise<AuthenticatedUser | null>;
  /** Like authenticate, but answers 401 when nobody is signed in. */
  requireUser(request: FastifyRequest): Promise<AuthenticatedUser>;
  /** Like requireUser, for routes about the user's company: 404 for a user without one (a platform admin). */
  requireCompanyUser(request: FastifyRequest): Promise<AuthenticatedUser & { companyId: string }>;
}
