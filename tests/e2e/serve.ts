import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { withDatabase } from "@fieldops/db/schema-engine-adapter";
import { testRuntimeUrl } from "../runtime-role-url.ts";
import { startOAuthStandIn } from "../stand-ins/oauth-provider.ts";
import { startTwilioStandIn } from "../integration/twilio-stand-in.ts";
import { E2E_DATABASE_SERVER, freshStores } from "./fresh-stores.ts";
import { E2E_TWILIO_ACCOUNT, E2E_TWILIO_AUTH_TOKEN, E2E_TWILIO_NUMBER } from "./e2e-servers.ts";

/**
 * The product for end-to-end tests: a fresh `fieldops_e2e` database and an emptied Redis index, then the same start
 * script as `npm start` (migrations and demo world as the owner, web build, API and worker as the runtime role). No
 * SMTP_URL is given, so e-mails go to the local mail catcher the worker runs, as with `npm start`.
 */
const server = E2E_DATABASE_SERVER;
const redisUrl = process.env.E2E_REDIS_URL ?? "redis://127.0.0.1:6379/10";
const database = process.env.E2E_DATABASE ?? "fieldops_e2e";
await freshStores(database, redisUrl);

// A stand-in map tile server: every tile the same small PNG, so that route proposals are drawn on a map.
const TILE_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const tilePort = Number(process.env.E2E_TILE_PORT ?? Number(process.env.E2E_PORT ?? 3210) + 1);
const tiles = createServer((request, response) => {
  if (!/^\/tiles\/\d+\/\d+\/\d+\.png$/.test(request.url ?? "")) return void response.writeHead(404).end();
  response.writeHead(200, { "content-type": "image/png", "cache-control": "no-store" }).end(TILE_PNG);
});
await new Promise<void>((resolve) => tiles.listen(tilePort, "127.0.0.1", resolve));

// QuickBooks is configured against a local stand-in of Intuit's authorization server, so that connecting it runs
// the real OAuth flow; Stripe and Twilio Connect stay unconfigured (simulated).
const port = process.env.E2E_PORT ?? "3210";
// Twilio's API is a local stand-in: the platform has no account (texts go to the local text catcher), but a company a
// test connects to E2E_TWILIO_ACCOUNT texts through the official SDK to it, and the test reads what it took.
const twilioPort = Number(process.env.E2E_TWILIO_PORT ?? Number(port) + 1000);
await startTwilioStandIn({ port: twilioPort, numbers: { [E2E_TWILIO_ACCOUNT]: [E2E_TWILIO_NUMBER] } });
const oauth = await startOAuthStandIn([
  {
    clientId: "e2e-quickbooks",
    clientSecret: "e2e-quickbooks-secret",
    redirectUris: [`http://127.0.0.1:${port}/api/integrations/quickbooks/callback`],
    clientAuth: "basic",
    callbackParams: { realmId: "9130357992" },
  },
]);

const child = spawn(
  process.execPath,
  ["--import", "tsx", fileURLToPath(new URL("../../scripts/start.ts", import.meta.url))],
  {
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
      QUICKBOOKS_REVOKE_URL: `${oauth.url}/revoke`,
      DATABASE_OWNER_URL: withDatabase(server, database),
      DATABASE_URL: testRuntimeUrl(withDatabase(server, database)),
      REDIS_URL: redisUrl,
      MAP_TILE_URL: `http://127.0.0.1:${tilePort}/tiles/{z}/{x}/{y}.png`,
      MAP_TILE_ATTRIBUTION: "Test tiles",
      // The auth token inbound texts are signed with (messages.e2e.ts signs them as Twilio does); without
      // TWILIO_CONNECT_APP_SID, connecting Twilio stays simulated.
      TWILIO_AUTH_TOKEN: E2E_TWILIO_AUTH_TOKEN,
      TWILIO_API_BASE: `http://127.0.0.1:${twilioPort}`,
      // POST /api/automations/test-clock fires the runs due within the minutes given (automations.e2e.ts).
      AUTOMATION_TEST_CLOCK: "true",
    },
  },
);
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => void oauth.close().finally(() => process.exit(code ?? 0)));
