import { Queue } from "bullmq";
import { Redis } from "ioredis";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDatabase, type Database } from "@fieldops/db";
import { readEventsAfter } from "@fieldops/events/company-stream";
import { workerResources } from "../integration/provided-context.ts";
import { waitFor } from "./product.ts";
import {
  awaitModuleRuns,
  prepareLoadCompany,
  RequestLog,
  ResumingSocket,
  startLoad,
  startScaleOut,
  type Kill,
  type LoadCompany,
  type ScaleOut,
} from "./scale-out.ts";

/**
 * Two API processes and two workers behind nginx (deploy/nginx/fieldops.conf), under a modest load of reads, writes,
 * module runs and 20 live sockets; one API and one worker are killed with kill -9. Nothing queued is lost or done
 * twice, a socket cut with the dead API reconnects through nginx and receives every event it missed, and the only
 * requests that fail are those under way at the kill.
 */

const SOCKETS = 20;
/** Module runs answered before the kill and after it: enough that both workers and both APIs hold some. */
const RUNS_EACH_SIDE = 8;
/** Module runs the two workers hold at the kill: enough that the one killed holds some (each takes up to 10). */
const HELD_RUNS = 6;

let cluster: ScaleOut;
let owner: Database;
let redis: Redis;
let prepared: LoadCompany;
const sockets: ResumingSocket[] = [];

beforeAll(async () => {
  const resources = workerResources();
  owner = createDatabase(resources.ownerDatabaseUrl, { max: 3, contextKey: resources.databaseContextKey });
  // BullMQ's own connection must wait, not fail, while Redis is busy.
  redis = new Redis(resources.redisUrl, { maxRetriesPerRequest: null });
  cluster = await startScaleOut(
    {
      databaseUrl: resources.databaseUrl,
      databaseContextKey: resources.databaseContextKey,
      redisUrl: resources.redisUrl,
    },
    { apis: 2, workers: 2 },
  );
  prepared = await prepareLoadCompany(cluster.url, owner);
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
      const { company, ownerToken } = prepared;
      // Opened one after another before any other traffic, so that nginx's round robin puts half on each API.
      for (let i = 0; i < SOCKETS; i++) {
        const socket = new ResumingSocket(url, ownerToken);
        await socket.open();
        sockets.push(socket);
      }

      const log = new RequestLog();
      const load = startLoad(url, log, { ...prepared, lanes: 4, pauseMs: 25 });
      await waitFor("module runs before the kill", async () => load.answeredRuns() >= RUNS_EACH_SIDE);
      // The workers are made to hold module runs when they die: a lock on the jobs table stops each run before it
      // can insert its job, so that the worker killed has runs in hand, which the other must take back.
      const locker = new pg.Client({ connectionString: workerResources().ownerDatabaseUrl });
      await locker.connect();
      await locker.query("BEGIN");
      await locker.query("LOCK TABLE jobs IN SHARE MODE");
      const modules = new Queue("modules", { connection: redis });
      const heldAtKill = await waitFor("the workers to hold module runs", async () => {
        const active = await modules.getActiveCount();
        return active >= HELD_RUNS && active;
      });
      const [apiKill, workerKill] = await Promise.all([
        cluster.kill(cluster.apis[0]!.child),
        cluster.kill(cluster.workers[0]!),
      ]);
      await locker.query("ROLLBACK");
      await locker.end();
      await modules.close();
      const before = load.answeredRuns();
      await waitFor("module runs after the kill", async () => load.answeredRuns() >= before + RUNS_EACH_SIDE);
      await load.stop();

      // The proxy kept serving, and only requests under way at the API's death failed.
      const inFlight = log.inFlightAt(apiKill);
      const failedOutside = log.failed().filter((r) => !inFlight.includes(r));
      const unexpected = log.records.filter((r) => !r.failed && r.status !== 200 && r.status !== 201);
      console.log(
        `[scale-out] requests: ${log.records.length}, failed: ${log.failed().length}, in flight at the kill: ${inFlight.length}`,
      );
      expect({ failedOutside, unexpected }).toEqual({ failedOutside: [], unexpected: [] });

      // Every run that was stored (answered or not) finishes, once: one job per run, none left queued or running.
      const outcome = await awaitModuleRuns(owner, company.id, load.runs, 60_000);
      expect(outcome).toMatchObject({ lost: [], doubled: [], notSucceeded: [], jobs: outcome.stored });
      expect(outcome.answered).toBeGreaterThanOrEqual(2 * RUNS_EACH_SIDE);

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
      logKills(apiKill, workerKill, heldAtKill);
    },
  );
});

function logKills(api: Kill, worker: Kill, heldAtKill: number) {
  console.log(
    `[scale-out] API gone ${api.goneAt - api.sentAt} ms after kill -9, worker ${worker.goneAt - worker.sentAt} ms; module runs the workers held at the kill: ${heldAtKill}`,
  );
}
