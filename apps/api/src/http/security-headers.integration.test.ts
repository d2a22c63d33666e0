import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";
import { DOCS_CSP } from "./security-headers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const directives = (header: string | null) =>
  new Map(
    (header ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .map(([name = "", ...values]) => [name, values]),
  );

describe("security headers", () => {
  it("allow the pages only the app's own scripts, forbid framing and sniffing, and limit the referrer", async () => {
    for (const path of ["/login", "/customers/42"]) {
      const response = await fetch(`${t.url}${path}`);
      const csp = directives(response.headers.get("content-security-policy"));
      expect(csp.get("script-src"), path).toEqual(["'self'"]);
      expect(csp.get("default-src")).toEqual(["'self'"]);
      expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
      expect(csp.get("object-src")).toEqual(["'none'"]);
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
      // HSTS only in production: over plain http it would pin a browser to https that is not there.
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
  });

  it("give the API's answers, found or not, a policy that allows nothing, and no sniffing, framing or cross-origin reads", async () => {
    for (const path of ["/api/health", "/api/nothing-here", "/api/user"]) {
      const response = await fetch(`${t.url}${path}`);
      expect(response.headers.get("content-security-policy"), path).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("same-origin");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      // What only a document uses is left to the pages.
      expect(response.headers.get("cross-origin-opener-policy")).toBeNull();
      expect(response.headers.get("x-dns-prefetch-control")).toBeNull();
    }
  });

  it("give the API documentation a policy of its own that still runs no inline or foreign script", async () => {
    const response = await fetch(`${t.url}/api/docs/static/index.html`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toBe(DOCS_CSP);
    expect(directives(DOCS_CSP).get("script-src")).toEqual(["'self'"]);
  });

  it("add HSTS and upgrade-insecure-requests in production", async () => {
    const production = await startTestApp({ NODE_ENV: "production" });
    try {
      const page = await fetch(`${production.url}/login`);
      expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000");
      expect(directives(page.headers.get("content-security-policy")).has("upgrade-insecure-requests")).toBe(true);
      const answer = await fetch(`${production.url}/api/health`);
      expect(answer.headers.get("strict-transport-security")).toBe("max-age=31536000");
    } finally {
      await production.close();
    }
  });
});
