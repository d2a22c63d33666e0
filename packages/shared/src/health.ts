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

/** Liveness: the process answers (its event loop runs); nothing else is checked. */
export const livenessSchema = z.object({ status: z.literal("ok") });
export type Liveness = z.infer<typeof livenessSchema>;

/**
 * Readiness: the process can serve. `migrations` is `pending` when the database lacks a migration this code expects
 * and `unknown` when the database did not answer; `message` names what failed.
 */
export const readinessSchema = z.object({
  status: z.enum(["ready", "not_ready"]),
  database: z.enum(["up", "down"]),
  redis: z.enum(["up", "down"]),
  migrations: z.enum(["applied", "pending", "unknown"]),
  message: z.string().optional(),
});
export type Readiness = z.infer<typeof readinessSchema>;

export const healthEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/api/health",
    tags: ["system"],
    summary: "200 when PostgreSQL and Redis answer, 503 otherwise",
    response: healthSchema,
    errors: { 503: healthSchema },
  }),
  live: defineEndpoint({
    method: "GET",
    path: "/api/health/live",
    tags: ["system"],
    summary: "Liveness: 200 while the process answers",
    response: livenessSchema,
  }),
  ready: defineEndpoint({
    method: "GET",
    path: "/api/health/ready",
    tags: ["system"],
    summary: "Readiness: 200 when the migrations are applied and PostgreSQL and Redis answer, 503 naming what failed",
    response: readinessSchema,
    errors: { 503: readinessSchema },
  }),
} as const;
