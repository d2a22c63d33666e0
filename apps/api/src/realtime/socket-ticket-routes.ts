import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { errorResponseSchema } from "@fieldops/shared/auth";
import { socketTicketResponseSchema } from "@fieldops/shared/events";
import { requestToken } from "../auth/authenticate.ts";
import { hashToken } from "@fieldops/domain/accounts/sessions";
import { SOCKET_TICKET_TTL_SECONDS } from "../auth/socket-tickets.ts";
import type { AppContext } from "../context.ts";
import { unauthorized } from "../http/http-error.ts";
import { API_PATHS } from "@fieldops/shared/api-paths";

export const socketTicketRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  app.post(
    API_PATHS.socketTicket,
    {
      schema: {
        tags: ["realtime"],
        summary: "A single-use ticket that opens the company's live events socket (/api/ws?ticket=…) within 30 seconds",
        response: { 200: socketTicketResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      // The socket carries a company's events: a user without a company (a platform admin) gets none.
      await context.requireCompanyUser(request);
      const token = requestToken(request);
      if (!token) throw unauthorized();
      const ticket = await context.socketTickets.issue(hashToken(token));
      return { ticket, expiresInSeconds: SOCKET_TICKET_TTL_SECONDS };
    },
  );
};
