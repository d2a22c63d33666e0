import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { hashToken } from "@fieldops/domain/accounts/sessions";
import { realtimeEndpoints } from "@fieldops/shared/events";
import { requestToken } from "../auth/authenticate.ts";
import { SOCKET_TICKET_TTL_SECONDS } from "../auth/socket-tickets.ts";
import type { AppContext } from "../context.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";
import { unauthorized } from "../http/http-error.ts";

export const socketTicketRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  registerEndpoint(app, realtimeEndpoints.socketTicket, async (_input, request) => {
    // The socket carries a company's events: a user without a company (a platform admin) gets none.
    await context.requireCompanyUser(request);
    const token = requestToken(request);
    if (!token) throw unauthorized();
    const ticket = await context.socketTickets.issue(hashToken(token));
    return { ticket, expiresInSeconds: SOCKET_TICKET_TTL_SECONDS };
  });
};
