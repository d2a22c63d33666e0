import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { precompressFolder } from "../../../../scripts/build/precompress.ts";
import { startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";

const SCRIPT = `export function greet(name) { return "Hello, " + name; }\n`.repeat(100);
const PAGE = `<!doctype html><html><head><title>FieldOps</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(80)}</body></html>`;
const IMMUTABLE = "public, max-age=31536000, immutable";
const SERVICE_WORKER = `self.addEventListener("install", () => self.skipWaiting());\n`.repeat(40);
const MANIFEST = JSON.stringify({ name: "FieldOps", start_url: "/app", display: "standalone", icons: [] });

let t: TestApp;
let webDir: string;
beforeAll(async () => {
  // A build as vite leaves it, precompressed by the same step.
  webDir = await mkdtemp(join(tmpdir(), "fieldops-web-"));
  await mkdir(join(webDir, "assets"));
  await writeFile(join(webDir, "index.html"), PAGE);
  await writeFile(join(webDir, "assets/index-abc123.js"), SCRIPT);
  await writeFile(join(webDir, "service-worker.js"), SERVICE_WORKER);
  await writeFile(join(webDir, "manifest.webmanifest"), MANIFEST);
  await precompressFolder(webDir);
  t = await startTestApp({ WEB_DIST_DIR: webDir });
});
afterAll(async () => {
  await t.close();
  await rm(webDir, { recursive: true });
});

/** A raw request (fetch would ask for and undo compression itself): status, headers and the bytes as sent. */
function send(method: "GET" | "HEAD", path: string, acceptEncoding?: string) {
  const url = new URL(t.url);
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const headers = acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding };
    const req = httpRequest({ host: url.hostname, port: url.port, path, method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("the web app's files", () => {
  it("sends a hashed script brotli-encoded to a browser that accepts it, cached for a year", async () => {
    const response = await send("GET", "/assets/index-abc123.js", "gzip, deflate, br");
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers["content-type"]).toMatch(/javascript/);
    expect(response.headers["cache-control"]).toBe(IMMUTABLE);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body.length).toBeLessThan(SCRIPT.length / 4);
    expect(brotliDecompressSync(response.body).toString()).toBe(SCRIPT);
  });

  it("sends gzip when only gzip is accepted, and the file itself when no encoding is", async () => {
    const gzipped = await send("GET", "/assets/index-abc123.js", "gzip");
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gzipped.headers["cache-control"]).toBe(IMMUTABLE);
    expect(gunzipSync(gzipped.body).toString()).toBe(SCRIPT);

    for (const acceptEncoding of [undefined, "identity"]) {
      const plain = await send("GET", "/assets/index-abc123.js", acceptEncoding);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.headers["cache-control"]).toBe(IMMUTABLE);
      expect(plain.body.toString()).toBe(SCRIPT);
    }
  });

  it("serves the field app's service worker as JavaScript and its manifest as a manifest, both revalidated", async () => {
    for (const acceptEncoding of ["br, gzip", undefined]) {
      const worker = await send("GET", "/service-worker.js", acceptEncoding);
      expect(worker.status).toBe(200);
      // A worker registers only when served with a JavaScript type.
      expect(worker.headers["content-type"]).toBe("application/javascript; charset=utf-8");
      expect(worker.headers["cache-control"]).toBe("no-cache");
      const body = acceptEncoding ? brotliDecompressSync(worker.body) : worker.body;
      expect(body.toString()).toBe(SERVICE_WORKER);
    }
    const manifest = await send("GET", "/manifest.webmanifest");
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers["cache-control"]).toBe("no-cache");
    expect(JSON.parse(manifest.body.toString())).toMatchObject({ start_url: "/app", display: "standalone" });
  });

  it("never serves the compressed variants under their own names", async () => {
    expect((await send("GET", "/assets/index-abc123.js.br")).status).toBe(404);
  });

  it("answers an unknown hashed asset with 404, not the app's page", async () => {
    const response = await send("GET", "/assets/x.js", "br, gzip");
    expect(response.status).toBe(404);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
  });

  it("has every browser revalidate the page, on its own path and as every app route", async () => {
    for (const path of ["/", "/index.html", "/login", "/customers/123/edit"]) {
      const response = await send("GET", path);
      expect(response.status, path).toBe(200);
      expect(response.headers["content-type"], path).toMatch(/^text\/html/);
      expect(response.headers["cache-control"], path).toBe("no-cache");
      expect(response.body.toString(), path).toBe(PAGE);
    }
  });

  it("answers HEAD on an app route as GET, with the page's headers and no body", async () => {
    for (const path of ["/login", "/customers/123/edit"]) {
      for (const acceptEncoding of [undefined, "br, gzip"]) {
        const get = await send("GET", path, acceptEncoding);
        const head = await send("HEAD", path, acceptEncoding);
        expect(head.status, path).toBe(200);
        expect(head.body.length, path).toBe(0);
        for (const header of ["content-type", "content-length", "content-encoding", "cache-control", "etag", "vary"])
          expect(head.headers[header], `${path} ${header}`).toBe(get.headers[header]);
      }
    }
  });
});
