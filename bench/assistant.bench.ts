import { createHash, randomBytes, randomUUID } from "node:crypto";
import { loadavg } from "node:os";
import { WebSocket } from "ws";
import { withClient } from "@fieldops/db/with-client";
import { CHAT_RATE_LIMIT } from "@fieldops/domain/assistant/chat-rate-limit";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { UI_ACTION_TOOL_NAME } from "@fieldops/shared/chat";
import { serverMessageSchema, type ClientMessage, realtimeEndpoints } from "@fieldops/shared/events";
import { freePort } from "../scripts/start/free-port.ts";
import { benchEnvironment, ownerUrlOf, startProduct, stopProduct } from "./product.ts";

/**
 * `npm run bench` (assistant section; alone: `npx tsx bench/assistant.bench.ts`): BENCH_CHAT_USERS users (50) of the
 * demo company, each on their own socket, all at once send BENCH_CHAT_MESSAGES messages each (one after the other
 * per user) that the offline planner answers with a UI action, twice:
 * - as people do, each sending their next message a moment (0.5 to 1.5 s, 1 s on average) after the first UI action
 *   of the last one arrived, after two such messages each to warm up: from sending chat.send to the arrival of the
 *   run's first ui_action tool call (its arguments, the action itself) on the socket, p50 and p95 beside the goal;
 * - back to back, with no pause at all: the messages answered per second (the latency then says how long the queue is).
 *
 * With DATABASE_URL, DATABASE_OWNER_URL and REDIS_URL set it runs `npm start` on them; otherwise on an embedded
 * PostgreSQL and Redis in .data/bench-assistant, kept between runs.
 */
const users = Number(process.env.BENCH_CHAT_USERS ?? 50);
const messagesPerUser = Number(process.env.BENCH_CHAT_MESSAGES ?? 8);
const warmUpPerUser = 2;
const P95_GOAL_MS = 50;
// Both phases within a minute, by the same users.
if (2 * (warmUpPerUser + messagesPerUser) > CHAT_RATE_LIMIT.messages) {
  throw new Error(
    `At most ${CHAT_RATE_LIMIT.messages / 2 - warmUpPerUser} messages per user: the chat allows ${CHAT_RATE_LIMIT.messages} a minute`,
  );
}
const PROMPTS = [
  "take me to my jobs",
  "show me the customers",
  "go to crews",
  "open the dashboard",
  "jobs page pls",
  "take me to my customers",
];

/** Members of the demo company with a session each (written as the owner role, like the seeds); their tokens. */
async function benchSessions(ownerUrl: string, count: number): Promise<string[]> {
  return withClient(ownerUrl, async (client) => {
    const company = await client.query<{ id: string }>(`SELECT id FROM companies WHERE slug = 'green-valley'`);
    const companyId = company.rows[0]?.id;
    if (!companyId) throw new Error("the demo company is missing");
    // New users each run: the per-user chat rate limit counts a minute, and runs may follow each other closely.
    await client.query(`DELETE FROM users WHERE email LIKE 'bench-chat-%@demo.test'`);
    const run = randomUUID().slice(0, 8);
    const tokens: string[] = [];
    for (let index = 0; index < count; index++) {
      const email = `bench-chat-${run}-${index}@demo.test`;
      const user = await client.query<{ id: string }>(
        `INSERT INTO users (id, "companyId", email, name, "passwordHash", role, permissions, "updatedAt")
         VALUES ($1, $2, $3, $4, 'not-a-password', 'member', ARRAY['jobs'], now())
         ON CONFLICT (email) DO UPDATE SET "updatedAt" = now() RETURNING id`,
        [randomUUID(), companyId, email, `Bench Member ${index}`],
      );
      const token = randomBytes(32).toString("base64url");
      await client.query(
        `INSERT INTO sessions (id, "tokenHash", "userId", "companyId", "expiresAt") VALUES ($1, $2, $3, $4, now() + interval '1 hour')`,
        [randomUUID(), createHash("sha256").update(token).digest("hex"), user.rows[0]!.id, companyId],
      );
      tokens.push(token);
    }
    return tokens;
  });
}

/** A user's socket, opened with a ticket as the web app does; `ask` sends a message and resolves with its timings. */
async function chatSocket(baseUrl: string, token: string) {
  const response = await fetch(`${baseUrl}${realtimeEndpoints.socketTicket.path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`ws-ticket: ${response.status}`);
  const { ticket } = (await response.json()) as { ticket: string };
  const socket = new WebSocket(
    `${baseUrl.replace("http", "ws")}${API_PATHS.socket}?ticket=${encodeURIComponent(ticket)}`,
  );
  const pending = new Map<
    string,
    { sent: number; firstAction: number | null; done: (ms: number) => void; fail: (error: Error) => void }
  >();
  let ready: () => void;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  socket.on("message", (raw) => {
    const message = serverMessageSchema.parse(JSON.parse(String(raw)));
    if (message.type === "ready") return ready();
    if (message.type === "error" && message.requestId) pending.get(message.requestId)?.fail(new Error(message.message));
    if (message.type !== "event" || message.event.name !== "assistant.event" || !message.requestId) return;
    const run = pending.get(message.requestId);
    const event = message.event.payload.event;
    if (!run) return;
    if (run.firstAction === null && event.type === "TOOL_CALL_ARGS") run.firstAction = performance.now() - run.sent;
    if (event.type === "TOOL_CALL_START" && event.toolCallName !== UI_ACTION_TOOL_NAME)
      run.fail(new Error("not a UI action"));
    if (event.type === "RUN_FINISHED" || event.type === "RUN_ERROR") {
      pending.delete(message.requestId);
      if (run.firstAction === null) run.fail(new Error(`no UI action (${event.type})`));
      else run.done(run.firstAction);
    }
  });
  await isReady;
  return {
    ask(text: string): Promise<number> {
      const requestId = randomUUID();
      return new Promise<number>((done, fail) => {
        pending.set(requestId, { sent: performance.now(), firstAction: null, done, fail });
        const message: ClientMessage = {
          type: "chat.send",
          requestId,
          conversationId: null,
          text,
          context: { path: "/dashboard" },
        };
        socket.send(JSON.stringify(message));
      });
    },
    close: () => socket.close(),
  };
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const { env, dataDir, external } = await benchEnvironment("bench-assistant", {
  LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
});
// The offline planner answers, whatever the shell has configured.
delete env.OPENAI_API_KEY;
const port = await freePort();
const product = startProduct(port, env);
try {
  await product.healthy;
  const baseUrl = `http://127.0.0.1:${port}`;
  const tokens = await benchSessions(await ownerUrlOf(dataDir), users);
  const sockets = await Promise.all(tokens.map((token) => chatSocket(baseUrl, token)));
  const loads: number[] = [];
  const sampler = setInterval(() => loads.push(loadavg()[0]!), 1000);
  /** Warm-up and measured messages follow one another per user: a pause for everyone between them would bunch the users up again. */
  const phase = async (pauseMs: () => number) => {
    const samples: number[] = [];
    let measuredFrom = Number.POSITIVE_INFINITY;
    await Promise.all(
      sockets.map(async (socket, user) => {
        for (let index = 0; index < warmUpPerUser + messagesPerUser; index++) {
          await new Promise((resolve) => setTimeout(resolve, pauseMs()));
          if (index === warmUpPerUser) measuredFrom = Math.min(measuredFrom, performance.now());
          const ms = await socket.ask(PROMPTS[(user + index) % PROMPTS.length]!);
          if (index >= warmUpPerUser) samples.push(ms);
        }
      }),
    );
    const seconds = (performance.now() - measuredFrom) / 1000;
    samples.sort((a, b) => a - b);
    return { samples, seconds, p50: percentile(samples, 50), p95: percentile(samples, 95) };
  };
  const paced = await phase(() => 500 + Math.random() * 1000);
  const saturated = await phase(() => 0);
  clearInterval(sampler);
  sockets.forEach((socket) => socket.close());
  const load = loads.length > 0 ? Math.max(...loads) : loadavg()[0]!;
  console.log(
    `\nassistant, offline planner: ${users} users at once on their own sockets, ${messagesPerUser} messages each after ${warmUpPerUser} to warm up (${external ? "on DATABASE_URL" : "embedded PostgreSQL"})`,
  );
  console.log(
    `  each user sending their next message about a second after the last one's first UI action: ${(paced.samples.length / paced.seconds).toFixed(0)} messages/s offered`,
  );
  console.log(
    `    chat.send -> first UI action on the socket: p50 ${paced.p50.toFixed(1)} ms  p95 ${paced.p95.toFixed(1)} ms  (goal p95 < ${P95_GOAL_MS} ms: ${paced.p95 < P95_GOAL_MS ? "met" : "NOT met"})`,
  );
  console.log(
    `  back to back, no pause: ${saturated.samples.length} messages in ${saturated.seconds.toFixed(1)} s (${(saturated.samples.length / saturated.seconds).toFixed(0)} runs/s); first UI action p50 ${saturated.p50.toFixed(0)} ms, p95 ${saturated.p95.toFixed(0)} ms in the queue's wake`,
  );
  console.log(`  max 1-min load ${load.toFixed(2)} during the run`);
} finally {
  await stopProduct(product.child);
}
