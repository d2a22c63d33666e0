import { tmpdir } from "node:os";
import { join } from "node:path";
import { withDatabase } from "@fieldops/db/schema-engine-adapter";

/**
 * End-to-end files run on several Playwright workers at once, and each worker drives a whole product of its own (its
 * database with its own demo world, its Redis index, its port): a file owns the demo companies of the product it
 * runs against while it runs, since the other worker's files run against another. Worker slot k (Playwright's
 * TEST_PARALLEL_INDEX, 0 to E2E_WORKERS - 1) uses port E2E_PORT + 2k (its map tiles the next one), the database
 * E2E_DATABASE (slot 0) or E2E_DATABASE_<k + 1>, and E2E_REDIS_URL's index + k.
 */
// One by default: on a 2-core machine two products and two browsers contend for the cores (the first full run with
// two took 21.7 min, part of it beside other runs), and a slower page is a flakier test. Where cores allow,
// E2E_WORKERS=2 runs files side by side, each worker against a product of its own.
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 1);

const firstPort = Number(process.env.E2E_PORT ?? 3210);
const firstDatabase = process.env.E2E_DATABASE ?? "fieldops_e2e";
const firstRedisUrl = process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379/10";
/** Redis has databases 0 to 15 unless configured otherwise. */
const REDIS_DATABASES = 16;

export interface E2eServer {
  port: number;
  tilePort: number;
  /** The local stand-in of Twilio's API the product sends texts to (TWILIO_API_BASE). */
  twilioPort: number;
  database: string;
  redisUrl: string;
}

export function e2eServer(slot: number): E2eServer {
  const redisUrl = new URL(firstRedisUrl);
  const index = Number(redisUrl.pathname.slice(1) || 0) + slot;
  if (index >= REDIS_DATABASES) throw new Error(`E2E_REDIS_URL: worker ${slot + 1} would need Redis index ${index}`);
  redisUrl.pathname = `/${index}`;
  return {
    port: firstPort + 2 * slot,
    tilePort: firstPort + 2 * slot + 1,
    twilioPort: firstPort + 1000 + slot,
    database: slot === 0 ? firstDatabase : `${firstDatabase}_${slot + 1}`,
    redisUrl: redisUrl.toString(),
  };
}

/** The environment `serve.ts` starts a product with on `server`'s port, database and Redis index. */
export function serverEnv(server: E2eServer): Record<string, string> {
  return {
    E2E_PORT: String(server.port),
    E2E_TILE_PORT: String(server.tilePort),
    E2E_TWILIO_PORT: String(server.twilioPort),
    E2E_DATABASE: server.database,
    E2E_REDIS_URL: server.redisUrl,
    // Where `npm start` keeps its state file: one per product, so that two never write the same file.
    FIELDOPS_DATA_DIR: join(tmpdir(), `fieldops-e2e-${server.port}`),
  };
}

/**
 * A second product for the tests of Stripe (`stripe-payments.e2e.ts` starts it, `stripe-product.ts`): configured for
 * Stripe against the local stand-in of its API, which the main products are not (their card payments use the
 * built-in test provider, as a product without keys does). Worker slot k's is on port E2E_PORT + 100 + 2k, the
 * database E2E_DATABASE with `_stripe` (and the slot's number after the first), and E2E_STRIPE_REDIS_URL's index + k
 * (by default the index after the main products' ones).
 */
export function stripeE2eServer(slot: number): E2eServer {
  const main = e2eServer(slot);
  const redisUrl = new URL(process.env.E2E_STRIPE_REDIS_URL ?? firstRedisUrl);
  const index = Number(redisUrl.pathname.slice(1) || 0) + (process.env.E2E_STRIPE_REDIS_URL ? 0 : E2E_WORKERS) + slot;
  if (index >= REDIS_DATABASES)
    throw new Error(`E2E_STRIPE_REDIS_URL: the Stripe product of worker ${slot + 1} would need Redis index ${index}`);
  redisUrl.pathname = `/${index}`;
  return {
    port: main.port + 100,
    tilePort: main.tilePort + 100,
    twilioPort: main.twilioPort + 100,
    database: slot === 0 ? `${firstDatabase}_stripe` : `${firstDatabase}_stripe_${slot + 1}`,
    redisUrl: redisUrl.toString(),
  };
}

/** The product this worker drives (slot 0 outside a Playwright worker). */
export function workerServer(): E2eServer {
  return e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
}

/** The owner's connection to the database of this worker's product, for fixtures and checks. */
export function workerDatabaseOwnerUrl(): string {
  const server = process.env.TEST_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
  return withDatabase(server, workerServer().database);
}

/** The Twilio auth token the products run with: tests sign inbound texts with it, as Twilio does. */
export const E2E_TWILIO_AUTH_TOKEN = "e2e-twilio-auth-token";

/** A Twilio account a test may connect a company to (Twilio Connect), and its number, in the products' stand-in. */
export const E2E_TWILIO_ACCOUNT = `AC${"e2e0".repeat(8)}`;
export const E2E_TWILIO_NUMBER = "+15550142000";
