import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTracing, type Tracing } from "@fieldops/config/tracing";
import type { RunningWorkers } from "@fieldops/worker/run-workers";
import {
  createTestCompany,
  drainQueues,
  post,
  signIn,
  startTestApp,
  startTestWorkers,
  TEST_PASSWORD,
  type TestApp,
  type TestCompany,
} from "../../../../tests/integration/test-app.ts";
import { startOtlpCollectorStandIn, type OtlpCollectorStandIn } from "../../../../tests/stand-ins/otlp-collector.ts";

const SERVER = 2;
const CONSUMER = 5;

let collector: OtlpCollectorStandIn;
let tracing: Tracing;
let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;

// The API and the worker run in this process, so their spans share one SDK (and service name) here; each of the real
// processes starts its own in its main.ts.
beforeAll(async () => {
  collector = await startOtlpCollectorStandIn();
  const otel = { OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_PROTOCOL: "http/json" } as const;
  tracing = (await startTracing("fieldops-api", otel))!;
  t = await startTestApp(otel);
  workers = startTestWorkers(t);
  company = await createTestCompany(t.db);
});
afterAll(async () => {
  await workers?.close();
  await t?.close();
  await tracing?.shutdown();
  await collector?.close();
});

/** The spans of the trace of request `reqId`: its server span, and those of the tasks that followed from it. */
async function traceOf(reqId: string) {
  await tracing.flush();
  const server = collector.spans.find(
    (span) => span.kind === SERVER && span.attributes["fieldops.request_id"] === reqId,
  );
  expect(server).toBeDefined();
  const tasks = collector.spans.filter(
    (span) => span.kind === CONSUMER && span.attributes["fieldops.request_id"] === reqId,
  );
  return { server: server!, tasks };
}

describe("tracing", () => {
  it("makes a task's span the child of the request that queued it (sign-in's activity)", async () => {
    const response = await post(`${t.url}/api/login`, { username: company.users.owner.email, password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    await drainQueues(t.runtime.context.queues, ["activity"]);
    const { server, tasks } = await traceOf(response.headers.get("x-request-id")!);
    expect(server).toMatchObject({
      name: "POST /api/login",
      service: "fieldops-api",
      attributes: { "http.route": "/api/login", "http.response.status_code": 200 },
    });
    const activity = tasks.find((span) => span.name === "activity record-activity");
    expect(activity).toMatchObject({
      traceId: server.traceId,
      parentSpanId: server.spanId,
      attributes: { "messaging.destination.name": "activity", "fieldops.task": "record-activity" },
    });
  });

  it("follows a use case's tasks through the outbox and the tasks they queue, and sends no secret", async () => {
    const owner = await signIn(t.url, company.users.owner.email);
    const response = await fetch(`${t.url}/api/team/invitations?access_token=${owner}`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Tracy Span", email: "tracy.span@example.test", role: "member" }),
    });
    expect(response.status).toBe(201);
    await drainQueues(t.runtime.context.queues, ["notifications", "mail", "activity"]);
    const { server, tasks } = await traceOf(response.headers.get("x-request-id")!);
    expect(server.name).toBe("POST /api/team/invitations");
    expect(server.attributes["url.path"]).toBe("/api/team/invitations");
    expect(tasks.length).toBeGreaterThan(0);
    const inTrace = new Set([server.spanId, ...tasks.map((span) => span.spanId)]);
    for (const task of tasks) {
      expect(task.traceId).toBe(server.traceId);
      expect(inTrace.has(task.parentSpanId!)).toBe(true);
    }
    expect(tasks.some((span) => span.parentSpanId === server.spanId)).toBe(true);
    expect(collector.bodies.join("\n")).not.toContain(owner);
    expect(collector.bodies.join("\n")).not.toContain(TEST_PASSWORD);
  });
});
