import { spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

// After `npm install`/`npm ci`: Prisma's client (packages/db/generated, not in git) generated from prisma/schema.prisma
// by the Prisma CLI, a development dependency. A production install (`npm ci --omit=dev`) has no CLI and needs no
// client: the compiled build (`npm run build`, dist/server) holds it compiled.
let cli;
try {
  cli = join(dirname(createRequire(import.meta.url).resolve("prisma/package.json")), "build/index.js");
} catch {
  console.log("postinstall: no Prisma CLI (a production install): the client is not generated");
  process.exit(0);
}
const generated = spawnSync(process.execPath, [cli, "generate"], {
  stdio: "inherit",
  // The WASM schema engine does all schema work: the native one is never downloaded.
  env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: "/bin/true" },
});
process.exit(generated.status ?? 1);
