import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { hashToken } from "@fieldops/domain/accounts/sessions";

/** How long a ticket may wait before the socket it was issued for is opened. */
export const SOCKET_TICKET_TTL_SECONDS = 30;

const ticketKey = (ticket: string) => `ws-ticket:${hashToken(ticket)}`;

export interface SocketTickets {
  /** A new ticket standing for the session whose token has this hash. */
  issue(sessionTokenHash: string): Promise<string>;
  /** The session token hash the ticket stands for, once: a ticket redeemed or expired gives null. */
  redeem(ticket: string): Promise<string | null>;
}

/**
 * A browser cannot set headers on a WebSocket, and a session token in the socket's URL would end up in logs and
 * proxies; the client trades its session for a short-lived single-use ticket instead. Only the ticket's hash is
 * stored, like a session token's.
 */
export function createSocketTickets(redis: Redis): SocketTickets {
  return {
    async issue(sessionTokenHash) {
      const ticket = randomBytes(32).toString("base64url");
      await redis.set(ticketKey(ticket), sessionTokenHash, "EX", SOCKET_TICKET_TTL_SECONDS);
      return ticket;
    },
    async redeem(ticket) {
      return redis.getdel(ticketKey(ticket));
    },
  };
}
