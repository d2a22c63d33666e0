import { mkdtemp, mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { precompressFolder } from "./precompress.ts";

describe("precompressFolder", () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), "precompress-"));
    await mkdir(join(folder, "assets"));
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it("writes brotli and gzip variants beside each script, stylesheet and page, which decode to the file", async () => {
    const script = "export const greeting = 'hello';\n".repeat(200);
    await writeFile(join(folder, "assets/index-abc123.js"), script);
    await writeFile(join(folder, "assets/index-abc123.css"), "body { color: red; }\n".repeat(100));
    await writeFile(join(folder, "index.html"), `<html><body>${"<p>page</p>".repeat(100)}</body></html>`);

    expect(await precompressFolder(folder)).toEqual([
      "assets/index-abc123.css.br",
      "assets/index-abc123.css.gz",
      "assets/index-abc123.js.br",
      "assets/index-abc123.js.gz",
      "index.html.br",
      "index.html.gz",
    ]);
    expect(brotliDecompressSync(await readFile(join(folder, "assets/index-abc123.js.br"))).toString()).toBe(script);
    expect(gunzipSync(await readFile(join(folder, "assets/index-abc123.js.gz"))).toString()).toBe(script);
  });

  it("leaves images and files that compression would not make smaller alone", async () => {
    await writeFile(join(folder, "assets/photo-abc123.png"), Buffer.alloc(4096, 7));
    await writeFile(join(folder, "assets/tiny-abc123.js"), "1");

    expect(await precompressFolder(folder)).toEqual([]);
    expect((await readdir(join(folder, "assets"))).sort()).toEqual(["photo-abc123.png", "tiny-abc123.js"]);
  });
});
