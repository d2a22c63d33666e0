import { pino, type DestinationStream, type Logger, type LoggerOptions } from "pino";
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

/**
 * Query parameters whose values are credentials, one-time codes or OAuth states (by name, in any case); their values
 * are cut from every URL a log line holds.
 */
const SECRET_QUERY_PARAMETER =
  /token|ticket|secret|passw|key|code|sig|auth|session|credential|state|bearer|jwt|nonce|otp|verifier|assertion/i;

/** A query parameter wherever it appears in a text: after `?` or `&`, its name, `=`, and its value up to the next one. */
const QUERY_PARAMETER = /([?&])([^=&#?\s"'<>]+)=([^&#\s"'<>]*)/g;

/**
 * URLs whose path carries a credential (a calendar feed's secret link: calendar apps fetch a URL and send nothing
 * else); the segment after the subject's id is cut.
 */
const SECRET_PATH_PREFIX = "/api/calendars/";
/** An API key wherever it appears (one pasted in a URL by mistake is refused, and must not reach the logs either). */
const API_KEY = /fo_key_[A-Za-z0-9_-]+/g;
const SECRET_PATH = /(\/api\/calendars\/[^/\s"'<>?#]+\/[^/\s"'<>?#]+\/)[^/\s"'<>?#]+/g;

function decodedName(rawName: string): string {
  try {
    return decodeURIComponent(rawName.replaceAll("+", " "));
  } catch {
    return rawName;
  }
}

/**
 * The text with the value of every query parameter that may carry a secret replaced by "[redacted]", in a URL alone
 * (`/api/x?state=…`) or in a URL inside a message (`fetch https://… failed`), and a calendar feed's token cut from its
 * path. Other parameters are kept.
 */
export function redactUrl(text: string): string {
  const withoutKeys = text.includes("fo_key_") ? text.replace(API_KEY, "fo_key_[redacted]") : text;
  const withoutPathSecrets = withoutKeys.includes(SECRET_PATH_PREFIX)
    ? withoutKeys.replace(SECRET_PATH, "$1[redacted]")
    : withoutKeys;
  if (!withoutPathSecrets.includes("=")) return withoutPathSecrets;
  return withoutPathSecrets.replace(QUERY_PARAMETER, (whole, separator: string, rawName: string) =>
    SECRET_QUERY_PARAMETER.test(decodedName(rawName)) ? `${separator}${rawName}=[redacted]` : whole,
  );
}

/** How deep into a logged object strings are searched for URLs; log lines are shallow. */
const REDACTION_DEPTH = 8;

/**
 * The logged value with `redactUrl` applied to every string in it, and the secret-named keys of a parsed query string
 * (`query`, `querystring`, `searchParams`) redacted. Objects are copied only where something changed.
 */
function redactUrlsIn(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactUrl(value);
  if (depth >= REDACTION_DEPTH || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => redactUrlsIn(item, depth + 1));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (value instanceof Error || Object.getPrototypeOf(value) !== Object.prototype) return value;
  let copy: Record<string, unknown> | null = null;
  for (const [key, item] of Object.entries(value)) {
    const redacted =
      QUERY_KEYS.has(key) && item !== null && typeof item === "object" && !Array.isArray(item)
        ? redactQuery(item as Record<string, unknown>)
        : redactUrlsIn(item, depth + 1);
    if (redacted !== item) (copy ??= { ...value })[key] = redacted;
  }
  return copy ?? value;
}

const QUERY_KEYS = new Set(["query", "querystring", "searchParams"]);

function redactQuery(query: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(query).map(([name, item]) => [
      name,
      SECRET_QUERY_PARAMETER.test(name) ? "[redacted]" : redactUrlsIn(item, REDACTION_DEPTH - 1),
    ]),
  );
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

/** An error as pino writes it, without the secrets of a URL in its message or stack (a failed fetch names its URL). */
const serializeError = (error: Error) => redactUrlsIn({ ...pino.stdSerializers.err(error) });

export const LOG_SERIALIZERS = { req: serializeRequest, err: serializeError };

/**
 * The one logger of every server process (API and worker): JSON lines with the service's name, the same redaction
 * and serializers everywhere. `destination` defaults to stdout; tests pass a stream to read the lines.
 */
export function createLogger(service: string, level: LogLevel, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { service, pid: process.pid },
    redact: { paths: REDACTED_LOG_PATHS, censor: "[redacted]" },
    serializers: LOG_SERIALIZERS,
    // Any URL a line holds, in its fields or its message, loses its secret query values.
    formatters: { log: (object) => redactUrlsIn(object) as Record<string, unknown> },
    hooks: {
      logMethod(args, method) {
        method.apply(
          this,
          args.map((arg) => (typeof arg === "string" ? redactUrl(arg) : arg)) as Parameters<typeof method>,
        );
      },
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
