import SwaggerParser from "@apidevtools/swagger-parser";
import type { OpenAPI } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../tests/integration/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe("/api/docs", () => {
  it("serves the OpenAPI document generated from the zod contracts", async () => {
    const response = await fetch(`${t.url}/api/docs/json`);
    expect(response.status).toBe(200);
    const document = (await response.json()) as {
      openapi: string;
      paths: Record<
        string,
        Record<string, { requestBody?: { content: Record<string, { schema: { required?: string[] } }> } }>
      >;
    };
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        "/api/login",
        "/api/logout",
        "/api/user",
        "/api/signup",
        "/api/company",
        "/api/activity",
        "/api/health",
        "/api/ws-ticket",
      ]),
    );
    const login = document.paths["/api/login"]?.post?.requestBody?.content["application/json"]?.schema;
    expect(login?.required).toEqual(expect.arrayContaining(["username", "password"]));
  });

  it("is a valid OpenAPI document, every path and schema of it (what API clients are generated from)", async () => {
    const document = (await (await fetch(`${t.url}/api/docs/json`)).json()) as OpenAPI.Document;
    // Throws with every problem listed; before zod's metadata was filtered, a library's `specOpen` made 60.
    await expect(SwaggerParser.validate(document)).resolves.toBeTruthy();
    expect(JSON.stringify(document)).not.toContain("specOpen");
    expect(Object.keys(document.paths ?? {})).toEqual(
      expect.arrayContaining(["/api/assistant/conversations/{id}", "/api/health/live", "/api/health/ready"]),
    );
  });

  it("serves the interactive documentation page", async () => {
    const response = await fetch(`${t.url}/api/docs`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("<html");
  });
});
