import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "@fieldops/db";
import { customerInput } from "@fieldops/domain/customers/customer-test-fixtures";
import { readEventsAfter } from "@fieldops/events/company-stream";
import { customerEndpoints } from "@fieldops/shared/customers";
import { moduleEndpoints } from "@fieldops/shared/modules";
import { workerResources } from "../integration/provided-context.ts";
import { createTestCompany, signIn, type TestCompany } from "../integration/test-app.ts";
import { waitFor } from "./product.ts";
import { RequestLog, ResumingSocket, startScaleOut, type Kill, type ScaleOut } from "./scale-out.ts";

/**
 * Two API processes and two workers behind nginx (deploy/nginx/fieldops.conf), under a modest load of reads, writes,
 * module runs and 20 live sockets; one API and one worker are killed with kill -9. Nothing queued is lost or done
 * twice, a socket cut with the dead API reconnects through nginx and receives every event it missed, and the only
 * requests that fail are those under way at the kill.
 */

const SOCKETS = 20;
/** Module runs answered before the kill and after it: enough that both workers and both APIs hold some. */
const RUNS_EACH_SIDE = 8;

let cluster: ScaleOut;
let owner: Database;
let redis: Redis;
let company: TestCompany;
const sockets: ResumingSocket[] = [];

beforeAll(async () => {
  const resources = workerResources();
  owner = createDatabase(resources.ownerDatabaseUrl, { max: 3, contextKey: resources.databaseContextKey });
  redis = new Redis(resources.redisUrl);
  company = await createTestCompany(owner);
  cluster = await startScaleOut(
    {
      databaseUrl: resources.databaseUrl,
      databaseContextKey: resources.databaseContextKey,
      redisUrl: resources.redisUrl,
    },
    { apis: 2, workers: 2 },
  );
}, 180_000);

afterAll(async () => {
  for (const socket of sockets) socket.close();
  await cluster?.close();
  redis?.disconnect();
  await owner?.$disconnect();
});

describe("two APIs and two workers behind nginx", () => {
  it(
    "lose no module run and no socket event when one API and one worker are killed",
    { timeout: 120_000 },
    async () => {
      const url = cluster.url;
      const ownerToken = await signIn(url, company.users.owner.email);
      const memberToken = await signIn(url, company.users.member.email);
      const headers = (token: string) => ({ authorization: `Bearer ${token}`, "content-type": "application/json" });
      const customer = await fetch(`${url}${customerEndpoints.list.path}`, {
        method: "POST",
        headers: headers(ownerToken),
        body: JSON.stringify(customerInput({ name: "Scale Out" })),
      });
      expect(customer.status).toBe(201);
      const customerId = ((await customer.json()) as { id: string }).id;

      // Opened one after another before any other traffic, so that nginx's round robin puts half on each API.
      for (let i = 0; i < SOCKETS; i++) {
        const socket = new ResumingSocket(url, ownerToken);
        await socket.open();
        sockets.push(socket);
      }

      const log = new RequestLog();
      const runs = new Map<string, string | null>();
      let running = true;
      const loop = (step: (i: number) => Promise<void>) =>
        (async () => {
          for (let i = 0; running; i++) {
            await step(i);
            await new Promise((resolve) => setTimeout(resolve, 25));
          }
        })();
      const runModule = (tag: string) => async (i: number) => {
        const title = `Run ${tag}${i}`;
        runs.set(title, null);
        const response = await log.track("module run", () =>
          fetch(`${url}${moduleEndpoints.execute.path}`, {
            method: "POST",
            headers: headers(memberToken),
            body: JSON.stringify({ moduleId: "create-job", params: { customerId, title } }),
          }),
        );
        if (response?.status === 200) runs.set(title, ((await response.json()) as { runId: string }).runId);
      };
      const answeredRuns = () => [...runs.values()].filter(Boolean).length;
      const loops = [
        loop(runModule("a")),
        loop(runModule("b")),
        loop(async (i) => {
          await log.track("write", () =>
            fetch(`${url}${customerEndpoints.list.path}`, {
              method: "POST",
              headers: headers(ownerToken),
              body: JSON.stringify(customerInput({ name: `Customer ${i}` })),
            }),
          );
        }),
        loop(async () => {
          await log.track("read", () =>
            fetch(`${url}${customerEndpoints.list.path}`, { headers: headers(ownerToken) }),
          );
        }),
      ];

      await waitFor("module runs before the kill", async () => answeredRuns() >= RUNS_EACH_SIDE);
      const [apiKill, workerKill] = await Promise.all([
        cluster.kill(cluster.apis[0]!.child),
        cluster.kill(cluster.workers[0]!),
      ]);
      const before = answeredRuns();
      await waitFor("module runs after the kill", async () => answeredRuns() >= before + RUNS_EACH_SIDE);
      running = false;
      await Promise.all(loops);

      // The proxy kept serving, and only requests under way at the API's death failed.
      const inFlight = log.inFlightAt(apiKill);
      const failedOutside = log.failed().filter((r) => !inFlight.includes(r));
      const unexpected = log.records.filter((r) => !r.failed && r.status !== 200 && r.status !== 201);
      console.log(
        `[scale-out] requests: ${log.records.length}, failed: ${log.failed().length}, in flight at the kill: ${inFlight.length}`,
      );
      expect({ failedOutside, unexpected }).toEqual({ failedOutside: [], unexpected: [] });

      // Every run that was stored (answered or not) finishes, once: one job per title, none left queued or running.
      await waitFor(
        "every module run to finish",
        async () =>
          (await owner.moduleRun.count({ where: { companyId: company.id, status: { in: ["queued", "running"] } } })) ===
          0,
        60_000,
      );
      const stored = await owner.moduleRun.findMany({
        where: { companyId: company.id },
        select: { id: true, status: true },
      });
      const answered = [...runs.values()].filter((id): id is string => id !== null);
      expect(stored.filter((run) => run.status !== "succeeded")).toEqual([]);
      expect(answered.filter((id) => !stored.some((run) => run.id === id))).toEqual([]);
      const jobs = await owner.job.groupBy({ by: ["title"], where: { companyId: company.id }, _count: true });
      const jobsByTitle = new Map(jobs.map((row) => [row.title, row._count]));
      expect([...runs.keys()].filter((title) => (jobsByTitle.get(title) ?? 0) > 1)).toEqual([]);
      expect([...runs].filter(([title, id]) => id !== null && jobsByTitle.get(title) !== 1)).toEqual([]);
      expect(stored.length).toBe(jobs.filter((row) => row.title.startsWith("Run ")).length);

      // Half the sockets were on the dead API: they reconnected through nginx and got what they missed, once.
      const cut = sockets.filter((socket) => socket.reconnects > 0);
      expect(cut.length).toBeGreaterThan(0);
      expect(cut.length).toBeLessThan(SOCKETS);
      await waitFor("every socket to be connected again", async () => sockets.every((socket) => socket.isReady()));
      const expected = async (socket: ResumingSocket) =>
        (await readEventsAfter(redis, company.id, socket.startSeq!))
          .filter((event) => event.userId === null || event.userId === company.users.owner.id)
          .map((event) => event.seq);
      const gaps = async () => Promise.all(sockets.map(async (socket) => socket.compare(await expected(socket))));
      const settled = await waitFor(
        "every socket to have every event",
        async () => {
          const found = await gaps();
          return found.every((gap) => gap.missed.length === 0) && found;
        },
        30_000,
      ).catch(() => gaps());
      expect(settled).toEqual(sockets.map(() => ({ missed: [], duplicates: 0 })));
      expect((await expected(sockets[0]!)).length).toBeGreaterThan(2 * RUNS_EACH_SIDE);
      logKills(apiKill, workerKill);
    },
  );
});

function logKills(api: Kill, worker: Kill) {
  console.log(
    `[scale-out] API gone ${api.goneAt - api.sentAt} ms after kill -9, worker ${worker.goneAt - worker.sentAt} ms`,
  );
}
