import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isRedisUnavailable } from "../../../../packages/config/src/redis-connections.ts";
import { isDatabaseUnavailable } from "../../../../packages/db/src/database-unavailable.ts";
import { DATABASE_UNAVAILABLE, HttpError, REDIS_UNAVAILABLE } from "./http-error.ts";

/** Seconds a client is asked to wait before trying again while a dependency is down. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Every non-OK answer has a JSON body `{ message, field? }`, so the web client's error reads `STATUS: body` and the
 * sign-in screen can show `message`. Bad input is a 400 that names the field.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.status(error.statusCode).send({ message: error.message, ...(error.field ? { field: error.field } : {}) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath.replace(/^\//, "").replaceAll("/", ".") || undefined;
      const detail = first?.message ?? "is invalid";
      const message = field ? `Invalid ${field}: ${detail}` : `Invalid request: ${detail}`;
      return reply.status(400).send({ message, ...(field ? { field } : {}) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.status(500).send({ message: "Internal server error" });
    }
    // A dependency that is down is an answer, not a bug: a fast 503 the client can retry, logged without a stack.
    const unavailable = isDatabaseUnavailable(error) ? DATABASE_UNAVAILABLE : isRedisUnavailable(error) ? REDIS_UNAVAILABLE : null;
    if (unavailable) {
      request.log.warn({ error: error.message.trim().split("\n").pop() }, unavailable);
      return reply.status(503).header("retry-after", String(RETRY_AFTER_SECONDS)).send({ message: unavailable });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.status(status).send({ message: "Internal server error" });
    }
    // Fastify's own client errors (malformed JSON, body too large, unsupported media type).
    return reply.status(status).send({ message: error.message });
  });
}
