/**
 * Prisma's codes for "the server could not be reached or went away": P1001 can't reach, P1002 timed out,
 * P1008 operation timed out, P1017 server closed the connection, P2024 no pool connection in time, P2028 a
 * transaction that could not start in time (every pooled connection busy).
 */
const UNAVAILABLE_PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2028"]);

/** What the driver adapter reports when it lost the server (rather than the server refusing a statement). */
const UNAVAILABLE_ADAPTER_KINDS = new Set([
  "DatabaseNotReachable",
  "ConnectionClosed",
  "SocketTimeout",
  "TooManyConnections",
]);

/**
 * PostgreSQL's SQLSTATE classes for a server that is going away or not ready: 08 connection exception,
 * 57P01-57P03 shutting down or starting up (crash recovery after a restart).
 */
const isUnavailableSqlState = (code: string) => code.startsWith("08") || /^57P0[1-3]$/.test(code);

/** node-postgres's own errors for a connection that broke or could not be opened in time. */
const UNAVAILABLE_DRIVER_MESSAGES = [
  "Connection terminated",
  "timeout exceeded when trying to connect",
  "Client has encountered a connection error",
  "connect ECONNREFUSED",
];

interface ErrorFields {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  meta?: { driverAdapterError?: { cause?: { kind?: unknown; originalCode?: unknown; code?: unknown } } };
  cause?: unknown;
}

/** Whether an error means PostgreSQL could not be reached or went away (as opposed to refusing a statement). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; typeof current === "object" && current !== null && depth < 5; depth++) {
    const fields = current as ErrorFields;
    if (fields.name === "PrismaClientInitializationError") return true;
    if (typeof fields.code === "string" && UNAVAILABLE_PRISMA_CODES.has(fields.code)) return true;
    if (typeof fields.code === "string" && /^[0-9A-Z]{5}$/.test(fields.code) && isUnavailableSqlState(fields.code))
      return true;
    const cause = fields.meta?.driverAdapterError?.cause;
    if (typeof cause?.kind === "string" && UNAVAILABLE_ADAPTER_KINDS.has(cause.kind)) return true;
    const sqlState = cause?.originalCode ?? cause?.code;
    if (cause?.kind === "postgres" && typeof sqlState === "string" && isUnavailableSqlState(sqlState)) return true;
    const message = typeof fields.message === "string" ? fields.message : "";
    if (UNAVAILABLE_DRIVER_MESSAGES.some((text) => message.includes(text))) return true;
    current = fields.cause;
  }
  return false;
}
