import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { Redis } from "ioredis";
import { withDatabase } from "@fieldops/db/schema-engine-adapter";
import { testRuntimeUrl } from "../runtime-role-url.ts";
import { startOAuthStandIn } from "../stand-ins/oauth-provider.ts";

/**
 * The product for end-to-end tests: a fresh `fieldops_e2e` database and an emptied Redis index, then the same start
 * script as `npm start` (migrations and demo world as the owner, web build, API and worker as the runtime role).
 */
const server = process.env.TEST_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const redisUrl = process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379/10";
const database = process.env.E2E_DATABASE ?? "fieldops_e2e";

const admin = new pg.Client({ connectionString: server });
await admin.connect();
await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
await admin.query(`CREATE DATABASE ${database}`);
await admin.end();
const redis = new Redis(redisUrl);
await redis.flushdb();
await redis.quit();

// QuickBooks is configured against a local stand-in of Intuit's authorization server, so that connecting it runs
// the real OAuth flow; Stripe and Twilio stay unconfigured (simulated).
const port = process.env.E2E_PORT ?? "3210";
const oauth = await startOAuthStandIn([
  {
    clientId: "e2e-quickbooks",
    clientSecret: "e2e-quickbooks-secret",
    redirectUris: [`http://127.0.0.1:${port}/api/integrations/quickbooks/callback`],
    clientAuth: "basic",
    requirePkce: true,
    callbackParams: { realmId: "9130357992" },
  },
]);

const child = spawn(process.execPath, ["--import", "tsx", fileURLToPath(new URL("../../scripts/start.ts", import.meta.url))], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "test",
    LOG_LEVEL: "warn",
    PORT: port,
    QUICKBOOKS_CLIENT_ID: "e2e-quickbooks",
    QUICKBOOKS_CLIENT_SECRET: "e2e-quickbooks-secret",
    QUICKBOOKS_AUTHORIZE_URL: `${oauth.url}/authorize`,
    QUICKBOOKS_TOKEN_URL: `${oauth.url}/token`,
    DATABASE_OWNER_URL: withDatabase(server, database),
    DATABASE_URL: testRuntimeUrl(withDatabase(server, database)),
    REDIS_URL: redisUrl,
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => void oauth.close().finally(() => process.exit(code ?? 0)));
