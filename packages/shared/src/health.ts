import { z } from "zod";
import { defineEndpoint } from "./endpoint";

/** Whether the API's dependencies answer; the same body with 200 (all up) and 503 (something down). */
export const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.enum(["up", "down"]),
  redis: z.enum(["up", "down"]),
  message: z.string().optional(),
});
export type Health = z.infer<typeof healthSchema>;

export const healthEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/api/health",
    tags: ["system"],
    summary: "200 when PostgreSQL and Redis answer, 503 otherwise",
    response: healthSchema,
    errors: { 503: healthSchema },
  }),
} as const;
