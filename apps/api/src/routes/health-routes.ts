import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { withinTimeLimit } from "@fieldops/config/time-limit";
import { migrationsNotApplied } from "@fieldops/db/migration-status";
import { healthEndpoints, type Health, type Readiness } from "@fieldops/shared/health";
import type { AppContext } from "../context.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";

const CHECK_TIMEOUT_MS = 2000;

async function answers(check: () => Promise<unknown>): Promise<"up" | "down"> {
  return withinTimeLimit(check(), CHECK_TIMEOUT_MS).then(
    () => "up" as const,
    () => "down" as const,
  );
}

const dependencies = (context: AppContext) =>
  Promise.all([answers(() => context.db.$queryRaw`SELECT 1`), answers(() => context.redis.ping())]);

const downNames = (database: "up" | "down", redis: "up" | "down") =>
  [database === "down" ? "database" : null, redis === "down" ? "Redis" : null].filter(Boolean).join(" and ");

/** Once every migration is seen applied it stays so for this process: migrations are never taken back. */
function migrationCheck(context: AppContext) {
  let applied = false;
  return async (): Promise<{ state: Readiness["migrations"]; pending: string[] }> => {
    if (applied) return { state: "applied", pending: [] };
    try {
      const pending = await withinTimeLimit(migrationsNotApplied(context.db), CHECK_TIMEOUT_MS);
      applied = pending.length === 0;
      return { state: applied ? "applied" : "pending", pending };
    } catch {
      return { state: "unknown", pending: [] };
    }
  };
}

export const healthRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  const migrations = migrationCheck(context);
  // Their requests log at warn and above (probes call them every few seconds): an endpoint route takes no
  // `logLevel`, a plugin of its own gives it one.
  await app.register(
    async (quiet) => {
      registerEndpoint(
        quiet,
        healthEndpoints.get,
        async (): Promise<Health> => {
          const [database, redis] = await dependencies(context);
          if (database === "up" && redis === "up") return { status: "ok", database, redis };
          return { status: "degraded", database, redis, message: `${downNames(database, redis)} not answering` };
        },
        { send: (reply, health) => reply.status(health.status === "ok" ? 200 : 503).send(health) },
      );
      registerEndpoint(quiet, healthEndpoints.live, async () => ({ status: "ok" as const }));
      registerEndpoint(
        quiet,
        healthEndpoints.ready,
        async (): Promise<Readiness> => {
          const [[database, redis], migrated] = await Promise.all([dependencies(context), migrations()]);
          const problems = [
            database === "up" && redis === "up" ? null : `${downNames(database, redis)} not answering`,
            migrated.state === "pending" ? `migrations not applied: ${migrated.pending.join(", ")}` : null,
          ].filter((problem): problem is string => problem !== null);
          const ready = problems.length === 0 && migrated.state === "applied";
          return {
            status: ready ? "ready" : "not_ready",
            database,
            redis,
            migrations: migrated.state,
            ...(ready ? {} : { message: problems.join("; ") || "migrations could not be checked" }),
          };
        },
        { send: (reply, readiness) => reply.status(readiness.status === "ready" ? 200 : 503).send(readiness) },
      );
    },
    { logLevel: "warn" },
  );
};
