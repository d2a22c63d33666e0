import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../context.ts";
import { API_PATHS } from "@fieldops/shared/api-paths";

const CHECK_TIMEOUT_MS = 2000;
const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["up", "down"]),
  redis: z.enum(["up", "down"]),
  message: z.string().optional(),
});

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
  app.get(
    API_PATHS.health,
    {
      logLevel: "warn",
      schema: {
        tags: ["system"],
        summary: "200 when PostgreSQL and Redis answer, 503 otherwise",
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const [database, redis] = await Promise.all([
        answers(() => context.db.$queryRaw`SELECT 1`),
        answers(() => context.redis.ping()),
      ]);
      if (database === "up" && redis === "up") return { status: "ok" as const, database, redis };
      const down = [database === "down" ? "database" : null, redis === "down" ? "Redis" : null].filter(Boolean);
      return reply
        .status(503)
        .send({ status: "degraded", database, redis, message: `${down.join(" and ")} not answering` });
    },
  );
};
