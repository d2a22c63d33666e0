import { REPOSITORY_ROOT } from "@fieldops/config/repository";
import { compileServer, SERVER_OUT } from "./build-server/compile-server.ts";
import { buildWeb } from "./start/build-web.ts";

/**
 * `npm run build`: the API, the worker, their packages and `npm start` compiled to JavaScript in dist/server, and the
 * web app built in dist/web. `NODE_ENV=production npm start` then runs them with plain `node` (no TypeScript
 * toolchain at run time, so `npm ci --omit=dev` installs enough).
 */
const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
let began = performance.now();
compileServer(REPOSITORY_ROOT);
console.log(`[build] server compiled to ${SERVER_OUT} (${seconds(began)})`);
began = performance.now();
await buildWeb(REPOSITORY_ROOT);
console.log(`[build] web app built in dist/web (${seconds(began)})`);
