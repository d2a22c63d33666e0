import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import type { Activity, AppEvent, ServerMessage } from "@fieldops/shared/events";
import { ApiError } from "./api";
import { CLOSE_UNAUTHORIZED, LiveEventsClient, compareSeq, type SocketLike } from "./live-events";

type Connection = { socket: WebSocket; received: unknown[]; url: string };

let wss: WebSocketServer;
let connections: Connection[];
let onConnection: (connection: Connection) => void;
let client: LiveEventsClient | undefined;

const activity = (id: string): Activity => ({
  id,
  action: "job.created",
  entityType: "job",
  entityId: `job-${id}`,
  actorUserId: "u1",
  summary: `Job ${id} created`,
  createdAt: "2026-04-01T10:00:00.000Z",
});

const eventMessage = (seq: string, id: string): ServerMessage => ({
  type: "event",
  seq,
  requestId: null,
  occurredAt: "2026-04-01T10:00:00.000Z",
  event: { name: "activity.recorded", payload: activity(id) },
});

const send = (connection: Connection | undefined, message: unknown) =>
  connection!.socket.send(typeof message === "string" ? message : JSON.stringify(message));

function startClient(options: Partial<ConstructorParameters<typeof LiveEventsClient>[0]> = {}) {
  const { port } = wss.address() as AddressInfo;
  const received: { event: AppEvent; seq: string }[] = [];
  client = new LiveEventsClient({
    url: () => `ws://127.0.0.1:${port}/api/ws?ticket=ticket-1`,
    createSocket: (url) => new WebSocket(url) as unknown as SocketLike,
    initialDelayMs: 10,
    maxDelayMs: 40,
    ...options,
  });
  client.subscribe((event, meta) => received.push({ event, seq: meta.seq }));
  client.start();
  return {
    client,
    received,
    ids: () => received.map((r) => (r.event.name === "activity.recorded" ? r.event.payload.id : null)),
  };
}

beforeEach(async () => {
  connections = [];
  onConnection = () => undefined;
  wss = new WebSocketServer({ host: "127.0.0.1", port: 0 });
  wss.on("connection", (socket, request) => {
    const connection: Connection = { socket, received: [], url: request.url ?? "" };
    socket.on("message", (raw) => connection.received.push(JSON.parse(String(raw))));
    connections.push(connection);
    onConnection(connection);
  });
  await new Promise<void>((resolve) => wss.once("listening", () => resolve()));
});

afterEach(async () => {
  client?.stop();
  client = undefined;
  for (const { socket } of connections) socket.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
  vi.restoreAllMocks();
});

describe("compareSeq", () => {
  it("orders Redis stream ids numerically", () => {
    expect(compareSeq("1700000000000-2", "1700000000000-10")).toBe(-1);
    expect(compareSeq("1700000000001-0", "1700000000000-99")).toBe(1);
    expect(compareSeq("5-0", "5-0")).toBe(0);
  });
});

describe("LiveEventsClient", () => {
  it("connects with the ticket, goes live on ready and delivers valid events once, in order", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    onConnection = (c) => send(c, { type: "ready", lastSeq: "1-0" });
    const live = startClient();
    expect(live.client.status).toBe("connecting");
    await vi.waitFor(() => expect(live.client.status).toBe("live"));
    expect(connections[0]?.url).toMatch(/^\/api\/ws\?ticket=ticket-1&catch_up_ms=\d+$/);

    send(connections[0], "not json");
    send(connections[0], { type: "event", seq: 5 });
    send(connections[0], eventMessage("2-0", "a"));
    send(connections[0], eventMessage("2-0", "a"));
    send(connections[0], eventMessage("1-0", "old"));
    send(connections[0], eventMessage("3-0", "b"));

    await vi.waitFor(() => expect(live.ids()).toEqual(["a", "b"]));
    expect(live.client.lastSeq).toBe("3-0");
    expect(warn).toHaveBeenCalledTimes(2);
    // A first connection has nothing to resume.
    expect(connections[0]?.received).toEqual([]);
  });

  it("reconnects after a drop and resumes after the last sequence seen", async () => {
    onConnection = (c) => {
      if (connections.length === 1) {
        send(c, { type: "ready", lastSeq: "5-0" });
        send(c, eventMessage("6-0", "six"));
      }
    };
    const live = startClient();
    await vi.waitFor(() => expect(live.ids()).toEqual(["six"]));

    connections[0]!.socket.terminate();
    await vi.waitFor(() => expect(live.client.status).toBe("reconnecting"));
    await vi.waitFor(() => expect(connections[1]?.received).toEqual([{ type: "resume", after: "6-0" }]));

    send(connections[1], { type: "ready", lastSeq: "8-0" });
    send(connections[1], eventMessage("6-0", "six"));
    send(connections[1], eventMessage("7-0", "seven"));
    send(connections[1], eventMessage("8-0", "eight"));

    await vi.waitFor(() => expect(live.ids()).toEqual(["six", "seven", "eight"]));
    expect(live.client.status).toBe("live");
  });

  it("resumes from the ready position when the drop came before any event", async () => {
    onConnection = (c) => {
      if (connections.length === 1) send(c, { type: "ready", lastSeq: "9-0" });
    };
    const live = startClient();
    await vi.waitFor(() => expect(live.client.status).toBe("live"));

    connections[0]!.socket.terminate();

    await vi.waitFor(() => expect(connections[1]?.received).toEqual([{ type: "resume", after: "9-0" }]));
  });

  it("catches up, on its first connection only, from the time it started, and counts the retries before it in", async () => {
    let now = 1_000_000;
    onConnection = (c) => {
      if (connections.length === 1) c.socket.terminate();
      else if (connections.length === 2) send(c, { type: "ready", lastSeq: "9-0" });
    };
    const live = startClient({
      now: () => now,
      url: () => {
        now += 700;
        return `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/api/ws?ticket=t`;
      },
    });
    await vi.waitFor(() => expect(live.client.status).toBe("live"));
    connections[1]!.socket.terminate();
    await vi.waitFor(() => expect(connections[2]?.received).toEqual([{ type: "resume", after: "9-0" }]));

    const catchUp = connections.map((c) => new URL(c.url, "ws://x").searchParams.get("catch_up_ms"));
    expect(catchUp).toEqual(["700", "1400", null]);
  });

  it("stops without retrying when the server refuses the session", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    onConnection = (c) => c.socket.close(CLOSE_UNAUTHORIZED, "Not signed in");
    const live = startClient();

    await vi.waitFor(() => expect(live.client.status).toBe("stopped"));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toHaveLength(1);
    expect(warn).toHaveBeenCalled();
  });

  it("waits for a URL that comes from a promise, and asks for a new one (a new ticket) at each attempt", async () => {
    const { port } = wss.address() as AddressInfo;
    let issued = 0;
    onConnection = (c) => {
      if (connections.length === 1) c.socket.terminate();
      else send(c, { type: "ready", lastSeq: null });
    };
    const live = startClient({ url: async () => `ws://127.0.0.1:${port}/api/ws?ticket=t${++issued}` });

    await vi.waitFor(() => expect(live.client.status).toBe("live"));
    expect(connections.map((c) => new URL(c.url, "ws://x").searchParams.get("ticket"))).toEqual(["t1", "t2"]);
  });

  it("stops without opening a socket when the session cannot have one", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    let asked = 0;
    const live = startClient({
      url: async () => {
        asked += 1;
        throw new ApiError(401, "Unauthorized", '{"message":"Not signed in"}');
      },
    });

    await vi.waitFor(() => expect(live.client.status).toBe("stopped"));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(asked).toBe(1);
    expect(connections).toHaveLength(0);
    expect(warn).toHaveBeenCalled();
  });

  it("retries when the URL cannot be had for another reason (the API is down)", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const { port } = wss.address() as AddressInfo;
    let asked = 0;
    onConnection = (c) => send(c, { type: "ready", lastSeq: null });
    const live = startClient({
      url: async () => {
        asked += 1;
        if (asked < 3) throw new ApiError(503, "Service Unavailable", "");
        return `ws://127.0.0.1:${port}/api/ws?ticket=late`;
      },
    });

    await vi.waitFor(() => expect(live.client.status).toBe("live"));
    expect(asked).toBe(3);
  });

  it("backs off between failed attempts and keeps retrying", async () => {
    onConnection = (c) => c.socket.close(1011, "try later");
    const live = startClient({ initialDelayMs: 20, maxDelayMs: 20, random: () => 1 });

    await vi.waitFor(() => expect(connections.length).toBeGreaterThanOrEqual(3));
    expect(live.client.status).toBe("reconnecting");
  });

  it("drops a connection whose ping goes unanswered and opens a new one", async () => {
    onConnection = (c) => send(c, { type: "ready", lastSeq: null });
    const live = startClient({ heartbeatMs: 30 });

    await vi.waitFor(() => expect(connections.length).toBeGreaterThanOrEqual(2));
    expect(connections[0]?.received[0]).toMatchObject({ type: "ping" });
    expect(live.client.status).not.toBe("stopped");
  });

  it("keeps a connection whose pings are answered", async () => {
    onConnection = (c) => {
      send(c, { type: "ready", lastSeq: null });
      c.socket.on("message", (raw) => {
        const message = JSON.parse(String(raw)) as { type: string; requestId: string };
        if (message.type === "ping") send(c, { type: "pong", requestId: message.requestId });
      });
    };
    startClient({ heartbeatMs: 20 });

    await vi.waitFor(() => expect(connections[0]?.received.length).toBeGreaterThanOrEqual(4));
    expect(connections).toHaveLength(1);
  });

  it("closes the socket and stays closed after stop()", async () => {
    onConnection = (c) => send(c, { type: "ready", lastSeq: null });
    const live = startClient();
    await vi.waitFor(() => expect(live.client.status).toBe("live"));
    const closed = new Promise((resolve) => connections[0]!.socket.once("close", resolve));

    live.client.stop();

    await closed;
    expect(live.client.status).toBe("stopped");
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(connections).toHaveLength(1);
  });

  describe("sending chat requests", () => {
    const chat = (requestId: string) =>
      ({
        type: "chat.send",
        requestId,
        conversationId: null,
        text: "take me to my jobs",
        context: { path: "/jobs" },
      }) as const;
    const chatMessages = (connection: Connection | undefined) =>
      (connection?.received ?? []).filter((m) => (m as { type: string }).type.startsWith("chat."));

    it("queues a request while the socket is not open and sends it once the server is ready", async () => {
      let answerReady: (() => void) | undefined;
      onConnection = (c) => {
        answerReady = () => send(c, { type: "ready", lastSeq: null });
      };
      const live = startClient();
      live.client.request(chat("r1"));
      await vi.waitFor(() => expect(answerReady).toBeDefined());
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(chatMessages(connections[0])).toEqual([]);

      answerReady!();

      await vi.waitFor(() => expect(chatMessages(connections[0])).toEqual([chat("r1")]));
      expect(live.client.pendingRequests).toBe(1);
    });

    it("sends at once while live, and a repeated request id only once", async () => {
      onConnection = (c) => send(c, { type: "ready", lastSeq: null });
      const live = startClient();
      await vi.waitFor(() => expect(live.client.status).toBe("live"));

      live.client.request(chat("r1"));
      live.client.request(chat("r1"));
      live.client.request(chat("r2"));

      await vi.waitFor(() => expect(chatMessages(connections[0])).toEqual([chat("r1"), chat("r2")]));
    });

    it("sends an unanswered request again after a reconnect, with the same request id, and an answered one never", async () => {
      onConnection = (c) => send(c, { type: "ready", lastSeq: connections.length === 1 ? "1-0" : "2-0" });
      const live = startClient();
      await vi.waitFor(() => expect(live.client.status).toBe("live"));
      live.client.request(chat("answered"));
      live.client.request(chat("lost"));
      await vi.waitFor(() => expect(chatMessages(connections[0])).toHaveLength(2));
      send(connections[0], { ...eventMessage("2-0", "x"), requestId: "answered" });
      await vi.waitFor(() => expect(live.client.pendingRequests).toBe(1));

      connections[0]!.socket.terminate();

      await vi.waitFor(() => expect(chatMessages(connections[1])).toEqual([chat("lost")]));
      expect(connections[1]!.received[0]).toEqual({ type: "resume", after: "2-0" });
    });

    it("settles a request the server refuses, and tells the error's listeners", async () => {
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      onConnection = (c) => send(c, { type: "ready", lastSeq: null });
      const live = startClient();
      const errors: unknown[] = [];
      live.client.onError((error) => errors.push(error));
      await vi.waitFor(() => expect(live.client.status).toBe("live"));
      live.client.request(chat("r1"));
      await vi.waitFor(() => expect(chatMessages(connections[0])).toHaveLength(1));

      send(connections[0], { type: "error", message: "Too many messages, try again in a minute", requestId: "r1" });

      await vi.waitFor(() =>
        expect(errors).toEqual([{ message: "Too many messages, try again in a minute", requestId: "r1" }]),
      );
      expect(live.client.pendingRequests).toBe(0);
    });
  });
});
