import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { cleanup } from "@testing-library/react";
import { afterAll, afterEach, beforeAll } from "vitest";
import { WebSocket as WsClient, WebSocketServer, type WebSocket } from "ws";

const TEST_NUMBER_HEADER = "x-local-test-number";

/** A request as the test server saw it. */
export type SeenRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: string };
export type Route = (req: SeenRequest, res: ServerResponse, raw: IncomingMessage) => void | Promise<void>;

export type LocalServer = {
  /** Origin, e.g. http://127.0.0.1:43121 */
  origin: string;
  server: Server;
  requests: SeenRequest[];
  /**
   * Resolves once no request has been open or arrived for a short while: a fetch a test's page started just before it
   * was unmounted reaches this in-process server afterwards, and must not be logged as the next test's.
   */
  settle: () => Promise<void>;
  /**
   * Starts the next test's request log. A request the page's fetch tagged with an earlier test's number (see
   * {@link useLocalApi}) is still answered but no longer logged, however late a starved machine delivers it.
   */
  nextTest: () => void;
  /** The number of the test whose requests are being logged. */
  readonly testNumber: number;
  /** Replaces the handler of `METHOD /path` (query string ignored). */
  on: (method: string, path: string, route: Route) => void;
  close: () => Promise<void>;
};

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

/**
 * A real HTTP server on 127.0.0.1 for tests of code that calls the API: requests are recorded, unrouted ones get
 * 404. Tests talk to it with the platform's fetch, never a mock.
 */
export async function startLocalServer(): Promise<LocalServer> {
  const routes = new Map<string, Route>();
  const requests: SeenRequest[] = [];
  let open = 0;
  let lastArrival = 0;
  let testNumber = 0;
  const server = createServer((raw, res) => {
    open += 1;
    lastArrival = Date.now();
    res.on("close", () => {
      open -= 1;
    });
    const chunks: Buffer[] = [];
    raw.on("data", (chunk: Buffer) => chunks.push(chunk));
    raw.on("end", () => {
      const seen: SeenRequest = {
        method: raw.method ?? "GET",
        url: raw.url ?? "/",
        headers: raw.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      const taggedTest = raw.headers[TEST_NUMBER_HEADER];
      if (taggedTest === undefined || taggedTest === String(testNumber)) requests.push(seen);
      const route = routes.get(`${seen.method} ${seen.url.split("?")[0]}`);
      if (!route) return sendJson(res, 404, { message: "Not found" });
      Promise.resolve(route(seen, res, raw)).catch((error: unknown) => {
        if (!res.headersSent) sendJson(res, 500, { message: String(error) });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    server,
    requests,
    settle: async () => {
      const quietMs = 30;
      const giveUpAt = Date.now() + 2_000;
      while (Date.now() < giveUpAt && (open > 0 || Date.now() - lastArrival < quietMs)) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    nextTest: () => {
      testNumber += 1;
      requests.length = 0;
    },
    get testNumber() {
      return testNumber;
    },
    on: (method, path, route) => routes.set(`${method} ${path}`, route),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Points the jsdom page at `origin`, so relative URLs (and the app's WebSocket URL) reach the test server. */
export function setPageOrigin(origin: string): void {
  const dom = (globalThis as { jsdom?: { reconfigure: (options: { url: string }) => void } }).jsdom;
  if (!dom) throw new Error("setPageOrigin needs the jsdom test environment");
  dom.reconfigure({ url: `${origin}/` });
}

/**
 * For a jsdom test file: one local API server for the file, the page pointed at it, and storage and the request
 * log reset after each test. The page's fetch tags each request with the test's number, so a read an unmounted page
 * started is never logged as the next test's. Read `api.current` inside tests and hooks.
 */
export function useLocalApi(): { readonly current: LocalServer } {
  const holder: { current?: LocalServer } = {};
  const pageFetch = globalThis.fetch;
  beforeAll(async () => {
    const server = await startLocalServer();
    holder.current = server;
    setPageOrigin(server.origin);
    globalThis.fetch = (input, init) => {
      const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
      headers.set(TEST_NUMBER_HEADER, String(server.testNumber));
      return pageFetch(input, { ...init, headers });
    };
  });
  afterAll(async () => {
    globalThis.fetch = pageFetch;
    await holder.current?.close();
  });
  afterEach(async () => {
    cleanup();
    await holder.current?.settle();
    localStorage.clear();
    sessionStorage.clear();
    holder.current?.nextTest();
  });
  return {
    get current() {
      if (!holder.current) throw new Error("The local API server starts in beforeAll");
      return holder.current;
    },
  };
}

/**
 * For a jsdom test file using {@link useLocalApi}: a WebSocket server at /api/ws on that local API, each connection
 * handed to `onConnection`. The WebSocket that vitest's jsdom environment exposes (undici's) cannot dispatch jsdom's
 * events and throws on open, so the app's socket uses the `ws` client here: a real WebSocket to the real test server.
 */
export function useLocalSocket(
  api: { readonly current: LocalServer },
  onConnection: (socket: WebSocket, request: IncomingMessage) => void,
): void {
  let wss: WebSocketServer | undefined;
  beforeAll(() => {
    globalThis.WebSocket = WsClient as unknown as typeof globalThis.WebSocket;
    wss = new WebSocketServer({ server: api.current.server, path: "/api/ws" });
    wss.on("connection", onConnection);
  });
  afterAll(async () => {
    if (!wss) return;
    const server = wss;
    for (const client of server.clients) client.terminate();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}
