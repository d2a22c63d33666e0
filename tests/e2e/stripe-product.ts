import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { withDatabase } from "@fieldops/db/schema-engine-adapter";
import type { StripeStandIn } from "../stand-ins/stripe-api.ts";
import { serverEnv, stripeE2eServer, type E2eServer } from "./e2e-servers.ts";
import { E2E_DATABASE_SERVER } from "./fresh-stores.ts";

export interface StripeProduct {
  server: E2eServer;
  url: string;
  /** The owner's connection to its database, for checks. */
  ownerDatabaseUrl: string;
  stop(): Promise<void>;
}

/** This worker's Stripe product (slot 0 outside a Playwright worker). */
export const workerStripeServer = () => stripeE2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));

/**
 * The whole product as the end-to-end tests run it (`serve.ts`: a fresh database with the demo world, the API and
 * the worker of `npm start`), but configured for Stripe against `stripe`, the local stand-in of Stripe's API, which
 * sends its webhooks to this product. Its output is kept and printed only if it does not start. Stopping it stops its
 * processes and drops its database. `env` adds to its environment (QUICKBOOKS_API_BASE for a QuickBooks API stand-in).
 */
export async function startStripeProduct(
  stripe: StripeStandIn,
  env: Record<string, string> = {},
): Promise<StripeProduct> {
  const server = workerStripeServer();
  const url = `http://127.0.0.1:${server.port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("./serve.ts", import.meta.url))], {
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      ...serverEnv(server),
      ...stripe.env,
      ...env,
    },
  });
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  stripe.webhookUrl = `${url}/api/webhooks/stripe`;
  const ownerDatabaseUrl = withDatabase(E2E_DATABASE_SERVER, server.database);
  const stop = async () => {
    if (child.exitCode === null) child.kill("SIGTERM");
    await exited;
    const admin = new pg.Client({ connectionString: E2E_DATABASE_SERVER });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${server.database} WITH (FORCE)`);
    await admin.end();
  };
  const deadline = Date.now() + 170_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { server, url, ownerDatabaseUrl, stop };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error(`The Stripe product did not start at ${url}:\n${output.join("").slice(-4000)}`);
}
