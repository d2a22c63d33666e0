import type { FastifyInstance, FastifyRequest } from "fastify";
import { countQueries, type QueryTally } from "@fieldops/db/query-count";

interface RequestMeasure {
  startedAt: number;
  cpuAtStart: NodeJS.CpuUsage;
  tally: QueryTally;
}

/**
 * With FIELDOPS_REQUEST_METRICS, every answer carries
 * `Server-Timing: app;dur=<ms>, cpu;dur=<ms>, db;desc="queries";dur=<count>`: the time from the request's arrival to
 * its answer; the CPU time the process used meanwhile (the request's own only when no other overlaps it, as in the
 * bench; it tells the work apart from waiting on a busy machine); and the SQL statements sent for it (transaction
 * control included; the database client must count, `createDatabase(url, { countQueries: true })`). Install it
 * before the routes, so that it wraps them all.
 */
export function installRequestMetrics(app: FastifyInstance): void {
  const measures = new WeakMap<FastifyRequest, RequestMeasure>();
  app.addHook("onRequest", (request, _reply, done) => {
    measures.set(request, { startedAt: performance.now(), cpuAtStart: process.cpuUsage(), tally: { queries: 0 } });
    done();
  });
  // From here on the request's work runs inside the tally's context (the body is parsed by now, which would lose it).
  app.addHook("preHandler", (request, _reply, done) => {
    const measure = measures.get(request);
    if (measure) countQueries(measure.tally, done);
    else done();
  });
  app.addHook("onSend", async (request, reply, payload) => {
    const measure = measures.get(request);
    if (measure) {
      const ms = (performance.now() - measure.startedAt).toFixed(1);
      const cpu = process.cpuUsage(measure.cpuAtStart);
      const cpuMs = ((cpu.user + cpu.system) / 1000).toFixed(1);
      reply.header("server-timing", `app;dur=${ms}, cpu;dur=${cpuMs}, db;desc="queries";dur=${measure.tally.queries}`);
    }
    return payload;
  });
}
