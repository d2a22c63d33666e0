import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
import {
  ATTACHMENT_MAX_BYTES,
  MAX_ATTACHMENTS_PER_MESSAGE,
  supportEndpoints,
  type SupportTicket,
} from "@fieldops/shared/support";
import { base64Length } from "@fieldops/shared/company-settings";
import type { AppContext } from "../context.ts";
import { registerEndpoint } from "../http/endpoint-route.ts";
import { publishCommitted } from "../http/publish-committed.ts";
import { isPlatformAdmin } from "../http/platform-admin.ts";

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
  /** Announces a changed ticket to its company once committed (an agent's answer has no company scope). */
  const announced = async (request: FastifyRequest, ticket: SupportTicket) => {
    await publishCommitted(context, request, ticket.companyId, [
      { name: "support.ticket_updated", payload: { ticketId: ticket.id, status: ticket.status } },
    ]);
    return ticket;
  };

  registerEndpoint(app, supportEndpoints.list, (_input, request) =>
    asViewer(request, (tx, viewer) => listSupportTickets(tx, viewer)),
  );

  registerEndpoint(
    app,
    supportEndpoints.open,
    async ({ body }, request) =>
      announced(request, await asViewer(request, (tx, viewer) => createSupportTicket(tx, viewer, body))),
    { bodyLimit: MESSAGE_BODY_LIMIT },
  );

  registerEndpoint(app, supportEndpoints.get, ({ params }, request) =>
    asViewer(request, (tx, viewer) => getSupportTicket(tx, viewer, params.id)),
  );

  registerEndpoint(
    app,
    supportEndpoints.reply,
    async ({ params, body }, request) =>
      announced(
        request,
        await asViewer(request, (tx, viewer) => replySupportTicket(tx, viewer, { id: params.id, ...body })),
      ),
    { bodyLimit: MESSAGE_BODY_LIMIT },
  );

  registerEndpoint(app, supportEndpoints.setStatus, async ({ params, body }, request) =>
    announced(
      request,
      await asViewer(request, (tx, viewer) =>
        setSupportTicketStatus(tx, viewer, { id: params.id, status: body.status }),
      ),
    ),
  );

  registerEndpoint(
    app,
    supportEndpoints.attachment,
    ({ params }, request) => asViewer(request, (tx, viewer) => readSupportAttachment(tx, viewer, params.id)),
    {
      // Always a download, never shown in the app's origin: a stored file cannot run as a page of the app.
      send: (reply, file) =>
        reply
          .type(file.contentType)
          .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
          .header("cache-control", "private, no-store")
          .send(file.data),
    },
  );
};
