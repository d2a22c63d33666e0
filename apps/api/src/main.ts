import "@fieldops/config/load-dotenv";
import { join } from "node:path";
import { readEnv } from "@fieldops/config/env";
import { createLogger } from "@fieldops/config/logger";
import { REPOSITORY_ROOT } from "@fieldops/config/repository";
import { stopOnSignal } from "@fieldops/config/stop-on-signal";
import { startTracing } from "@fieldops/config/tracing";
import { refuseUnsafeRuntimeRole } from "@fieldops/db/runtime-role";
import { buildApp } from "./app.ts";
import { createRuntime } from "./create-context.ts";

/** The API process: REST under /api, the WebSocket at /api/ws, and the built web app. */
const env = readEnv();
const tracing = await startTracing("fieldops-api", env);
await refuseUnsafeRuntimeRole(env.DATABASE_URL, "api");
const logger = createLogger("api", env.LOG_LEVEL);
const runtime = await createRuntime(env, undefined, (level, message, detail) => logger[level](detail, message));
const webDistDir = env.WEB_DIST_DIR ?? join(REPOSITORY_ROOT, "dist/web");
const app = await buildApp({ context: runtime.context, hub: runtime.hub, logger, webDistDir });

stopOnSignal(async () => {
  await app.close().catch(() => {});
  await runtime.close();
  await tracing?.shutdown();
});

await app.listen({ port: env.PORT, host: env.HOST });
