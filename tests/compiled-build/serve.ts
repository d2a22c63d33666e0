import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { withDatabase } from "@fieldops/db/schema-engine-adapter";
import { workerServer } from "../e2e/e2e-servers.ts";
import { E2E_DATABASE_SERVER, freshStores } from "../e2e/fresh-stores.ts";
import { testRuntimeUrl } from "../runtime-role-url.ts";

/**
 * The compiled build (`npm run build`) as production runs it: on the first end-to-end product's fresh database and
 * emptied Redis index (tests/e2e/e2e-servers.ts), `node dist/server/scripts/start.js` under NODE_ENV=production,
 * which runs the compiled API and worker with plain `node` and serves dist/web.
 */
const start = fileURLToPath(new URL("../../dist/server/scripts/start.js", import.meta.url));
if (!existsSync(start)) throw new Error(`${start} is missing: run \`npm run build\` first`);
const { port, database, redisUrl } = workerServer();
await freshStores(database, redisUrl);
const ownerUrl = withDatabase(E2E_DATABASE_SERVER, database);

const child = spawn(process.execPath, [start], {
  stdio: "inherit",
  env: {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    FIELDOPS_ENV_FILE: "none",
    PORT: String(port),
    DATABASE_OWNER_URL: ownerUrl,
    DATABASE_URL: testRuntimeUrl(ownerUrl),
    REDIS_URL: redisUrl,
    // Production requires a mail server; nothing this test does sends mail.
    SMTP_URL: "smtp://127.0.0.1:2525",
  },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
