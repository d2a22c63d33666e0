import { connect } from "node:net";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { withTenant } from "@fieldops/db";
import { equipmentSpec } from "@fieldops/domain/custom-objects/custom-object-test-fixtures";
import { installCustomObjects } from "@fieldops/domain/custom-objects/install-custom-objects";
import { promoteCustomObjects } from "@fieldops/domain/custom-objects/promote-custom-objects";
import {
  casesFor,
  operationsOf,
  unboundedInputs,
  type FuzzCase,
  type OpenApiDocument,
  type Operation,
} from "./openapi-fuzz-cases.ts";
import { createTestCompany, signIn, startTestApp, type TestApp } from "./test-app.ts";
import { workerResources } from "./provided-context.ts";

/**
 * Walks every operation of the OpenAPI document the API serves and sends each a hundred and more bad requests (bodies,
 * parameters, content types, headers), in turn signed out, with the session cookie and with the bearer token. None may get a
 * 5xx; every error is JSON `{ message, field? }`; a 400 for one bad field names it; and no table changes. Routes added
 * later are walked too, since the cases come from the document. FUZZ_SEED=<n> replays another seed.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 607);
const CASES_PER_OPERATION = 120;
const CONCURRENCY = 8;
const AUTH_MODES = ["signed out", "cookie", "bearer"] as const;
type AuthMode = (typeof AUTH_MODES)[number];

/**
 * Columns left out of the data comparison: a session's lastSeenAt moves when a signed-in request arrives more than
 * five minutes after the last one (bookkeeping of the request itself, not data the request asked to change).
 */
const VOLATILE_COLUMNS: Record<string, string[]> = { sessions: ["lastSeenAt"] };
/**
 * Rows left out likewise: a download of the company's data (a CSV export, a GET) is audited when it succeeds, which
 * records the request without changing the data it read.
 */
const BOOKKEEPING_ROWS: Record<string, string> = { audit_logs: `action <> 'data.exported'` };

let t: TestApp;
let token: string;
let document: OpenApiDocument;
let admin: pg.Client;

beforeAll(async () => {
  t = await startTestApp();
  const company = await createTestCompany(t.db);
  token = await signIn(t.url, company.users.owner.email);
  await installFuzzObject(company.id);
  document = (await (await fetch(`${t.url}/api/docs/json`)).json()) as OpenApiDocument;
  // A superuser connection to the run's database, so that the comparison sees every company's rows.
  const server = new URL(process.env.TEST_DATABASE_SERVER_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres");
  server.pathname = new URL(workerResources().databaseUrl).pathname;
  admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
});

afterAll(async () => {
  await admin?.end();
  await t?.close();
});

/**
 * The custom-object routes are one path per object key: the company gets an object with a field of every type under
 * the key the fuzz cases put in the path (the first sample of the key's pattern), so their requests reach a real object.
 */
async function installFuzzObject(companyId: string): Promise<void> {
  const spec = equipmentSpec();
  spec.entities = [{ ...spec.entities[0]!, key: "fuzz" }];
  const buildId = randomUUID();
  await withTenant(t.runtime.context.db, companyId, async (tx) => {
    await installCustomObjects(tx, { buildId, spec });
    await promoteCustomObjects(tx, { buildId });
  });
}

/** Row count and a checksum of the contents of every table. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = await admin.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' AND tablename <> '_prisma_migrations' ORDER BY 1",
  );
  const result: Record<string, string> = {};
  for (const { name } of tables.rows) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const rows = await admin.query<{ count: number; sum: string }>(
      `SELECT count(*)::int AS count, md5(coalesce(string_agg(r, E'\\n' ORDER BY r), '')) AS sum
         FROM (SELECT (to_jsonb(t) - $1::text[])::text AS r FROM ${quoted} t
               WHERE ${BOOKKEEPING_ROWS[name] ?? "true"}) s`,
      [VOLATILE_COLUMNS[name] ?? []],
    );
    result[name] = `${rows.rows[0]!.count} rows, ${rows.rows[0]!.sum}`;
  }
  return result;
}

let addressCounter = 0;
/** A client address of its own for each request, so that per-address rate limits do not answer every case with 429. */
function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

function headersFor(c: FuzzCase, mode: AuthMode): Record<string, string> {
  const headers: Record<string, string> = { "x-forwarded-for": nextAddress() };
  if (mode === "cookie") {
    // As the web app's own pages send it.
    headers.origin = t.url;
    headers["sec-fetch-site"] = "same-origin";
  }
  Object.assign(headers, c.headers);
  if (mode === "signed out" && c.authNoise) Object.assign(headers, c.authNoise);
  if (mode === "cookie") {
    const noise = c.authNoise && "cookie" in c.authNoise ? `; ${c.authNoise.cookie}` : "";
    headers.cookie = `session=${token}${noise}`;
  }
  if (mode === "bearer") headers.authorization = `Bearer ${token}`;
  return headers;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

async function send(c: FuzzCase, headers: Record<string, string>): Promise<Answer> {
  if (c.rawHeaderLine) return sendRaw(c, headers);
  const response = await fetch(`${t.url}${c.url}`, {
    method: c.method,
    headers,
    ...(c.body !== undefined ? { body: typeof c.body === "string" ? c.body : Buffer.from(c.body) } : {}),
    redirect: "manual",
    signal: AbortSignal.timeout(20_000),
  });
  return {
    status: response.status,
    contentType: response.headers.get("content-type") ?? "",
    text: await response.text(),
  };
}

/** One request over a bare socket, for header bytes that fetch refuses to send. */
function sendRaw(c: FuzzCase, headers: Record<string, string>): Promise<Answer> {
  const port = Number(new URL(t.url).port);
  const body = typeof c.body === "string" ? Buffer.from(c.body) : Buffer.from(c.body ?? new Uint8Array());
  const head = [
    `${c.method} ${c.url} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ].join("\r\n");
  const request = Buffer.concat([
    Buffer.from(`${head}\r\n`, "latin1"),
    Buffer.from(c.rawHeaderLine!),
    Buffer.from(`\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`, "latin1"),
    body,
  ]);
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.setTimeout(20_000, () => socket.destroy(new Error("no answer within 20 s")));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    // A server that answers a body too large (413) and closes before reading it all resets the socket under the
    // writer: the answer it sent still counts.
    let failure: Error | null = null;
    socket.on("error", (error) => {
      failure = error;
    });
    socket.on("close", () => {
      const answer = Buffer.concat(chunks).toString("utf8");
      const split = answer.indexOf("\r\n\r\n");
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
      if (split < 0 || !status)
        return reject(failure ?? new Error(`no HTTP answer: ${JSON.stringify(answer.slice(0, 200))}`));
      const headerText = answer.slice(0, split);
      let text = answer.slice(split + 4);
      if (/^transfer-encoding:\s*chunked/im.test(headerText)) text = dechunk(text);
      resolve({ status, contentType: /^content-type:\s*(.*)$/im.exec(headerText)?.[1] ?? "", text });
    });
  });
}

function dechunk(text: string): string {
  let out = "";
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf("\r\n");
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/** What is wrong with the answer to a case, or null. */
function problem(c: FuzzCase, answer: Answer): string | null {
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (c.invalid && answer.status < 400) return `accepted it with ${answer.status}`;
  if (answer.status < 400 || c.method === "HEAD") return null;
  if (!answer.contentType.startsWith("application/json"))
    return `error ${answer.status} is ${answer.contentType || "no content type"}, not JSON`;
  let body: unknown;
  try {
    body = JSON.parse(answer.text);
  } catch {
    return `error ${answer.status} body is not JSON`;
  }
  if (typeof body !== "object" || body === null || Array.isArray(body))
    return `error ${answer.status} body is not an object`;
  const { message, field, ...rest } = body as Record<string, unknown>;
  if (typeof message !== "string" || message.length === 0) return `error ${answer.status} has no message`;
  if (Object.keys(rest).length > 0)
    return `error ${answer.status} has keys other than message and field: ${Object.keys(rest).join(", ")}`;
  if (field !== undefined && typeof field !== "string")
    return `error ${answer.status} has a field that is not a string`;
  if (answer.status === 400 && c.field !== undefined && field !== c.field)
    return `the 400 names ${field === undefined ? "no field" : `"${String(field)}"`}, not "${c.field}"`;
  return null;
}

function describeFailure(
  c: FuzzCase,
  mode: AuthMode,
  headers: Record<string, string>,
  what: string,
  answer?: Answer,
): string {
  const shown = Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, v.length > 200 ? `${v.slice(0, 200)}… (${v.length} chars)` : v]),
  );
  const body =
    c.body === undefined
      ? "(none)"
      : typeof c.body === "string"
        ? JSON.stringify(c.body.slice(0, 500))
        : `bytes ${Buffer.from(c.body.slice(0, 200)).toString("hex")}`;
  return [
    `${c.operation} — ${c.bad} — ${mode}: ${what}`,
    `  request: ${c.method} ${c.url.slice(0, 500)}`,
    `  headers: ${JSON.stringify(shown)}${c.rawHeaderLine ? ` + raw line ${JSON.stringify(Buffer.from(c.rawHeaderLine).toString("latin1"))}` : ""}`,
    `  body: ${body}`,
    ...(answer ? [`  answer: ${answer.status} ${answer.text.slice(0, 300)}`] : []),
  ].join("\n");
}

async function runAll<T>(items: T[], worker: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) await worker(items[next++]!);
    }),
  );
}

describe("every operation of the OpenAPI document, fuzzed", () => {
  it("documents a maximum length for every string and array a client sends", () => {
    expect(unboundedInputs(operationsOf(document))).toEqual([]);
  });

  it("answers every bad request with a 4xx in the error format and changes no data", async () => {
    const operations: Operation[] = operationsOf(document);
    expect(operations.length).toBeGreaterThan(0);
    const failures: string[] = [];
    const answered: string[] = [];
    let sent = 0;
    const before = await snapshot();
    const logsBefore = t.logs.length;
    for (const operation of operations) {
      const cases = casesFor(operation, {
        seed: SEED,
        count: CASES_PER_OPERATION,
        hasParser: (contentType) => t.app.hasContentTypeParser(contentType.split(";")[0]!.trim()),
      });
      // Each case in one way of signing in, taken in turn: every way meets every kind of case over an operation's cases.
      const runs = cases.map((c, index) => ({ c, mode: AUTH_MODES[index % AUTH_MODES.length]! }));
      const statuses = new Map<number, number>();
      const started = Date.now();
      await runAll(runs, async ({ c, mode }) => {
        const headers = headersFor(c, mode);
        sent += 1;
        try {
          const answer = await send(c, headers);
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          const wrong = problem(c, answer);
          if (wrong) failures.push(describeFailure(c, mode, headers, wrong, answer));
        } catch (error) {
          const cause = error instanceof Error && error.cause ? ` (${String(error.cause)})` : "";
          failures.push(describeFailure(c, mode, headers, `no answer: ${String(error)}${cause}`));
        }
      });
      // Rate limits must not answer for the routes: most requests have to reach validation and the handlers.
      const limited = statuses.get(429) ?? 0;
      if (limited > runs.length / 4)
        failures.push(`${operation.method} ${operation.path}: ${limited} of ${runs.length} requests got 429`);
      answered.push(
        `${operation.method} ${operation.path}: ${JSON.stringify(Object.fromEntries([...statuses].sort()))} in ${Date.now() - started} ms`,
      );
      const after = await snapshot();
      for (const [table, state] of Object.entries(after)) {
        if (before[table] !== state)
          failures.push(`${operation.method} ${operation.path} changed table ${table}: ${before[table]} → ${state}`);
      }
      Object.assign(before, after);
    }
    expect(({} as Record<string, unknown>).polluted, "Object.prototype was polluted").toBeUndefined();
    // A bad request is the client's fault: the API logs no error for it (an error logged and answered 4xx hides a bug).
    for (const line of t.logs.slice(logsBefore).join("").split("\n").filter(Boolean)) {
      if (((JSON.parse(line) as { level?: number }).level ?? 0) >= 50)
        failures.push(`error logged: ${line.slice(0, 1000)}`);
    }
    const kinds = new Map<string, number>();
    for (const failure of failures) {
      const kind = failure
        .split("\n")[0]!
        .replace(/ — [^—]* — /, " — ")
        .replace(/\d+/g, "N");
      kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    const summary = [...kinds].map(([kind, n]) => `${n} × ${kind}`).join("\n");
    const report = [
      `${failures.length} of ${sent} requests went wrong (seed ${SEED}):\n${summary}`,
      `Statuses by operation:\n${answered.join("\n")}`,
      `The first 15:\n\n${failures.slice(0, 15).join("\n\n")}`,
    ].join("\n\n");
    expect(failures, report).toEqual([]);
  }, 900_000);
});
