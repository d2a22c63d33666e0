import { WebSocket } from "ws";
import { serverMessageSchema, type ClientMessage, type ServerMessage } from "@fieldops/shared/events";

/** A socket that records every message, with a way to wait for one. */
export function connect(url: string, headers: Record<string, string> = {}) {
  const socket = new WebSocket(url, { headers });
  const messages: ServerMessage[] = [];
  const waiters: { test: (m: ServerMessage) => boolean; resolve: (m: ServerMessage) => void }[] = [];
  socket.on("message", (raw) => {
    const message = serverMessageSchema.parse(JSON.parse(String(raw)));
    messages.push(message);
    for (const waiter of waiters.filter((w) => w.test(message))) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve(message);
    }
  });
  const next = (test: (m: ServerMessage) => boolean, timeoutMs = 5000) =>
    new Promise<ServerMessage>((resolve, reject) => {
      const found = messages.find(test);
      if (found) return resolve(found);
      const timer = setTimeout(() => reject(new Error("no such message in time")), timeoutMs);
      waiters.push({ test, resolve: (m) => (clearTimeout(timer), resolve(m)) });
    });
  const closed = new Promise<{ code: number }>((resolve) => socket.on("close", (code) => resolve({ code })));
  const errors: string[] = [];
  socket.on("error", (error) => errors.push(error.message));
  const opened = new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("error", reject);
  });
  // A refused upgrade is what some tests expect: only sending on such a socket fails.
  opened.catch(() => {});
  const sendMessage = async (message: ClientMessage) => {
    await opened;
    socket.send(JSON.stringify(message));
  };
  return { socket, messages, next, closed, errors, sendMessage };
}

export type TestSocket = ReturnType<typeof connect>;

/** The single-use ticket the web app trades its session for before it opens the socket. */
export async function socketTicket(baseUrl: string, token: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/ws-ticket`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.status !== 200) throw new Error(`ws-ticket: ${response.status}`);
  return ((await response.json()) as { ticket: string }).ticket;
}

/** An open socket of the holder of `token`, once the server said it is ready. */
export async function openSocket(baseUrl: string, token: string): Promise<TestSocket> {
  const client = connect(
    `${baseUrl.replace("http", "ws")}/api/ws?ticket=${encodeURIComponent(await socketTicket(baseUrl, token))}`,
  );
  await client.next((m) => m.type === "ready");
  return client;
}
