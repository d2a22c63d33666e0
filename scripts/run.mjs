import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseEnv } from "node:util";

// `node scripts/run.mjs <script>` (npm start, npm run db:migrate, db:backup, db:restore): under NODE_ENV=production
// (in the environment or the .env file), the compiled build of `npm run build` (dist/server/scripts/<script>.js) with
// plain `node`, which needs no development dependency; otherwise the TypeScript source (scripts/<script>.ts) with tsx.

/** NODE_ENV as the script will see it: the environment's, else the environment file's (see dotenv.ts). */
function nodeEnv() {
  if (process.env.NODE_ENV) return process.env.NODE_ENV;
  const chosen = process.env.FIELDOPS_ENV_FILE;
  if (chosen === "none") return undefined;
  const path = chosen ? resolve(chosen) : fileURLToPath(new URL("../.env", import.meta.url));
  return existsSync(path) ? parseEnv(readFileSync(path, "utf8")).NODE_ENV : undefined;
}

const script = process.argv[2];
if (!script || !/^[a-z-]+(?:\/[a-z-]+)?$/.test(script)) {
  console.error("usage: node scripts/run.mjs <script> [arguments], e.g. start or db/backup");
  process.exit(2);
}
// The script reads its own arguments after its name, as when run directly.
process.argv.splice(2, 1);
const label = script === "start" ? "start" : script.replace("/", ":");

if (nodeEnv() === "production") {
  const compiled = new URL(`../dist/server/scripts/${script}.js`, import.meta.url);
  if (!existsSync(compiled)) {
    console.error(
      `[${label}] NODE_ENV=production runs the compiled build, and there is none: run \`npm run build\` first`,
    );
    process.exit(1);
  }
  // Stack traces name the TypeScript sources (the build writes source maps beside the code).
  process.setSourceMapsEnabled(true);
  await import(compiled.href);
} else {
  // What `node --import tsx` does: TypeScript for every module imported from here on.
  await import("tsx");
  await import(new URL(`./${script}.ts`, import.meta.url).href);
}
