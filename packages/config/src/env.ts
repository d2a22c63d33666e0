import { z } from "zod";

/** Every environment variable the product reads; README's configuration table mirrors this. */
export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  /** The restricted runtime role (not the owner of the schema): see README, Configuration. */
  DATABASE_URL: z.string().url(),
  /** Signs tenant and system contexts; `npm start` reads it from the database with the owner role. */
  DATABASE_CONTEXT_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal digits"),
  REDIS_URL: z.string().url(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  SESSION_TTL_DAYS: z.coerce.number().int().positive().default(30),
  PLATFORM_ADMIN_EMAILS: z
    .string()
    .default("")
    .transform((list) =>
      list
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    ),
  WEB_DIST_DIR: z.string().optional(),
  /** Set when a reverse proxy in front sets X-Forwarded-For; otherwise a client could pick its own address. */
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((value) => value === "true"),
  /** With a key, a model answers the chat (the `ai` package, OpenAI-compatible chat completions); else the offline planner. */
  OPENAI_API_KEY: z.string().optional(),
  /** An OpenAI-compatible API's base URL, e.g. `http://127.0.0.1:8080/v1`; OpenAI's by default. */
  OPENAI_BASE_URL: z.string().url().optional(),
  /** The chat model's name; gpt-4o-mini by default. */
  OPENAI_MODEL: z.string().optional(),
  /** An OSRM server for road travel times (route optimization); straight-line estimates without it. */
  OSRM_URL: z.string().url().optional(),
  /**
   * A map tile server (an XYZ template such as https://tiles.example.com/{z}/{x}/{y}.png): route proposals are drawn
   * on a map when it is set. Its origin is added to the page's allowed image sources.
   */
  MAP_TILE_URL: z
    .string()
    .url()
    .refine((url) => /^https?:\/\//.test(url) && ["{z}", "{x}", "{y}"].every((part) => url.includes(part)), "must be an http(s) URL with {z}, {x} and {y}")
    .optional(),
  /** The attribution the tile server's licence asks for, shown on the map. */
  MAP_TILE_ATTRIBUTION: z.string().max(300).default(""),
  /**
   * Adds a Server-Timing header to every API answer: the server time and the number of SQL statements it took. For
   * measuring (npm run bench); off by default, as it tells any caller how its request was served.
   */
  FIELDOPS_REQUEST_METRICS: z
    .enum(["true", "false", "1", "0"])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
});
export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return result.data;
}
