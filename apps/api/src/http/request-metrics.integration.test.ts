import { healthEndpoints } from "@fieldops/shared/health";
import { customerEndpoints } from "@fieldops/shared/customers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerInput } from "@fieldops/domain/customers/customer-test-fixtures";
import { createTestCompany, signIn, startTestApp, type TestApp } from "../../../../tests/integration/test-app.ts";

let measured: TestApp;
let plain: TestApp;
let token = "";

beforeAll(async () => {
  [measured, plain] = await Promise.all([startTestApp({ FIELDOPS_REQUEST_METRICS: "true" }), startTestApp()]);
  const company = await createTestCompany(measured.db);
  token = await signIn(measured.url, company.users.owner.email);
});
afterAll(async () => {
  await Promise.all([measured?.close(), plain?.close()]);
});

function call(app: TestApp, method: string, path: string, body?: unknown) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${app.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
}

/** The server time, CPU time and statement count of an answer's Server-Timing header. */
function serverTiming(response: Response): { ms: number; cpuMs: number; queries: number } {
  const header = response.headers.get("server-timing") ?? "";
  const match = /^app;dur=(\d+\.\d), cpu;dur=(\d+\.\d), db;desc="queries";dur=(\d+)$/.exec(header);
  if (!match) throw new Error(`unexpected Server-Timing: "${header}"`);
  return { ms: Number(match[1]), cpuMs: Number(match[2]), queries: Number(match[3]) };
}

describe("request metrics (FIELDOPS_REQUEST_METRICS)", () => {
  it("tell each answer's server time and how many SQL statements it took", async () => {
    expect(serverTiming(await fetch(`${measured.url}${healthEndpoints.get.path}`)).queries).toBe(1);

    await call(measured, "GET", customerEndpoints.list.path); // the first request of a session also reads the session
    const list = serverTiming(await call(measured, "GET", customerEndpoints.list.path));
    expect(list.queries).toBeGreaterThan(1);
    expect(serverTiming(await call(measured, "GET", customerEndpoints.list.path)).queries).toBe(list.queries);

    const created = await call(measured, "POST", customerEndpoints.list.path, customerInput());
    expect(created.status).toBe(201);
    const create = serverTiming(created);
    expect(create.queries).toBeGreaterThan(list.queries);
    expect(create.ms).toBeGreaterThan(0);
    expect(create.cpuMs).toBeGreaterThan(0);
  });

  it("are off by default", async () => {
    const response = await fetch(`${plain.url}${healthEndpoints.get.path}`);
    expect(response.status).toBe(200);
    expect(response.headers.has("server-timing")).toBe(false);
  });
});
