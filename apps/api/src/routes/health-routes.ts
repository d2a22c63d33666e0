import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { healthEndpoints, type Health } from "@fieldops/shared/health";
import type { AppContext } from "../context.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";

const CHECK_TIMEOUT_MS = 2000;

async function answers(check: () => Promise<unknown>): Promise<"up" | "down"> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return "up";
  } catch {
    return "down";
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  // Its requests log at warn and above: an endpoint route takes no `logLevel`, a plugin of its own gives it one.
  await app.register(
    async (quiet) => {
      registerEndpoint(
        quiet,
        healthEndpoints.get,
        async (): Promise<Health> => {
          const [database, redis] = await Promise.all([
            answers(() => context.db.$queryRaw`SELECT 1`),
            answers(() => context.redis.ping()),
          ]);
          if (database === "up" && redis === "up") return { status: "ok", database, redis };
          const down = [database === "down" ? "database" : null, redis === "down" ? "Redis" : null].filter(Boolean);
          return { status: "degraded", database, redis, message: `${down.join(" and ")} not answering` };
        },
        { send: (reply, health) => reply.status(health.status === "ok" ? 200 : 503).send(health) },
      );
    },
    { logLevel: "warn" },
  );
};
