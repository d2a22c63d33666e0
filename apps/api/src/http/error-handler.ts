import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { knownError } from "./http-error.ts";

/**
 * Every non-OK answer has a JSON body `{ message, field? }`, so the web client's error reads `STATUS: body` and the
 * sign-in screen can show `message`. Bad input is a 400 that names the field.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = knownError(error);
    if (known) {
      if (known.retryAfterSeconds !== undefined) reply.header("retry-after", String(Math.ceil(known.retryAfterSeconds)));
      return reply.status(known.statusCode).send({ message: known.message, ...(known.field ? { field: known.field } : {}) });
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
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.status(status).send({ message: "Internal server error" });
    }
    // Fastify's own client errors (malformed JSON, body too large, unsupported media type).
    return reply.status(status).send({ message: error.message });
  });
}
