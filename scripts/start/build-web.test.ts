import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { webBuildIsStale, webBuildSources } from "./build-web.ts";

const repository = fileURLToPath(new URL("../..", import.meta.url));

describe("webBuildSources", () => {
  it("covers every workspace the web app imports, through the workspaces it imports too", () => {
    const sources = webBuildSources(repository);
    expect(sources).toEqual(expect.arrayContaining(["apps/web", "machines", "packages/shared", "vite.config.ts"]));
    // The server's workspaces are no part of the web build.
    expect(sources).not.toContain("apps/api");
    expect(sources).not.toContain("packages/domain");
  });
});

describe("webBuildIsStale", () => {
  let root: string;
  const write = async (path: string, content: string) => {
    await mkdir(join(root, path, ".."), { recursive: true });
    await writeFile(join(root, path), content);
  };
  const age = (path: string, secondsAgo: number) =>
    utimes(join(root, path), new Date(Date.now() - secondsAgo * 1000), new Date(Date.now() - secondsAgo * 1000));

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), "build-web-"));
    await write("package.json", JSON.stringify({ workspaces: ["apps/*", "packages/*", "machines"] }));
    await write("apps/web/package.json", JSON.stringify({ name: "@x/web", dependencies: { "@x/machines": "1" } }));
    await write("apps/web/src/main.tsx", "");
    await write("apps/api/package.json", JSON.stringify({ name: "@x/api" }));
    await write("apps/api/src/app.ts", "");
    await write("machines/package.json", JSON.stringify({ name: "@x/machines", dependencies: { "@x/shared": "1" } }));
    await write("machines/src/job.ts", "");
    await write("packages/shared/package.json", JSON.stringify({ name: "@x/shared" }));
    await write("packages/shared/src/roles.ts", "");
    for (const path of [
      "apps/web/src/main.tsx",
      "apps/api/src/app.ts",
      "machines/src/job.ts",
      "packages/shared/src/roles.ts",
    ])
      await age(path, 60);
    for (const path of ["package.json", "apps/web/package.json", "apps/api/package.json", "machines/package.json"])
      await age(path, 60);
    await age("packages/shared/package.json", 60);
  });
  /** A build half a minute ago, after the sources' last change. */
  const build = async () => {
    await write("dist/web/index.html", "<html></html>");
    await age("dist/web/index.html", 30);
  };
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("is stale without a build, fresh after one, and stale again when a workspace the app imports changes", async () => {
    expect(webBuildIsStale(root)).toBe(true);
    await build();
    expect(webBuildIsStale(root)).toBe(false);

    await write("machines/src/job.ts", "export const changed = true;");
    expect(webBuildIsStale(root)).toBe(true);
    await build();

    await write("packages/shared/src/roles.ts", "export const changed = true;");
    expect(webBuildIsStale(root)).toBe(true);
  });

  it("stays fresh when only the server changes", async () => {
    await build();
    await write("apps/api/src/app.ts", "export const changed = true;");
    expect(webBuildIsStale(root)).toBe(false);
  });
});
