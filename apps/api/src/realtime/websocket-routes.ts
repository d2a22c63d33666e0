import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { RawData, WebSocket } from "ws";
import { z } from "zod";
import {
  EVENT_CAPABILITIES,
  SOCKET_CATCH_UP_MAX_MS,
  SOCKET_CATCH_UP_PARAM,
  WS_CLOSE_UNAUTHORIZED,
  clientMessageSchema,
  type ServerMessage,
} from "@fieldops/shared/events";
import { isStreamSeq, latestSeq, readEventsAfter, type PublishedEvent } from "@fieldops/events/company-stream";
import { hashToken } from "@fieldops/domain/accounts/sessions";
import { requestToken } from "../auth/authenticate.ts";
import type { AppContext } from "../context.ts";
import { forbidden } from "../http/http-error.ts";
import { recordImpersonatedRequest } from "../http/impersonation-audit.ts";
import { requestOrigin } from "../http/same-origin.ts";
import { assistantDeps, createChatHandler } from "./assistant-chat.ts";
import { eventMessageJson, type EventHub } from "./event-hub.ts";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { can } from "@fieldops/shared/permissions";

const SENT_MEMORY = 2000;

/**
 * How often an open socket checks that its session still exists. Sign-out closes sockets at once (the session
 * cache's revocation broadcast) and expiry has its own timer; this catches a session ended some other way, or a
 * broadcast lost while Redis reconnected.
 */
export const SOCKET_SESSION_CHECK_MS = 60_000;

const INVALID_RESUME = "Invalid resume position";

/** Added to a first connection's catch-up span: the client's clock starts it slightly before the server can know. */
const CATCH_UP_MARGIN_MS = 2000;

/** Where a connection's replay starts: after a seq the client saw, or a span of time back (a first connection). */
type ReplayFrom = { after: string } | { withinMs: number } | null;

/**
 * `/api/ws`: authenticated by a single-use `?ticket=` from POST /api/ws-ticket, else by the session (bearer header or
 * cookie); never by a session token in the URL. A page of another site cannot open it. The client may pass
 * `?after=<seq>` or send `{type:"resume", after}` to receive what it missed, and a first connection passes
 * `?catch_up_ms=` to receive what happened while its page was loading (the chat's stream excepted: a loading chat reads
 * its history); every event is sent at most once per socket. The socket is closed (code 4401) when its session ends: sign-out, revocation or expiry.
 */
export const websocketRoutes: FastifyPluginAsyncZod<{ context: AppContext; hub: EventHub }> = async (
  app,
  { context, hub },
) => {
  const endBySession = new Map<string, Set<(reason: string) => void>>();
  const stopListening = context.sessionCache.onRevoked((sessionIds) => {
    for (const id of sessionIds) for (const end of [...(endBySession.get(id) ?? [])]) end("Signed out");
  });
  app.addHook("onClose", async () => stopListening());
  const deps = assistantDeps(context);

  const sessionTokenHash = async (request: { query: { ticket?: string | undefined } }, token: string | null) => {
    if (request.query.ticket !== undefined) return context.socketTickets.redeem(request.query.ticket);
    return token ? hashToken(token) : null;
  };

  app.get(
    API_PATHS.socket,
    {
      websocket: true,
      schema: {
        hide: true,
        querystring: z.object({
          after: z.string().max(100).optional(),
          ticket: z.string().max(200).optional(),
          [SOCKET_CATCH_UP_PARAM]: z.coerce.number().int().nonnegative().optional(),
        }),
      },
      // A page of another site could otherwise open a socket with the user's cookie and read the company's events.
      preValidation: async (request) => {
        if (requestOrigin(request) === "foreign") throw forbidden("Cross-site WebSocket connections are not allowed");
      },
    },
    async (socket: WebSocket, request) => {
      // Listen at once: a client sends `resume` as soon as the socket opens, before authentication has finished.
      const inbox: RawData[] = [];
      let onMessage: ((raw: RawData) => void) | null = null;
      socket.on("message", (raw: RawData) => (onMessage ? onMessage(raw) : inbox.push(raw)));

      const tokenHash = await sessionTokenHash(request, requestToken(request));
      const user = tokenHash ? await context.authenticateTokenHash(tokenHash) : null;
      if (!tokenHash || !user?.companyId) {
        socket.close(WS_CLOSE_UNAUTHORIZED, "Not signed in");
        return;
      }
      if (socket.readyState !== socket.OPEN) return;
      const { companyId } = user;
      const sent = new Set<string>();
      const send = (message: ServerMessage) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      };
      const sendEvent = (event: PublishedEvent) => {
        if (sent.has(event.seq)) return;
        const capability = EVENT_CAPABILITIES[event.event.name];
        if (capability && !can(user, capability)) return;
        sent.add(event.seq);
        if (sent.size > SENT_MEMORY) sent.delete(sent.values().next().value!);
        if (socket.readyState === socket.OPEN) socket.send(eventMessageJson(event));
      };

      // Live events wait while a replay is being read, so that the client sees them after what it missed.
      let held: PublishedEvent[] | null = [];
      const deliver = (event: PublishedEvent) => (held ? held.push(event) : sendEvent(event));
      const replay = async (from: ReplayFrom) => {
        held ??= [];
        try {
          if (from && "after" in from && !isStreamSeq(from.after))
            send({ type: "error", message: INVALID_RESUME, requestId: null });
          else if (from) {
            const catchUp = "withinMs" in from;
            const after = catchUp
              ? `${Date.now() - Math.min(from.withinMs, SOCKET_CATCH_UP_MAX_MS) - CATCH_UP_MARGIN_MS}-0`
              : from.after;
            for (const event of await readEventsAfter(context.redis, companyId, after)) {
              // The stream holds every user's events; one addressed to somebody else is not this socket's to replay.
              if (event.userId !== null && event.userId !== user.id) continue;
              if (catchUp && event.event.name === "assistant.event") continue;
              sendEvent(event);
            }
          }
        } catch (error) {
          request.log.warn({ err: error }, "replay failed");
          send({ type: "error", message: "Could not read the missed events; reload to see them", requestId: null });
        } finally {
          const pending = held;
          held = null;
          pending.forEach(sendEvent);
        }
      };

      // The session's end closes the socket: at once on revocation, on time at expiry, or at the next check.
      let checkTimer: ReturnType<typeof setTimeout> | null = null;
      const end = (reason: string) => socket.close(WS_CLOSE_UNAUTHORIZED, reason);
      const ends = endBySession.get(user.sessionId) ?? new Set();
      ends.add(end);
      endBySession.set(user.sessionId, ends);
      const check = async () => {
        checkTimer = null;
        if (Date.now() >= user.sessionExpiresAt.getTime()) return end("Session expired");
        const current = await context.authenticateTokenHash(tokenHash).catch((error: unknown) => {
          request.log.warn({ err: error }, "could not check the socket's session");
          return user;
        });
        if (current === null) return end("Session ended");
        scheduleCheck();
      };
      const scheduleCheck = () => {
        if (socket.readyState !== socket.OPEN) return;
        const delay = Math.max(0, Math.min(SOCKET_SESSION_CHECK_MS, user.sessionExpiresAt.getTime() - Date.now()));
        checkTimer = setTimeout(() => void check(), delay);
      };
      scheduleCheck();

      const chat = createChatHandler(context, deps, { id: user.id, companyId, role: user.role }, send, request.log);
      const remove = hub.add({ companyId, userId: user.id, deliver });
      socket.on("close", () => {
        remove();
        if (checkTimer !== null) clearTimeout(checkTimer);
        ends.delete(end);
        if (ends.size === 0) endBySession.delete(user.sessionId);
      });
      onMessage = (raw) => {
        let message: ReturnType<typeof clientMessageSchema.safeParse>;
        try {
          message = clientMessageSchema.safeParse(JSON.parse(String(raw)));
        } catch {
          return send({ type: "error", message: "Messages must be JSON", requestId: null });
        }
        if (!message.success) return send({ type: "error", message: "Unknown message", requestId: null });
        if (message.data.type === "ping") return send({ type: "pong", requestId: message.data.requestId });
        if (message.data.type === "resume")
          return void replay(message.data.after === null ? null : { after: message.data.after });
        void chat(message.data);
        // A chat message is a request too: while impersonating, the company's audit log has it.
        if (user.impersonation)
          void recordImpersonatedRequest(
            context,
            { ...user, impersonation: user.impersonation },
            { method: "WS", path: `${API_PATHS.socket} ${message.data.type}`, status: null },
            request.log,
          );
      };

      const catchUpMs = request.query[SOCKET_CATCH_UP_PARAM];
      await replay(
        request.query.after !== undefined
          ? { after: request.query.after }
          : catchUpMs !== undefined
            ? { withinMs: catchUpMs }
            : null,
      );
      inbox.splice(0).forEach(onMessage);
      const last = await latestSeq(context.redis, companyId).catch((error: unknown) => {
        request.log.warn({ err: error }, "could not read the stream position");
        return null;
      });
      send({ type: "ready", lastSeq: last });
    },
  );
};
