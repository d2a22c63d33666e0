import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RawData, WebSocket } from "ws";
import { z } from "zod";
import { WS_CLOSE_UNAUTHORIZED, clientMessageSchema, type ServerMessage } from "#shared/events";
import {
  latestSeq,
  readEventsAfter,
  type PublishedEvent,
} from "../../../../packages/events/src/company-stream.ts";
import type { AppContext } from "../context.ts";
import type { EventHub } from "./event-hub.ts";

const SENT_MEMORY = 2000;

const streamSeqSchema = z.string().regex(/^\d+-\d+$/);

/**
 * `/api/ws`: authenticated by a single-use `?ticket=` from POST /api/ws-ticket, else by the session (bearer header or
 * cookie); never by a session token in the URL. The client may pass `?after=<seq>`
 * or send `{type:"resume", after}` to receive what it missed; every event is sent at most once per socket.
 */
export const websocketRoutes: FastifyPluginAsyncZod<{ context: AppContext; hub: EventHub }> = async (app, { context, hub }) => {
  const redeem = async (ticket: string) => {
    const tokenHash = await context.socketTickets.redeem(ticket);
    return tokenHash ? context.authenticateTokenHash(tokenHash) : null;
  };
  app.get(
    "/api/ws",
    { websocket: true, schema: { hide: true, querystring: z.object({ after: streamSeqSchema.optional(), ticket: z.string().max(200).optional() }) } },
    async (socket: WebSocket, request) => {
      // Listen at once: a client sends `resume` as soon as the socket opens, before authentication has finished.
      const inbox: RawData[] = [];
      let onMessage: ((raw: RawData) => void) | null = null;
      socket.on("message", (raw: RawData) => (onMessage ? onMessage(raw) : inbox.push(raw)));

      const { ticket } = request.query;
      const user = ticket === undefined ? await context.authenticate(request) : await redeem(ticket);
      if (!user?.companyId) {
        socket.close(WS_CLOSE_UNAUTHORIZED, "Not signed in");
        return;
      }
      const { companyId } = user;
      const sent = new Set<string>();
      const send = (message: ServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const sendEvent = (event: PublishedEvent) => {
        if (sent.has(event.seq)) return;
        sent.add(event.seq);
        if (sent.size > SENT_MEMORY) sent.delete(sent.values().next().value!);
        send({ type: "event", seq: event.seq, requestId: event.requestId, occurredAt: event.occurredAt, event: event.event });
      };

      // Live events wait while a replay is being read, so that the client sees them after what it missed.
      let held: PublishedEvent[] | null = [];
      const deliver = (event: PublishedEvent) => (held ? held.push(event) : sendEvent(event));
      const replay = async (after: string | null) => {
        held ??= [];
        try {
          if (after) for (const event of await readEventsAfter(context.redis, companyId, after)) sendEvent(event);
        } finally {
          const pending = held;
          held = null;
          pending.forEach(sendEvent);
        }
      };

      const remove = hub.add({ companyId, userId: user.id, deliver });
      socket.on("close", remove);
      onMessage = (raw) => {
        let message: ReturnType<typeof clientMessageSchema.safeParse>;
        try {
          message = clientMessageSchema.safeParse(JSON.parse(String(raw)));
        } catch {
          return send({ type: "error", message: "Messages must be JSON", requestId: null });
        }
        if (!message.success) return send({ type: "error", message: "Unknown message", requestId: null });
        if (message.data.type === "ping") return send({ type: "pong", requestId: message.data.requestId });
        const after = message.data.after;
        if (after !== null && !streamSeqSchema.safeParse(after).success) {
          return send({ type: "error", message: "Invalid resume position", requestId: null });
        }
        replay(after).catch((error: unknown) => request.log.warn({ err: error }, "replay failed"));
      };

      await replay(request.query.after ?? null);
      inbox.splice(0).forEach(onMessage);
      send({ type: "ready", lastSeq: await latestSeq(context.redis, companyId) });
    },
  );
};
