import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { isRedisUnavailable } from "@fieldops/config/redis-connections";
import { isDatabaseUnavailable } from "@fieldops/db/database-unavailable";
import { fieldSentence, installValidationMessages } from "@fieldops/shared/validation-messages";
import { DATABASE_UNAVAILABLE, REDIS_UNAVAILABLE, knownError } from "./http-error.ts";

/** Seconds a client is asked to wait before trying again while a dependency is down. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Every non-OK answer has a JSON body `{ message, field? }`, so the web client's error reads `STATUS: body` and the
 * sign-in screen can show `message`. Bad input is a 400 that names the field (`field`, its dotted path) and says what is
 * wrong with it in a sentence ("Property 2: Street is required", "Name must be at most 100 characters").
 */
export function installErrorHandler(app: FastifyInstance): void {
  installValidationMessages();
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const known = knownError(error);
    if (known) {
      if (known.retryAfterSeconds !== undefined)
        reply.header("retry-after", String(Math.ceil(known.retryAfterSeconds)));
      return reply.status(known.statusCode).send({
        message: known.message,
        ...(known.field ? { field: known.field } : {}),
        ...(known.requiredPlan ? { requiredPlan: known.requiredPlan } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const path = first?.instancePath.split("/").filter((segment) => segment !== "") ?? [];
      const field = path.join(".") || undefined;
      const message = fieldSentence(path, first?.message ?? "is not valid");
      return reply.status(400).send({ message, ...(field ? { field } : {}) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, "response did not match its schema");
      return reply.status(500).send({ message: "Internal server error" });
    }
    // A dependency that is down is an answer, not a bug: a fast 503 the client can retry, logged without a stack.
    const unavailable = isDatabaseUnavailable(error)
      ? DATABASE_UNAVAILABLE
      : isRedisUnavailable(error)
        ? REDIS_UNAVAILABLE
        : null;
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

/**
 * Errors of the router before any route runs (a path that is not valid percent-encoding, a parameter too long), in
 * the same `{ message }` format. Passed to Fastify as `frameworkErrors`.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const status = error.statusCode ?? 400;
  if (status >= 500) {
    request.log.error({ err: error }, "request failed");
    void reply.status(status).send({ message: "Internal server error" });
    return;
  }
  void reply.status(status).send({ message: error.message });
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (NUL or bare bytes in a header, headers too large),
 * answered in the same `{ message }` format. The connection closes after the answer, and says so, so that a client
 * does not send its next request on it. Passed to Fastify as `clientErrorHandler`.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, message] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request headers are too large"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "The request took too long to arrive"]
        : [400, "Malformed HTTP request"];
  const body = JSON.stringify({ message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
