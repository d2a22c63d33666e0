import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "@fieldops/config/logger";
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

let t: TestApp;
let workers: RunningWorkers;
let company: TestCompany;
const workerLines: Record<string, unknown>[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split("\n").filter(Boolean)) workerLines.push(JSON.parse(line));
      done();
    },
  });
  workers = startTestWorkers(t, createLogger("worker", "debug", stream));
  company = await createTestCompany(t.db);
});
afterAll(async () => {
  await workers.close();
  await t.close();
});

const apiLines = (reqId: string) =>
  t.logs
    .flatMap((chunk) => chunk.split("\n").filter(Boolean))
    .map((line) => JSON.parse(line) as Record<string, unknown>)
    .filter((line) => line.reqId === reqId);

describe("a request's id", () => {
  it("names the request's log lines and those of the task it queued directly (sign-in's activity)", async () => {
    const response = await post(`${t.url}/api/login`, { username: company.users.owner.email, password: TEST_PASSWORD });
    expect(response.status).toBe(200);
    const reqId = response.headers.get("x-request-id")!;
    expect(reqId).toMatch(/^[0-9a-f-]{36}$/);
    await drainQueues(t.runtime.context.queues, ["activity"]);
    expect(apiLines(reqId).map((line) => line.msg)).toEqual(
      expect.arrayContaining(["incoming request", "request completed"]),
    );
    expect(workerLines).toContainEqual(
      expect.objectContaining({ reqId, task: "record-activity", queue: "activity", msg: "task done" }),
    );
  });

  it("follows a task a use case queued through the outbox (an invitation's e-mail)", async () => {
    const owner = await signIn(t.url, company.users.owner.email);
    const response = await fetch(`${t.url}/api/team/invitations`, {
      method: "POST",
      headers: { authorization: `Bearer ${owner}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "Rita Trace", email: "rita.trace@example.test", role: "member" }),
    });
    expect(response.status).toBe(201);
    const reqId = response.headers.get("x-request-id")!;
    await drainQueues(t.runtime.context.queues, ["notifications", "mail", "activity"]);
    const taskLines = workerLines.filter((line) => line.reqId === reqId);
    expect(taskLines.length).toBeGreaterThan(0);
    expect(taskLines.every((line) => typeof line.task === "string" && typeof line.job === "string")).toBe(true);
    expect(apiLines(reqId).length).toBeGreaterThan(0);
  });

  it("is the process's own, never one a client sends", async () => {
    const sent = await fetch(`${t.url}/api/health/live`, { headers: { "x-request-id": "chosen-by-client" } });
    expect(sent.headers.get("x-request-id")).not.toBe("chosen-by-client");
  });
});
