import { randomUUID } from "node:crypto";
import { Queue } from "bullmq";
import { cpus, loadavg } from "node:os";
import { fillPath } from "@fieldops/shared/endpoint";
import { buildEndpoints, quoteResponseSchema } from "@fieldops/shared/builds";
import { createTestCompany, signIn } from "../tests/integration/test-app.ts";
import { waitFor } from "../tests/faults/product.ts";
import {
  awaitModuleRuns,
  prepareLoadCompany,
  RequestLog,
  ResumingSocket,
  seqAfter,
  startLoad,
  startScaleOut,
  type ScaleOut,
} from "../tests/faults/scale-out.ts";
import { withScratchProduct } from "./scratch-product.ts";

/**
 * `npm run bench:scaleout` (and in `npm run bench`): two API processes and two workers behind nginx
 * (deploy/nginx/fieldops.conf) on a throwaway database, under load: BENCH_SCALEOUT_CLIENTS clients (16) making HTTP
 * reads, writes and module runs back to back, BENCH_SCALEOUT_SOCKETS live sockets (100), and BENCH_SCALEOUT_BUILDS
 * builds (4, of companies of their own) accepted just before the kill. After BENCH_SCALEOUT_SECONDS (15) one API and
 * one worker are killed with kill -9, and the load goes on as long again. Prints the answered requests per second of
 * the whole and of the survivors, the module runs, builds and socket events lost (goal: 0 each), and the failed
 * requests beside those in flight at the kill (goal: none outside them).
 *
 * BENCH_DATABASE_SERVER_URL and BENCH_REDIS_URL choose the PostgreSQL server and Redis (see scratch-product.ts);
 * nginx must be installed (apt-get install nginx-light).
 */
const clients = Number(process.env.BENCH_SCALEOUT_CLIENTS ?? 16);
const socketCount = Number(process.env.BENCH_SCALEOUT_SOCKETS ?? 100);
const buildCount = Number(process.env.BENCH_SCALEOUT_BUILDS ?? 4);
const windowMs = Number(process.env.BENCH_SCALEOUT_SECONDS ?? 15) * 1000;
/** After the kill, the survivors' window starts once nginx has seen the dead API refuse. */
const SETTLE_MS = 1000;
const FEATURE = "Track equipment at each customer: make, model, serial number, install date.";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A company of its own per build, its owner signed in and a quote in hand; accepting starts the build's stages. */
async function quotedBuilds(cluster: ScaleOut, db: Parameters<typeof createTestCompany>[0]) {
  // One sign-in after another: the API lets one address try only one at a time.
  const owners: { companyId: string; token: string }[] = [];
  for (let i = 0; i < buildCount; i++) {
    const company = await createTestCompany(db);
    owners.push({ companyId: company.id, token: await signIn(cluster.url, company.users.owner.email) });
  }
  return Promise.all(
    owners.map(async ({ companyId, token }) => {
      const response = await fetch(
        `${cluster.url}${fillPath(buildEndpoints.quote.path, { sessionId: randomUUID() })}`,
        {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ spec: { description: FEATURE } }),
        },
      );
      if (!response.ok) throw new Error(`quote: ${response.status} ${await response.text()}`);
      const quote = quoteResponseSchema.parse(await response.json());
      return async () => {
        const accepted = await fetch(`${cluster.url}${buildEndpoints.accept.path}`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${token}`,
            "content-type": "application/json",
            "idempotency-key": randomUUID(),
          },
          body: JSON.stringify({ consentToken: quote.consentToken, instanceId: companyId }),
        });
        if (accepted.status !== 201) throw new Error(`accept: ${accepted.status} ${await accepted.text()}`);
        return ((await accepted.json()) as { buildId: string }).buildId;
      };
    }),
  );
}

await withScratchProduct("fieldops_scaleout", { seedDemo: false }, async ({ owner, redis, access }) => {
  const cluster = await startScaleOut(access, { apis: 2, workers: 2 }, "development");
  const sockets: ResumingSocket[] = [];
  try {
    const prepared = await prepareLoadCompany(cluster.url, owner);
    for (let i = 0; i < socketCount; i++) {
      const socket = new ResumingSocket(cluster.url, prepared.ownerToken);
      await socket.open();
      sockets.push(socket);
    }
    const accepts = await quotedBuilds(cluster, owner);

    const log = new RequestLog();
    const load = startLoad(cluster.url, log, { ...prepared, lanes: clients, pauseMs: 0 });
    await sleep(2000);
    const wholeFrom = Date.now();
    await sleep(windowMs);
    const wholeTo = Date.now();
    const builds = await Promise.all(accepts.map((accept) => accept()));
    const modules = new Queue("modules", { connection: redis });
    const heldAtKill = await modules.getActiveCount();
    await modules.close();
    const [apiKill, workerKill] = await Promise.all([
      cluster.kill(cluster.apis[0]!.child),
      cluster.kill(cluster.workers[0]!),
    ]);
    const survivorsFrom = apiKill.goneAt + SETTLE_MS;
    await sleep(SETTLE_MS + windowMs);
    const survivorsTo = Date.now();
    await load.stop();

    const runs = await awaitModuleRuns(owner, prepared.company.id, load.runs, 120_000);
    const buildsLost = await waitFor(
      "the builds to reach preview",
      async () => {
        const rows = await owner.build.findMany({
          where: { id: { in: builds } },
          select: { id: true, status: true, previewAt: true },
        });
        const failed = rows.filter((row) => row.status === "failed");
        return (failed.length > 0 || rows.every((row) => row.previewAt)) && builds.length - rows.length + failed.length;
      },
      10 * 60_000,
    ).catch(() => -1);

    await waitFor("every socket to be connected again", async () => sockets.every((socket) => socket.isReady()));
    // What some socket received, each socket should have received too (from its own start on).
    const everySeq = [...new Set(sockets.flatMap((socket) => socket.seqs))];
    const gaps = () =>
      sockets.map((socket) => socket.compare(everySeq.filter((seq) => seqAfter(seq, socket.startSeq!))));
    await waitFor("the sockets to catch up", async () => gaps().every((gap) => gap.missed.length === 0), 30_000).catch(
      () => {},
    );
    const found = gaps();
    const cut = sockets.filter((socket) => socket.reconnects > 0).length;
    const inFlight = log.inFlightAt(apiKill);
    const failed = log.failed();
    const failedOutside = failed.filter((r) => !inFlight.includes(r)).length;
    const rate = (from: number, to: number) => log.throughput(from, to).toFixed(0);

    console.log(`\nscale-out: 2 APIs and 2 workers behind nginx; kill -9 of one API and one worker`);
    console.log(
      `  load: ${clients} clients (reads, writes, module runs), ${socketCount} sockets, ${buildCount} builds accepted at the kill`,
    );
    console.log(
      `  answered requests/s: whole ${rate(wholeFrom, wholeTo)} (${windowMs / 1000} s before the kill)   survivors ${rate(survivorsFrom, survivorsTo)} (${windowMs / 1000} s from ${SETTLE_MS} ms after it)`,
    );
    console.log(
      `  kill -9: API gone in ${apiKill.goneAt - apiKill.sentAt} ms, worker in ${workerKill.goneAt - workerKill.sentAt} ms`,
    );
    console.log(
      `  requests: ${log.records.length}; failed ${failed.length}, of which outside those in flight at the kill ${failedOutside} (goal 0); in flight at the kill ${inFlight.length}`,
    );
    console.log(
      `  module runs: ${runs.answered} answered, ${runs.stored} stored, ${heldAtKill} held by the workers at the kill; lost ${runs.lost.length}, done twice ${runs.doubled.length}, not succeeded ${runs.notSucceeded.length} (goal 0 each)`,
    );
    console.log(
      `  builds: ${builds.length} accepted; lost or failed ${buildsLost === -1 ? "? (not at preview within 10 minutes)" : buildsLost} (goal 0)`,
    );
    console.log(
      `  sockets: ${cut} cut with the dead API and reconnected through nginx; events lost ${found.reduce((n, gap) => n + gap.missed.length, 0)}, received twice ${found.reduce((n, gap) => n + gap.duplicates, 0)} (goal 0 each), of ${everySeq.length} events`,
    );
    console.log(
      `  load average (1, 5, 15 min): ${loadavg()
        .map((n) => n.toFixed(2))
        .join(", ")} on ${cpus().length} CPUs`,
    );
  } finally {
    for (const socket of sockets) socket.close();
    await cluster.close();
  }
});
