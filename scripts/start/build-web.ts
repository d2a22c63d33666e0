import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

/** The newest modification time of any file under these folders. */
function newestChange(paths: string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) if (entry !== "node_modules") visit(join(path, entry));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.filter(existsSync).forEach(visit);
  return newest;
}

interface PackageJson {
  name?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readPackage = (folder: string): PackageJson =>
  JSON.parse(readFileSync(join(folder, "package.json"), "utf8")) as PackageJson;

/** Each workspace's folder (relative to `root`) by package name, from the root package.json's `workspaces`. */
export function workspaceFolders(root: string): Map<string, string> {
  const folders = new Map<string, string>();
  for (const pattern of readPackage(root).workspaces ?? []) {
    const candidates = pattern.endsWith("/*")
      ? readdirSync(join(root, pattern.slice(0, -2))).map((name) => `${pattern.slice(0, -2)}/${name}`)
      : [pattern];
    for (const folder of candidates) {
      if (!existsSync(join(root, folder, "package.json"))) continue;
      const name = readPackage(join(root, folder)).name;
      if (name) folders.set(name, folder);
    }
  }
  return folders;
}

/**
 * What the web build is made from, relative to `root`: apps/web, every workspace it depends on (directly or through
 * another workspace), the vite config with its build step, and the lock file.
 */
export function webBuildSources(root: string): string[] {
  const folders = workspaceFolders(root);
  const sources = new Set<string>();
  const visit = (folder: string) => {
    if (sources.has(folder)) return;
    sources.add(folder);
    const { dependencies = {}, devDependencies = {} } = readPackage(join(root, folder));
    for (const name of Object.keys({ ...dependencies, ...devDependencies })) {
      const dependency = folders.get(name);
      if (dependency) visit(dependency);
    }
  };
  visit("apps/web");
  return [...sources, "vite.config.ts", "scripts/build", "package-lock.json"];
}

/** Whether dist/web is missing or older than any of its sources. */
export function webBuildIsStale(root: string): boolean {
  const index = join(root, "dist/web/index.html");
  if (!existsSync(index)) return true;
  return statSync(index).mtimeMs < newestChange(webBuildSources(root).map((path) => join(root, path)));
}

/** The compiled build has no Vite: it serves the web app `npm run build` made, and refuses to start without it. */
export function requireWebBuild(webDistDir: string): void {
  if (!existsSync(join(webDistDir, "index.html")))
    throw new Error(`${webDistDir} holds no web app: run \`npm run build\` (it builds the web app with the server)`);
}

/** Builds the web app with Vite when dist/web is missing or older than its sources. */
export async function buildWebIfNeeded(root: string, log: (line: string) => void): Promise<void> {
  if (!webBuildIsStale(root)) return;
  log("building the web app");
  await buildWeb(root);
}

/** Builds the web app with Vite into dist/web. */
export async function buildWeb(root: string): Promise<void> {
  const { build } = await import("vite");
  // Vite builds for production only when NODE_ENV is unset or says so, and a product started by the end-to-end tests
  // runs with NODE_ENV=test: the web app must still be React's production build (a development build is twice the
  // bytes and slower in every test). Only the build sees it; the API and the worker keep their own NODE_ENV.
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = "production";
  // Prisma's generated client (loaded by this process to prepare the database) sets a global `__dirname`, which
  // vite-plugin-pwa would take for its own folder when it looks for its registration code: the build runs without it.
  const globals = globalThis as { __dirname?: string };
  const prismaDirname = globals.__dirname;
  delete globals.__dirname;
  try {
    await build({ configFile: join(root, "vite.config.ts"), mode: "production", logLevel: "warn" });
  } finally {
    if (previous === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = previous;
    if (prismaDirname !== undefined) globals.__dirname = prismaDirname;
  }
}
