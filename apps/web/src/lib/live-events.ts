import {
  createContext,
  createElement,
  useContext,
  useEffect,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from "react";
import {
  realtimeEndpoints,
  SOCKET_CATCH_UP_PARAM,
  WS_CLOSE_UNAUTHORIZED,
  serverMessageSchema,
  type AppEvent,
  type ClientMessage,
  type ServerMessage,
} from "@fieldops/shared/events";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { ApiError } from "./api";
import { callEndpoint } from "./endpoints";

/**
 * The app's one WebSocket to /api/ws, carrying every live event. Every server message is validated with the shared
 * schema; a dropped connection is retried with exponential backoff and resumes after the last sequence seen, so
 * events published while the client was away are delivered once, in order. The first connection catches up on the
 * events since the client started, which the page's first fetches may have missed.
 */

export type LiveStatus = "connecting" | "live" | "reconnecting" | "stopped";
export type LiveEventHandler = (event: AppEvent, meta: { seq: string; requestId: string | null }) => void;
/** A server's `error` message, with the request id of the client message it answers when it answers one. */
export type LiveErrorHandler = (error: { message: string; requestId: string | null }) => void;

/** The client messages that carry a request of the user (chat), as opposed to the connection's own resume and ping. */
export type RequestMessage = Extract<ClientMessage, { type: "chat.send" | "chat.decide" }>;

/** What this client needs of a WebSocket: the browser's, or `ws` in Node tests. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveEventsOptions {
  /**
   * The socket's absolute URL, computed at each connection attempt. Defaults to this origin's /api/ws with a fresh single-use
   * ticket. A rejection that is an ApiError of 401, 403 or 404 means the session cannot have a socket: the client stops.
   */
  url?: () => string | Promise<string>;
  createSocket?: (url: string) => SocketLike;
  /** First retry delay; doubles on each failed attempt up to `maxDelayMs`, and resets once the server is ready. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /** A ping is sent this often; a connection whose previous ping got no pong is dropped and retried. */
  heartbeatMs?: number;
  random?: () => number;
  now?: () => number;
  /**
   * Called when the server refuses this session a socket (closed with 4401, or no ticket): it has ended, signed out
   * elsewhere or its company suspended; the client has stopped.
   */
  onRefused?: () => void;
}

const OPEN = 1;
/** The API's close code for a socket without a valid session or company: retrying cannot help, so the client stops. */
export const CLOSE_UNAUTHORIZED = WS_CLOSE_UNAUTHORIZED;

/**
 * This origin's /api/ws with a ticket for the current session. The session token itself never goes into a URL
 * (URLs end up in logs); the ticket works once, within seconds.
 */
export async function defaultLiveEventsUrl(): Promise<string> {
  const { ticket } = await callEndpoint(realtimeEndpoints.socketTicket);
  const protocol = location.protocol === "https:" ? "wss:" : "ws:";
  const url = new URL(`${protocol}//${location.host}${API_PATHS.socket}`);
  url.searchParams.set("ticket", ticket);
  return url.toString();
}

const isRefusal = (error: unknown) => error instanceof ApiError && [401, 403, 404].includes(error.status);

/** Orders stream positions: Redis stream ids (`<ms>-<n>`) numerically, anything else as text. */
export function compareSeq(a: string, b: string): number {
  const pa = /^(\d+)-(\d+)$/.exec(a);
  const pb = /^(\d+)-(\d+)$/.exec(b);
  if (pa && pb) {
    const ms = BigInt(pa[1]!) - BigInt(pb[1]!);
    if (ms !== 0n) return ms < 0n ? -1 : 1;
    const n = BigInt(pa[2]!) - BigInt(pb[2]!);
    return n === 0n ? 0 : n < 0n ? -1 : 1;
  }
  return a < b ? -1 : a > b ? 1 : 0;
}

export class LiveEventsClient {
  private readonly options: Required<LiveEventsOptions>;
  private readonly handlers = new Set<LiveEventHandler>();
  private readonly errorHandlers = new Set<LiveErrorHandler>();
  /**
   * Requests not yet answered, by request id, in the order sent. Each goes out once per connection, as soon as the
   * server is ready; an answer (an event or an error carrying its request id) settles it. One sent on a connection that
   * dropped before any answer goes out again on the next one, with the same request id, so the server runs it once.
   */
  private readonly pending = new Map<string, { message: RequestMessage; sentOn: number | null }>();
  private connectionId = 0;
  private ready = false;
  private readonly statusListeners = new Set<() => void>();
  private socket: SocketLike | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;
  private heartbeatTimer: ReturnType<typeof setInterval> | null = null;
  private awaitingPong = false;
  private attempt = 0;
  private pingCount = 0;
  private started = false;
  /** Bumped by every connection attempt and by stop(), so that a URL arriving late is not used. */
  private generation = 0;
  /** True once a server said where its stream stood: from then on every (re)connection resumes from `lastSeq`. */
  private hasPosition = false;
  private _lastSeq: string | null = null;
  /** When this client first started, as the page began loading what it shows: a first connection catches up from there. */
  private startedAt: number | null = null;
  private _status: LiveStatus = "stopped";

  constructor(options: LiveEventsOptions = {}) {
    this.options = {
      url: options.url ?? defaultLiveEventsUrl,
      createSocket: options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike),
      initialDelayMs: options.initialDelayMs ?? 1000,
      maxDelayMs: options.maxDelayMs ?? 30_000,
      heartbeatMs: options.heartbeatMs ?? 25_000,
      random: options.random ?? Math.random,
      now: options.now ?? Date.now,
      onRefused: options.onRefused ?? (() => {}),
    };
  }

  get status(): LiveStatus {
    return this._status;
  }

  get lastSeq(): string | null {
    return this._lastSeq;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.startedAt ??= this.options.now();
    this.setStatus(this.hasPosition ? "reconnecting" : "connecting");
    this.connect();
  }

  stop(): void {
    this.started = false;
    this.generation += 1;
    this.clearTimers();
    this.dropSocket();
    this.setStatus("stopped");
  }

  subscribe(handler: LiveEventHandler): () => void {
    this.handlers.add(handler);
    return () => {
      this.handlers.delete(handler);
    };
  }

  /** Errors the server reports on the socket (e.g. a refused chat message). */
  onError(handler: LiveErrorHandler): () => void {
    this.errorHandlers.add(handler);
    return () => {
      this.errorHandlers.delete(handler);
    };
  }

  /**
   * Sends a user's request: at once while the socket is open and the server ready, otherwise queued and sent once the
   * connection is back. Sending the same request id again before it is answered changes nothing.
   */
  request(message: RequestMessage): void {
    if (this.pending.has(message.requestId)) return;
    this.pending.set(message.requestId, { message, sentOn: null });
    this.flushPending();
  }

  /** How many requests wait for an answer (queued or sent). */
  get pendingRequests(): number {
    return this.pending.size;
  }

  private flushPending(): void {
    if (!this.ready || this.socket?.readyState !== OPEN) return;
    for (const entry of this.pending.values()) {
      if (entry.sentOn === this.connectionId) continue;
      entry.sentOn = this.connectionId;
      this.send(entry.message);
    }
  }

  private settle(requestId: string | null): void {
    if (requestId !== null) this.pending.delete(requestId);
  }

  onStatusChange(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => {
      this.statusListeners.delete(listener);
    };
  }

  private setStatus(status: LiveStatus): void {
    if (status === this._status) return;
    this._status = status;
    for (const listener of this.statusListeners) listener();
  }

  private connect(): void {
    const generation = ++this.generation;
    const current = () => this.started && generation === this.generation;
    new Promise<string>((resolve) => resolve(this.options.url())).then(
      (url) => {
        if (current()) this.open(this.hasPosition ? url : this.withCatchUp(url));
      },
      (error: unknown) => {
        if (!current()) return;
        if (isRefusal(error)) {
          console.warn("live events: the server refused a socket for this session", error);
          this.stop();
          this.options.onRefused();
          return;
        }
        console.warn("live events: cannot open the socket", error);
        this.scheduleReconnect();
      },
    );
  }

  /** A first connection asks for the events since this client started, which the data it fetched meanwhile may lack. */
  private withCatchUp(url: string): string {
    const withParam = new URL(url);
    const sinceStart = this.options.now() - (this.startedAt ?? this.options.now());
    withParam.searchParams.set(SOCKET_CATCH_UP_PARAM, String(Math.max(0, Math.round(sinceStart))));
    return withParam.toString();
  }

  private open(url: string): void {
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(url);
    } catch (error) {
      console.warn("live events: cannot open the socket", error);
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.connectionId += 1;
    this.ready = false;
    socket.onopen = () => {
      if (this.hasPosition) this.send({ type: "resume", after: this._lastSeq });
      this.startHeartbeat();
    };
    socket.onmessage = (event) => this.receive(event.data);
    socket.onerror = () => {
      // A close event follows; reconnection is handled there.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      this.stopHeartbeat();
      if (event.code === CLOSE_UNAUTHORIZED) {
        console.warn("live events: the server refused the connection (not signed in or no company)");
        this.stop();
        this.options.onRefused();
        return;
      }
      this.scheduleReconnect();
    };
  }

  private receive(data: unknown): void {
    let message: ServerMessage;
    try {
      const parsed = serverMessageSchema.safeParse(JSON.parse(String(data)));
      if (!parsed.success) {
        console.warn("live events: ignoring a message that does not match the contract", parsed.error.issues);
        return;
      }
      message = parsed.data;
    } catch {
      console.warn("live events: ignoring a message that is not JSON");
      return;
    }
    switch (message.type) {
      case "ready":
        if (!this.hasPosition) {
          this._lastSeq = message.lastSeq;
          this.hasPosition = true;
        }
        this.attempt = 0;
        this.ready = true;
        this.setStatus("live");
        this.flushPending();
        return;
      case "event":
        if (this._lastSeq !== null && compareSeq(message.seq, this._lastSeq) <= 0) return;
        this._lastSeq = message.seq;
        this.settle(message.requestId);
        for (const handler of [...this.handlers]) {
          try {
            handler(message.event, { seq: message.seq, requestId: message.requestId });
          } catch (error) {
            console.error("live events: a handler failed", error);
          }
        }
        return;
      case "pong":
        this.awaitingPong = false;
        return;
      case "error":
        console.warn(`live events: server error: ${message.message}`);
        this.settle(message.requestId);
        for (const handler of [...this.errorHandlers])
          handler({ message: message.message, requestId: message.requestId });
        return;
    }
  }

  private send(message: ClientMessage): void {
    if (this.socket?.readyState === OPEN) this.socket.send(JSON.stringify(message));
  }

  private startHeartbeat(): void {
    this.stopHeartbeat();
    this.awaitingPong = false;
    this.heartbeatTimer = setInterval(() => {
      if (this.awaitingPong) {
        // The previous ping went unanswered: the connection is gone even if no close event came.
        const socket = this.socket;
        this.dropSocket();
        if (socket) this.scheduleReconnect();
        return;
      }
      this.awaitingPong = true;
      this.send({ type: "ping", requestId: `ping-${++this.pingCount}` });
    }, this.options.heartbeatMs);
  }

  private stopHeartbeat(): void {
    if (this.heartbeatTimer !== null) clearInterval(this.heartbeatTimer);
    this.heartbeatTimer = null;
  }

  private scheduleReconnect(): void {
    if (!this.started || this.retryTimer !== null) return;
    this.setStatus("reconnecting");
    const capped = Math.min(this.options.maxDelayMs, this.options.initialDelayMs * 2 ** this.attempt);
    const delay = Math.round(capped / 2 + (this.options.random() * capped) / 2);
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.started) this.connect();
    }, delay);
  }

  private dropSocket(): void {
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    this.stopHeartbeat();
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = null;
    socket.onerror = () => {};
    try {
      socket.close();
    } catch {
      // Closing a socket that never opened can throw; it is discarded either way.
    }
  }

  private clearTimers(): void {
    if (this.retryTimer !== null) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopHeartbeat();
  }
}

const LiveEventsContext = createContext<LiveEventsClient | null>(null);

/**
 * Holds the app's live connection while mounted (the signed-in layout) and `enabled` (events belong to a company,
 * so a user without one has none); closes it on unmount.
 */
export function LiveEventsProvider({
  client,
  enabled = true,
  onRefused,
  children,
}: {
  client?: LiveEventsClient;
  enabled?: boolean;
  /** Told when the server refuses the session a socket (it has ended); see LiveEventsOptions.onRefused. */
  onRefused?: () => void;
  children: ReactNode;
}) {
  const refusedRef = useRef(onRefused);
  useEffect(() => {
    refusedRef.current = onRefused;
  });
  const [live] = useState(() => client ?? new LiveEventsClient({ onRefused: () => refusedRef.current?.() }));
  useEffect(() => {
    if (!enabled) return;
    live.start();
    return () => live.stop();
  }, [live, enabled]);
  return createElement(LiveEventsContext.Provider, { value: live }, children);
}

/** The app's live connection, to send requests on it. */
export function useLiveConnection(): LiveEventsClient {
  const client = useContext(LiveEventsContext);
  if (!client) throw new Error("useLiveConnection must be used within a LiveEventsProvider.");
  return client;
}

/** Calls `handler` for every event received while mounted and returns the connection's status. */
export function useLiveEvents(handler?: LiveEventHandler): LiveStatus {
  const client = useContext(LiveEventsContext);
  if (!client) throw new Error("useLiveEvents must be used within a LiveEventsProvider.");
  const handlerRef = useRef(handler);
  useEffect(() => {
    handlerRef.current = handler;
  });
  useEffect(() => client.subscribe((event, meta) => handlerRef.current?.(event, meta)), [client]);
  return useSyncExternalStore(
    (onChange) => client.onStatusChange(onChange),
    () => client.status,
    () => client.status,
  );
}
