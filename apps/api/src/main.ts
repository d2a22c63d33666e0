import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { readEnv } from "../../../packages/config/src/env.ts";
import { buildApp } from "./app.ts";
import { createRuntime } from "./create-context.ts";

/** The API process: REST under /api, the WebSocket at /api/ws, and the built web app. */
const env = readEnv();
const runtime = await createRuntime(env);
const webDistDir = env.WEB_DIST_DIR ?? resolve(fileURLToPath(new URL("../../../dist/web", import.meta.url)));
const app = await buildApp({ context: runtime.context, hub: runtime.hub, webDistDir });

const SHUTDOWN_LIMIT_MS = 10_000;
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), SHUTDOWN_LIMIT_MS).unref();
  await app.close().catch(() => {});
  await runtime.close();
  process.exit(0);
};
process.on("SIGINT", () => void stop());
process.on("SIGTERM", () => void stop());

await app.listen({ port: env.PORT, host: env.HOST });
