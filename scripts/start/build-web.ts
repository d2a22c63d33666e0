import { existsSync, readdirSync, statSync } from "node:fs";
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

/** Builds the web app with Vite when dist/web is missing or older than its sources. */
export async function buildWebIfNeeded(root: string, log: (line: string) => void): Promise<void> {
  const index = join(root, "dist/web/index.html");
  const sources = ["apps/web", "packages/shared", "vite.config.ts", "package-lock.json"].map((p) => join(root, p));
  if (existsSync(index) && statSync(index).mtimeMs >= newestChange(sources)) return;
  log("building the web app");
  const { build } = await import("vite");
  await build({ configFile: join(root, "vite.config.ts"), logLevel: "warn" });
}
