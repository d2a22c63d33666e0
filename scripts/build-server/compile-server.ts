import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { workspaceFolders } from "../start/build-web.ts";

/** Where `npm run build` puts the compiled server, mirroring the repository's folders. */
export const SERVER_OUT = "dist/server";

/** What the compiled code reads beside it, at the same relative paths as the sources: copied into SERVER_OUT. */
const ASSETS = ["prisma/migrations", "prisma/schema.prisma", "prompts"];

const RELATIVE_SPECIFIER = /(\bfrom\s*|\bimport\s*\(\s*|\bimport\s*)(["'])(\.\.?\/[^"'\n]*)\2/g;

/**
 * The module's code with `.js` added to each relative import that has no extension (`./endpoint` →
 * `./endpoint.js`, `./matrix` → `./matrix/index.js`): the web app's bundler resolves them, Node does not. tsc
 * (`rewriteRelativeImportExtensions`) has already turned the `.ts` ones into `.js`.
 */
export function addImportExtensions(code: string, file: string, exists: (path: string) => boolean): string {
  return code.replace(RELATIVE_SPECIFIER, (whole, keyword: string, quote: string, specifier: string) => {
    if (/\.(?:c|m)?js$|\.json$/.test(specifier)) return whole;
    const candidates = [`${specifier}.js`, `${specifier}/index.js`];
    const found = candidates.find((candidate) => exists(join(dirname(file), candidate)));
    if (!found) throw new Error(`${file}: no compiled module for the import of "${specifier}"`);
    return `${keyword}${quote}${found}${quote}`;
  });
}

/** The package.json `exports` with each `.ts`/`.tsx` target turned into the compiled `.js` one. */
export function compiledExports(exports: unknown): unknown {
  if (typeof exports === "string") return exports.replace(/\.tsx?$/, ".js");
  if (typeof exports !== "object" || exports === null) return exports;
  return Object.fromEntries(Object.entries(exports).map(([key, value]) => [key, compiledExports(value)]));
}

function* javascriptFiles(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* javascriptFiles(path);
    else if (entry.name.endsWith(".js")) yield path;
  }
}

/**
 * Gives each compiled workspace a package.json whose exports name its `.js` files, and SERVER_OUT a
 * `node_modules/@fieldops/*` linking to them: `@fieldops/...` imports resolve to compiled code, every other package
 * to the repository's node_modules (and a workspace's own node_modules, linked beside its compiled copy).
 */
function linkWorkspaces(root: string, out: string): void {
  for (const [name, folder] of workspaceFolders(root)) {
    const compiled = join(out, folder);
    if (!existsSync(compiled)) continue;
    const manifest = JSON.parse(readFileSync(join(root, folder, "package.json"), "utf8")) as Record<string, unknown>;
    const exports = compiledExports(manifest.exports);
    writeFileSync(join(compiled, "package.json"), `${JSON.stringify({ name, type: "module", exports }, null, 2)}\n`);
    const link = join(out, "node_modules", name);
    mkdirSync(dirname(link), { recursive: true });
    symlinkSync(relative(dirname(link), compiled), link, "dir");
    const ownModules = join(root, folder, "node_modules");
    if (existsSync(ownModules)) symlinkSync(relative(compiled, ownModules), join(compiled, "node_modules"), "dir");
  }
}

/**
 * Compiles the API, the worker, the packages they import and `npm start`'s scripts to JavaScript in SERVER_OUT
 * (tsconfig.build.json: emit without type checking, which `npm run typecheck` does), ready to run with plain `node`.
 */
export function compileServer(root: string): void {
  const out = join(root, SERVER_OUT);
  rmSync(out, { recursive: true, force: true });
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  const result = spawnSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { stdio: "inherit" });
  if (result.status !== 0) throw new Error(`tsc -p tsconfig.build.json failed (${result.status ?? result.signal})`);
  for (const file of javascriptFiles(out)) {
    const code = readFileSync(file, "utf8");
    const rewritten = addImportExtensions(code, file, existsSync);
    if (rewritten !== code) writeFileSync(file, rewritten);
  }
  for (const asset of ASSETS) cpSync(join(root, asset), join(out, asset), { recursive: true });
  linkWorkspaces(root, out);
}
