import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestCompany,
  signIn,
  startTestApp,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";

const TOKEN = "metrics-token-0123456789abcdef";
/** An address outside METRICS_ALLOW_FROM (TEST-NET-3), given through X-Forwarded-For (the tests trust the proxy). */
const OUTSIDE = "203.0.113.9";

let t: TestApp;
let company: TestCompany;
beforeAll(async () => {
  t = await startTestApp({ METRICS_TOKEN: TOKEN });
  company = await createTestCompany(t.db);
});
afterAll(() => t.close());

const scrape = (headers: Record<string, string> = {}) => fetch(`${t.url}/metrics`, { headers });

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/**
 * Prometheus's text format (0.0.4), strictly: `# HELP` and `# TYPE` lines, then samples `name{label="value",…} value`.
 * Throws on any other line, and on a sample of a metric whose TYPE came before no HELP.
 */
function parseExposition(text: string): Sample[] {
  const typed = new Set<string>();
  const samples: Sample[] = [];
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const comment = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) (.+)$/.exec(line);
    if (comment) {
      if (comment[1] === "TYPE") {
        expect(["counter", "gauge", "histogram", "summary", "untyped"]).toContain(comment[3]);
        typed.add(comment[2]!);
      }
      continue;
    }
    // Prometheus reads NaN and Inf in any case; prom-client writes "Nan" (e.g. the event loop's lag before its first
    // sample).
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.e+-]+|[Nn]a[Nn]|[+-]Inf)$/.exec(line);
    if (!sample) throw new Error(`not an exposition line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (sample[2] ?? "").matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1]!] = pair[2]!;
    const name = sample[1]!;
    const family = [...typed].find(
      (base) =>
        name === base || (/^_(bucket|sum|count|total|created)$/.test(name.slice(base.length)) && name.startsWith(base)),
    );
    if (!family) throw new Error(`sample of a metric without TYPE: ${line}`);
    const written = sample[3]!;
    const value = written.endsWith("Inf") ? (written.startsWith("-") ? -Infinity : Infinity) : Number(written);
    samples.push({ name, labels, value });
  }
  return samples;
}

const find = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );

describe("GET /metrics", () => {
  it("answers the loopback in Prometheus's text format", async () => {
    const response = await scrape();
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const samples = parseExposition(await response.text());
    expect(find(samples, "fieldops_websockets_open")).toEqual([expect.objectContaining({ value: 0 })]);
    expect(find(samples, "fieldops_metrics_redis_up")[0]?.value).toBe(1);
    expect(find(samples, "fieldops_db_pool_connections", { state: "max" })[0]?.value).toBe(10);
    expect(find(samples, "fieldops_queue_jobs", { queue: "activity", state: "waiting" })).toHaveLength(1);
    expect(find(samples, "fieldops_api_process_cpu_user_seconds_total")).toHaveLength(1);
  });

  it("counts a request under its route's pattern, never under its URL", async () => {
    const id = randomUUID();
    const owner = await signIn(t.url, company.users.owner.email);
    const answer = await fetch(`${t.url}/api/customers/${id}`, { headers: { authorization: `Bearer ${owner}` } });
    expect(answer.status).toBe(404);
    const text = await (await scrape()).text();
    expect(text).not.toContain(id);
    const samples = parseExposition(text);
    const route = { method: "GET", route: "/api/customers/:id", status_code: "404" };
    expect(find(samples, "fieldops_http_request_duration_seconds_count", route)[0]?.value).toBeGreaterThanOrEqual(1);
    expect(find(samples, "fieldops_http_request_duration_seconds_bucket", { ...route, le: "+Inf" })).toHaveLength(1);
    expect(find(samples, "fieldops_http_responses_total", { status_code: "404" })[0]?.value).toBeGreaterThanOrEqual(1);
  });

  it("shows the queues' depth and the age of the oldest waiting task", async () => {
    const queue = t.runtime.context.queues.queue("imports");
    // Files before this one on the same Redis database may have left tasks waiting there (no worker ran them).
    const before = await queue.getWaitingCount();
    const job = await queue.add("metrics-probe", { companyId: company.id }, { timestamp: Date.now() - 5000 });
    try {
      const samples = parseExposition(await (await scrape()).text());
      expect(find(samples, "fieldops_queue_jobs", { queue: "imports", state: "waiting" })[0]?.value).toBe(before + 1);
      expect(find(samples, "fieldops_queue_oldest_waiting_seconds", { queue: "imports" })[0]?.value).toBeGreaterThan(4);
    } finally {
      await job.remove();
    }
  });

  it("refuses an address outside METRICS_ALLOW_FROM, a wrong token and a signed-in owner; the token opens it", async () => {
    const outside = { "x-forwarded-for": OUTSIDE };
    expect((await scrape(outside)).status).toBe(403);
    expect((await scrape({ ...outside, authorization: `Bearer ${TOKEN}x` })).status).toBe(403);
    expect((await scrape({ ...outside, authorization: "Bearer " })).status).toBe(403);
    // A session grants nothing here, an owner's included: the figures span every company.
    const owner = await signIn(t.url, company.users.owner.email);
    expect((await scrape({ ...outside, authorization: `Bearer ${owner}` })).status).toBe(403);
    const allowed = await scrape({ ...outside, authorization: `Bearer ${TOKEN}` });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain("fieldops_http_request_duration_seconds");
    expect(t.logs.join("")).not.toContain(TOKEN);
  });

  it("opens to the addresses configured, and only to them", async () => {
    const other = await startTestApp({ METRICS_ALLOW_FROM: "10.0.0.0/8, 2001:db8::/32" });
    try {
      const from = (address: string) => fetch(`${other.url}/metrics`, { headers: { "x-forwarded-for": address } });
      expect((await from("10.1.2.3")).status).toBe(200);
      expect((await from("2001:db8::1")).status).toBe(200);
      expect((await from("11.1.2.3")).status).toBe(403);
      // Not the loopback either, once the list is set; and no token is configured to open it.
      expect((await fetch(`${other.url}/metrics`)).status).toBe(403);
    } finally {
      await other.close();
    }
  });
});
