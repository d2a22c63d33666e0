import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { withSystem, withTenant, type TenantTransaction } from "@fieldops/db";
import { notFound } from "@fieldops/domain/errors";
import type { SupportViewer } from "@fieldops/domain/support/support-viewer";
import {
  createSupportTicket,
  getSupportTicket,
  listSupportTickets,
  readSupportAttachment,
  replySupportTicket,
  setSupportTicketStatus,
} from "@fieldops/domain/support/support-tickets";
import { API_PATHS } from "@fieldops/shared/api-paths";
import { errorResponseSchema } from "@fieldops/shared/auth";
import {
  ATTACHMENT_MAX_BYTES,
  createSupportTicketRequestSchema,
  MAX_ATTACHMENTS_PER_MESSAGE,
  replySupportTicketRequestSchema,
  setSupportTicketStatusRequestSchema,
  supportAttachmentParamsSchema,
  supportTicketListResponseSchema,
  supportTicketParamsSchema,
  supportTicketSchema,
  type SupportTicket,
} from "@fieldops/shared/support";
import { base64Length } from "@fieldops/shared/company-settings";
import type { AppContext } from "../context.ts";
import { publishCommitted } from "../http/publish-committed.ts";
import { isPlatformAdmin } from "../http/platform-admin.ts";

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  503: errorResponseSchema,
};
const tags = ["support"];
/** A message with its largest attachments, base64 in JSON. */
const MESSAGE_BODY_LIMIT = MAX_ATTACHMENTS_PER_MESSAGE * base64Length(ATTACHMENT_MAX_BYTES) + 64 * 1024;

/**
 * The platform's administrators answer every company's tickets: role admin, or an address of PLATFORM_ADMIN_EMAILS
 * (not while impersonating, which keeps them inside the one company).
 */
export const isSupportAgent = isPlatformAdmin;

export const supportRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  /**
   * Runs `work` as the viewer: a support agent in the system context (every company's tickets), anyone else in a
   * transaction bound to their company.
   */
  const asViewer = async <T>(
    request: FastifyRequest,
    work: (tx: TenantTransaction, viewer: SupportViewer) => Promise<T>,
  ): Promise<T> => {
    const user = await context.requireUser(request);
    if (isSupportAgent(context, user))
      return withSystem(context.db, (tx) => work(tx, { kind: "agent", userId: user.id, name: user.name }));
    if (!user.companyId) throw notFound("You do not belong to a company");
    const companyId = user.companyId;
    return withTenant(context.db, companyId, (tx) =>
      work(tx, { kind: "company", userId: user.id, name: user.name, role: user.role, companyId }),
    );
  };
  const announce = (request: FastifyRequest, ticket: SupportTicket) =>
    publishCommitted(context, request, ticket.companyId, [
      { name: "support.ticket_updated", payload: { ticketId: ticket.id, status: ticket.status } },
    ]);

  app.get(
    API_PATHS.supportTickets,
    {
      schema: {
        tags,
        summary: "Support tickets: the company's, or every company's for the support team (priority support first)",
        response: { 200: supportTicketListResponseSchema, ...errors },
      },
    },
    async (request) => asViewer(request, (tx, viewer) => listSupportTickets(tx, viewer)),
  );

  app.post(
    API_PATHS.supportTickets,
    {
      bodyLimit: MESSAGE_BODY_LIMIT,
      schema: {
        tags,
        summary: "Open a support ticket, with up to 3 attachments (512 KB each)",
        body: createSupportTicketRequestSchema,
        response: { 201: supportTicketSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const ticket = await asViewer(request, (tx, viewer) => createSupportTicket(tx, viewer, request.body));
      await announce(request, ticket);
      return reply.status(201).send(ticket);
    },
  );

  app.get(
    API_PATHS.supportTicket,
    {
      schema: {
        tags,
        summary: "A ticket with its messages",
        params: supportTicketParamsSchema,
        response: { 200: supportTicketSchema, ...errors },
      },
    },
    async (request) => asViewer(request, (tx, viewer) => getSupportTicket(tx, viewer, request.params.id)),
  );

  app.post(
    API_PATHS.supportTicketMessages,
    {
      bodyLimit: MESSAGE_BODY_LIMIT,
      schema: {
        tags,
        summary: "Reply to a ticket",
        params: supportTicketParamsSchema,
        body: replySupportTicketRequestSchema,
        response: { 201: supportTicketSchema, ...errors, 413: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const ticket = await asViewer(request, (tx, viewer) =>
        replySupportTicket(tx, viewer, { id: request.params.id, ...request.body }),
      );
      await announce(request, ticket);
      return reply.status(201).send(ticket);
    },
  );

  app.put(
    API_PATHS.supportTicketStatus,
    {
      schema: {
        tags,
        summary: "Change a ticket's status (the company: resolved, closed or open again)",
        params: supportTicketParamsSchema,
        body: setSupportTicketStatusRequestSchema,
        response: { 200: supportTicketSchema, ...errors },
      },
    },
    async (request) => {
      const ticket = await asViewer(request, (tx, viewer) =>
        setSupportTicketStatus(tx, viewer, { id: request.params.id, status: request.body.status }),
      );
      await announce(request, ticket);
      return ticket;
    },
  );

  app.get(
    API_PATHS.supportAttachment,
    {
      schema: {
        tags,
        summary: "Download an attachment of a ticket you may see",
        params: supportAttachmentParamsSchema,
        produces: ["application/octet-stream"],
        response: { 200: z.any(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await asViewer(request, (tx, viewer) => readSupportAttachment(tx, viewer, request.params.id));
      // Always a download, never shown in the app's origin: a stored file cannot run as a page of the app.
      return reply
        .type(file.contentType)
        .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header("cache-control", "private, no-store")
        .send(file.data);
    },
  );
};
