import type { ChildProcess } from "node:child_process";
import { WebSocket } from "ws";
import type { Database } from "@fieldops/db";
import { customerInput } from "@fieldops/domain/customers/customer-test-fixtures";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { customerEndpoints } from "@fieldops/shared/customers";
import { moduleEndpoints } from "@fieldops/shared/modules";
import { freePort } from "../../scripts/start/free-port.ts";
import { callApi, createTestCompany, signIn, type TestCompany } from "../integration/test-app.ts";
import { startNginxProxy, type NginxProxy } from "./nginx-proxy.ts";
import { exited, spawnPart, waitFor } from "./product.ts";

/**
 * The product scaled out as docs/operations.md describes it: API processes and worker processes (their real entries,
 * as production runs them) on one database and one Redis, behind nginx with the repository's configuration.
 * Shared by tests/faults/scale-out.integration.test.ts and bench/scaleout.bench.ts.
 */

/** What every process needs: the runtime role's URL and context key, and Redis. */
export interface RuntimeAccess {
  databaseUrl: string;
  databaseContextKey: string;
  redisUrl: string;
}

export interface ApiProcess {
  port: number;
  child: ChildProcess;
}

/** When a kill -9 was sent and when the process was seen gone: a request overlapping the two was in flight at it. */
export interface Kill {
  sentAt: number;
  goneAt: number;
}

export interface ScaleOut {
  /** nginx's address: the product's one URL. */
  url: string;
  apis: ApiProcess[];
  workers: ChildProcess[];
  proxy: NginxProxy;
  /** kill -9 of one process; resolves once it is gone. */
  kill(child: ChildProcess): Promise<Kill>;
  close(): Promise<void>;
}

export async function startScaleOut(
  access: RuntimeAccess,
  counts: { apis: number; workers: number },
  nodeEnv: "test" | "development" = "test",
): Promise<ScaleOut> {
  const common = {
    NODE_ENV: nodeEnv,
    LOG_LEVEL: "warn",
    DATABASE_URL: access.databaseUrl,
    DATABASE_CONTEXT_KEY: access.databaseContextKey,
    REDIS_URL: access.redisUrl,
  };
  const apis: ApiProcess[] = [];
  const workers: ChildProcess[] = [];
  let proxy: NginxProxy | null = null;
  const close = async () => {
    await proxy?.stop();
    const children = [...apis.map((api) => api.child), ...workers];
    for (const child of children) child.kill("SIGKILL");
    await Promise.all(children.map(exited));
  };
  try {
    for (let i = 0; i < counts.workers; i++) workers.push(spawnPart("worker", common));
    for (let i = 0; i < counts.apis; i++) {
      const port = await freePort();
      const child = spawnPart("api", { ...common, PORT: String(port), HOST: "127.0.0.1", TRUST_PROXY: "true" });
      apis.push({ port, child });
    }
    for (const api of apis)
      await waitFor(
        `the API on port ${api.port} to be healthy`,
        async () => {
          if (api.child.exitCode !== null) throw new Error(`the API on port ${api.port} exited`);
          return (await fetch(`http://127.0.0.1:${api.port}/api/health`)).ok;
        },
        120_000,
      );
    proxy = await startNginxProxy(
      await freePort(),
      apis.map((api) => api.port),
    );
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url: proxy.url,
    apis,
    workers,
    proxy,
    async kill(child) {
      const sentAt = Date.now();
      child.kill("SIGKILL");
      await exited(child);
      return { sentAt, goneAt: Date.now() };
    },
    close,
  };
}

/** One request of the load: when it started and ended, and whether it failed (no answer, or a 5xx). */
export interface RequestRecord {
  kind: string;
  startedAt: number;
  endedAt: number;
  status: number | null;
  failed: boolean;
}

/** Every request the load made, and each one's fate. */
export class RequestLog {
  readonly records: RequestRecord[] = [];

  /** Runs a request, recording it; resolves with the response, or null when it failed. */
  async track(kind: string, request: () => Promise<Response>): Promise<Response | null> {
    const startedAt = Date.now();
    try {
      const response = await request();
      await response.clone().arrayBuffer();
      this.records.push({
        kind,
        startedAt,
        endedAt: Date.now(),
        status: response.status,
        failed: response.status >= 500,
      });
      return response.status >= 500 ? null : response;
    } catch {
      this.records.push({ kind, startedAt, endedAt: Date.now(), status: null, failed: true });
      return null;
    }
  }

  /** Requests under way at some moment of a kill: started before the process was gone, not answered when it was sent. */
  inFlightAt(kill: Kill): RequestRecord[] {
    return this.records.filter((r) => r.startedAt <= kill.goneAt && r.endedAt >= kill.sentAt);
  }

  failed(): RequestRecord[] {
    return this.records.filter((r) => r.failed);
  }

  /** Answered requests per second between two moments. */
  throughput(from: number, to: number): number {
    const answered = this.records.filter((r) => !r.failed && r.endedAt >= from && r.endedAt < to).length;
    return answered / Math.max(0.001, (to - from) / 1000);
  }
}

export interface LoadCompany {
  company: TestCompany;
  ownerToken: string;
  memberToken: string;
  /** The customer the module runs make jobs for. */
  customerId: string;
}

/** A company for the load: its owner and member signed in through the proxy, and a customer. */
export async function prepareLoadCompany(url: string, db: Database): Promise<LoadCompany> {
  const company = await createTestCompany(db);
  const ownerToken = await signIn(url, company.users.owner.email);
  const memberToken = await signIn(url, company.users.member.email);
  const created = await callApi<{ id: string }>(
    url,
    "POST",
    customerEndpoints.list.path,
    ownerToken,
    customerInput({ name: "Scale Out" }),
  );
  if (created.status !== 201) throw new Error(`customer: ${created.status} ${created.body.message ?? ""}`);
  return { company, ownerToken, memberToken, customerId: created.body.id };
}

/** What each lane of the load does, by its number: module runs (create-job), reads and writes of customers. */
const LANE_KINDS = ["module run", "read", "write", "module run"] as const;

export interface Load {
  /** Each module run asked for, by its job's title: its run id once answered, null until then (or when it failed). */
  runs: Map<string, string | null>;
  answeredRuns(): number;
  stop(): Promise<void>;
}

/**
 * `lanes` clients through the proxy, each making one kind of request after another (pausing `pauseMs` between
 * two), until stopped; every request goes to `log`. Module runs are by the member, reads and writes by the owner.
 */
export function startLoad(
  url: string,
  log: RequestLog,
  options: Omit<LoadCompany, "company"> & { lanes: number; pauseMs: number },
): Load {
  const headers = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
  const runs = new Map<string, string | null>();
  const requests = {
    "module run": async (lane: number, i: number) => {
      const title = `Run ${lane}-${i}`;
      runs.set(title, null);
      const response = await log.track("module run", () =>
        fetch(`${url}${moduleEndpoints.execute.path}`, {
          method: "POST",
          headers: headers(options.memberToken),
          body: JSON.stringify({ moduleId: "create-job", params: { customerId: options.customerId, title } }),
        }),
      );
      if (response?.status === 200) runs.set(title, ((await response.json()) as { runId: string }).runId);
    },
    read: async () => {
      await log.track("read", () =>
        fetch(`${url}${customerEndpoints.list.path}`, { headers: headers(options.ownerToken) }),
      );
    },
    write: async (lane: number, i: number) => {
      await log.track("write", () =>
        fetch(`${url}${customerEndpoints.list.path}`, {
          method: "POST",
          headers: headers(options.ownerToken),
          body: JSON.stringify(customerInput({ name: `Customer ${lane}-${i}` })),
        }),
      );
    },
  };
  let running = true;
  const lanes = Array.from({ length: options.lanes }, async (_, lane) => {
    const request = requests[LANE_KINDS[lane % LANE_KINDS.length]!];
    for (let i = 0; running; i++) {
      await request(lane, i);
      if (options.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  });
  return {
    runs,
    answeredRuns: () => [...runs.values()].filter(Boolean).length,
    async stop() {
      running = false;
      await Promise.all(lanes);
    },
  };
}

/** What became of the load's module runs once none is queued or running any more (or `limitMs` has passed). */
export interface RunsOutcome {
  /** Runs stored: those answered, and those under way at the kill that committed. */
  stored: number;
  answered: number;
  /** Answered runs that did not succeed or did not make their job: lost. */
  lost: string[];
  /** Titles with more than one job: a run done twice. */
  doubled: string[];
  /** Stored runs, answered or not, that did not succeed (still queued or running at the limit, or failed). */
  notSucceeded: { id: string; status: string }[];
  /** Jobs the runs made. */
  jobs: number;
}

export async function awaitModuleRuns(
  db: Database,
  companyId: string,
  runs: Map<string, string | null>,
  limitMs: number,
): Promise<RunsOutcome> {
  const unfinished = () => db.moduleRun.count({ where: { companyId, status: { in: ["queued", "running"] } } });
  await waitFor("every module run to finish", async () => (await unfinished()) === 0, limitMs).catch(() => {});
  const stored = await db.moduleRun.findMany({ where: { companyId }, select: { id: true, status: true } });
  const jobs = await db.job.groupBy({
    by: ["title"],
    where: { companyId, title: { in: [...runs.keys()] } },
    _count: true,
  });
  const jobsByTitle = new Map(jobs.map((row) => [row.title, row._count]));
  const statusById = new Map(stored.map((run) => [run.id, run.status]));
  const answered = [...runs].filter((entry): entry is [string, string] => entry[1] !== null);
  return {
    stored: stored.length,
    answered: answered.length,
    lost: answered.flatMap(([title, id]) =>
      statusById.get(id) !== "succeeded" || jobsByTitle.get(title) !== 1 ? [id] : [],
    ),
    doubled: jobs.filter((row) => row._count > 1).map((row) => row.title),
    notSucceeded: stored.filter((run) => run.status !== "succeeded"),
    jobs: jobs.reduce((sum, row) => sum + row._count, 0),
  };
}

/**
 * A live socket through the proxy as the web app keeps one: when it is cut it opens a new one at once, passing the
 * last event it saw (`?after=`), so that the API it reaches now replays what it missed. `seqs` holds every event's
 * position in the order received (a repeat would show as a duplicate).
 */
export class ResumingSocket {
  readonly seqs: string[] = [];
  /** The stream position the first connection reported ready at: every later event must reach this socket. */
  startSeq: string | null = null;
  reconnects = 0;
  private socket: WebSocket | null = null;
  private closing = false;
  private ready = false;

  constructor(
    private readonly baseUrl: string,
    private readonly token: string,
  ) {}

  /** Resolves once the first connection is ready. */
  open(): Promise<void> {
    return new Promise((resolve, reject) => this.connect(resolve, reject));
  }

  /** Whether the socket is connected and ready (after a reconnect too). */
  isReady(): boolean {
    return this.ready;
  }

  private connect(onReady: () => void, onFail: (error: Error) => void) {
    const after = this.seqs.at(-1) ?? this.startSeq;
    const query = after ? `?after=${encodeURIComponent(after)}` : "";
    const socket = new WebSocket(`${this.baseUrl.replace("http", "ws")}${API_PATHS.socket}${query}`, {
      headers: { authorization: `Bearer ${this.token}` },
    });
    this.socket = socket;
    socket.on("message", (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; seq?: string; lastSeq?: string | null };
      if (message.type === "event" && message.seq) this.seqs.push(message.seq);
      if (message.type === "ready") {
        if (this.startSeq === null && this.seqs.length === 0) this.startSeq = message.lastSeq ?? "0-0";
        this.ready = true;
        onReady();
      }
    });
    socket.on("error", (error) => {
      if (this.startSeq === null) onFail(error);
    });
    socket.on("close", () => {
      this.ready = false;
      if (this.closing || this.startSeq === null) return;
      this.reconnects += 1;
      // Through the proxy again, which passes it to an API that is up; a refusal (no API up yet) tries again.
      setTimeout(
        () =>
          this.connect(
            () => {},
            () => {},
          ),
        this.reconnects > 1 ? 200 : 0,
      );
    });
  }

  close() {
    this.closing = true;
    this.socket?.close();
  }

  /** The events of `expected` this socket never received, and how many it received twice. */
  compare(expected: string[]): { missed: string[]; duplicates: number } {
    const received = new Set(this.seqs);
    return { missed: expected.filter((seq) => !received.has(seq)), duplicates: this.seqs.length - received.size };
  }
}

/** Whether stream position `a` comes after `b` (`<ms>-<n>`). */
export function seqAfter(a: string, b: string): boolean {
  const [am, an] = a.split("-").map(Number) as [number, number];
  const [bm, bn] = b.split("-").map(Number) as [number, number];
  return am > bm || (am === bm && an > bn);
}
