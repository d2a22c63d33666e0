import { pino, type DestinationStream, type Logger } from "pino";
import type { Env } from "./env.ts";

export type LogLevel = Env["LOG_LEVEL"];
export type { Logger };

/** Secrets never reach the logs: these paths are replaced by "[redacted]" in every log line. */
export const REDACTED_LOG_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  "req.query.token",
  "password",
  "token",
  "ticket",
  "*.password",
  "*.token",
  "*.ticket",
  "apiKey",
  "*.apiKey",
];

/** Query parameters whose values are credentials or one-time codes; their values are cut from logged URLs. */
const SECRET_QUERY_PARAMETER = /token|ticket|secret|passw|key|code|sig|auth|session|credential/i;

/** The URL with the value of every query parameter that may carry a secret replaced by "[redacted]". */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf("?");
  if (queryAt === -1) return url;
  const query = url
    .slice(queryAt + 1)
    .split("&")
    .map((pair) => {
      const equals = pair.indexOf("=");
      const rawName = equals === -1 ? pair : pair.slice(0, equals);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replaceAll("+", " "));
      } catch {
        name = rawName;
      }
      return equals !== -1 && SECRET_QUERY_PARAMETER.test(name) ? `${rawName}=[redacted]` : pair;
    })
    .join("&");
  return `${url.slice(0, queryAt)}?${query}`;
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number } | null;
}

/** How a request appears in a log line (Fastify logs it as `req`): never its headers, and its URL without secrets. */
function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: typeof request.url === "string" ? redactUrl(request.url) : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

export const LOG_SERIALIZERS = { req: serializeRequest, err: pino.stdSerializers.err };

/**
 * The one logger of every server process (API and worker): JSON lines with the service's name, the same redaction
 * and serializers everywhere. `destination` defaults to stdout; tests pass a stream to read the lines.
 */
export function createLogger(service: string, level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: { service, pid: process.pid },
    redact: { paths: REDACTED_LOG_PATHS, censor: "[redacted]" },
    serializers: LOG_SERIALIZERS,
  };
  return destination ? pino(options, destination) : pino(options);
}
