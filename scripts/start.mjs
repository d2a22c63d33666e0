import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";

// `npm start`: under NODE_ENV=production (in the environment or the .env file), the compiled build of `npm run build`
// (dist/server) with plain `node`, which needs no development dependency; otherwise the TypeScript sources with tsx.

/** NODE_ENV as scripts/start.ts will see it: the environment's, else the environment file's (see dotenv.ts). */
function nodeEnv() {
  if (process.env.NODE_ENV) return process.env.NODE_ENV;
  const chosen = process.env.FIELDOPS_ENV_FILE;
  if (chosen === "none") return undefined;
  const path = chosen ? resolve(chosen) : fileURLToPath(new URL("../.env", import.meta.url));
  return existsSync(path) ? parseEnv(readFileSync(path, "utf8")).NODE_ENV : undefined;
}

if (nodeEnv() === "production") {
  const compiled = new URL("../dist/server/scripts/start.js", import.meta.url);
  if (!existsSync(compiled)) {
    console.error("[start] NODE_ENV=production runs the compiled build, and there is none: run `npm run build` first");
    process.exit(1);
  }
  await import(compiled.href);
} else {
  // What `node --import tsx` does: TypeScript for every module imported from here on.
  await import("tsx");
  await import("./start.ts");
}
