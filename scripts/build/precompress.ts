import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The text files worth compressing; images other than SVG and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli, highest quality) and `<file>.gz` (gzip, level 9) beside every compressible file under
 * `folder`, each only when it is smaller than the file. The API serves them to clients that accept them, so no
 * request pays for compression. Returns the files written, relative to `folder`.
 */
export async function precompressFolder(folder: string): Promise<string[]> {
  const files = (await readdir(folder, { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const written = await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const variants: [string, Buffer][] = [
        [
          ".br",
          await brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        ],
        [".gz", await gzipAsync(content, { level: constants.Z_BEST_COMPRESSION })],
      ];
      const smaller = variants.filter(([, compressed]) => compressed.length < content.length);
      await Promise.all(smaller.map(([extension, compressed]) => writeFile(file + extension, compressed)));
      return smaller.map(([extension]) => file.slice(folder.length + 1) + extension);
    }),
  );
  return written.flat().sort();
}

/** Vite plugin: precompresses the build's output once it is written. */
export function precompress(): Plugin {
  return {
    name: "fieldops-precompress",
    apply: "build",
    async writeBundle(options) {
      if (options.dir) await precompressFolder(options.dir);
    },
  };
}
