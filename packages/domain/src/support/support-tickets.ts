import type { Prisma, TenantTransaction } from "@fieldops/db";
import { planHasFeature, planIdSchema } from "@fieldops/shared/plans";
import {
  ATTACHMENT_MAX_BYTES,
  MAX_MESSAGES_LISTED,
  MAX_TICKETS_LISTED,
  supportTicketStatusSchema,
  type AttachmentUpload,
  type SupportTicket,
  type SupportTicketListResponse,
  type SupportTicketStatus,
  type SupportTicketSummary,
} from "@fieldops/shared/support";
import { conflict, forbidden, notFound } from "../errors.ts";
import { decodeUpload } from "../files/decode-upload.ts";
import { visibleTickets, type SupportViewer } from "./support-viewer.ts";

export const ATTACHMENT = "support_attachment";
export const TICKET_CLOSED = "This ticket is closed; open a new one";

const summarySelect = {
  id: true,
  subject: true,
  status: true,
  priority: true,
  companyId: true,
  createdByUserId: true,
  lastMessageAt: true,
  createdAt: true,
  company: { select: { name: true } },
} satisfies Prisma.SupportTicketSelect;
type SummaryRow = Prisma.SupportTicketGetPayload<{ select: typeof summarySelect }>;

async function toSummaries(tx: TenantTransaction, rows: SummaryRow[]): Promise<SupportTicketSummary[]> {
  const ids = [...new Set(rows.flatMap((row) => (row.createdByUserId ? [row.createdByUserId] : [])))];
  const users = await tx.user.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } });
  const names = new Map(users.map((user) => [user.id, user.name]));
  return rows.map((row) => ({
    id: row.id,
    subject: row.subject,
    status: supportTicketStatusSchema.parse(row.status),
    priority: row.priority,
    companyId: row.companyId,
    companyName: row.company.name,
    createdByName: (row.createdByUserId && names.get(row.createdByUserId)) || "Former team member",
    lastMessageAt: row.lastMessageAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * The tickets the viewer may see: those still needing an answer first (open, then waiting), tickets of plans with
 * priority support before the others, then the most recently active.
 */
export async function listSupportTickets(
  tx: TenantTransaction,
  viewer: SupportViewer,
): Promise<SupportTicketListResponse> {
  const rows = await tx.supportTicket.findMany({
    where: visibleTickets(viewer),
    orderBy: [{ status: "asc" }, { priority: "desc" }, { lastMessageAt: "desc" }, { id: "asc" }],
    take: MAX_TICKETS_LISTED,
    select: summarySelect,
  });
  let prioritySupport = false;
  if (viewer.kind === "company") {
    const company = await tx.company.findFirstOrThrow({ select: { planId: true } });
    prioritySupport = planHasFeature(planIdSchema.parse(company.planId), "priority_support");
  }
  return { items: await toSummaries(tx, rows), supportAgent: viewer.kind === "agent", prioritySupport };
}

async function findTicket(tx: TenantTransaction, viewer: SupportViewer, id: string, lock = false) {
  if (lock) await tx.$queryRaw`SELECT id FROM support_tickets WHERE id = ${id}::uuid FOR UPDATE`;
  const row = await tx.supportTicket.findFirst({ where: { id, ...visibleTickets(viewer) }, select: summarySelect });
  if (!row) throw notFound("Ticket not found");
  return row;
}

/** A ticket with its messages, oldest first, and their attachments (names and sizes; the files are fetched apart). */
export async function getSupportTicket(
  tx: TenantTransaction,
  viewer: SupportViewer,
  id: string,
): Promise<SupportTicket> {
  const [summary] = await toSummaries(tx, [await findTicket(tx, viewer, id)]);
  const messages = await tx.supportMessage.findMany({
    where: { ticketId: id },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: MAX_MESSAGES_LISTED,
    include: {
      attachments: {
        select: { id: true, fileName: true, contentType: true, byteSize: true },
        orderBy: { createdAt: "asc" },
      },
    },
  });
  return {
    ...summary!,
    messages: messages.map((message) => ({
      id: message.id,
      authorName: message.authorName,
      fromSupport: message.fromSupport,
      body: message.body,
      createdAt: message.createdAt.toISOString(),
      attachments: message.attachments,
    })),
  };
}

async function addMessage(
  tx: TenantTransaction,
  input: { companyId: string; ticketId: string; viewer: SupportViewer; body: string; attachments: AttachmentUpload[] },
) {
  // Checked before anything is written, so a bad file leaves no half message behind.
  const files = input.attachments.map((file, index) => ({
    ...file,
    data: decodeUpload(file, ATTACHMENT_MAX_BYTES, `attachments.${index}.dataBase64`),
  }));
  const message = await tx.supportMessage.create({
    data: {
      companyId: input.companyId,
      ticketId: input.ticketId,
      authorUserId: input.viewer.userId,
      authorName: input.viewer.kind === "agent" ? `${input.viewer.name} (FieldOps support)` : input.viewer.name,
      fromSupport: input.viewer.kind === "agent",
      body: input.body,
    },
  });
  for (const file of files) {
    await tx.storedFile.create({
      data: {
        companyId: input.companyId,
        purpose: ATTACHMENT,
        fileName: file.fileName,
        contentType: file.contentType,
        byteSize: file.data.length,
        data: new Uint8Array(file.data),
        supportMessageId: message.id,
        uploadedByUserId: input.viewer.userId,
      },
    });
  }
  return message;
}

/** Opens a ticket for the viewer's company; a plan with priority support marks it to be answered first. */
export async function createSupportTicket(
  tx: TenantTransaction,
  viewer: SupportViewer,
  input: { subject: string; body: string; attachments?: AttachmentUpload[] | undefined },
): Promise<SupportTicket> {
  if (viewer.kind !== "company") throw forbidden("The support team answers tickets; a company opens them");
  const company = await tx.company.findUniqueOrThrow({ where: { id: viewer.companyId }, select: { planId: true } });
  const ticket = await tx.supportTicket.create({
    data: {
      companyId: viewer.companyId,
      subject: input.subject,
      priority: planHasFeature(planIdSchema.parse(company.planId), "priority_support"),
      createdByUserId: viewer.userId,
    },
  });
  await addMessage(tx, {
    companyId: viewer.companyId,
    ticketId: ticket.id,
    viewer,
    body: input.body,
    attachments: input.attachments ?? [],
  });
  return getSupportTicket(tx, viewer, ticket.id);
}

/**
 * Adds a reply. The support team's answer leaves the ticket waiting on the company; the company's reply opens it
 * again (a resolved ticket too). A closed ticket takes no more replies.
 */
export async function replySupportTicket(
  tx: TenantTransaction,
  viewer: SupportViewer,
  input: { id: string; body: string; attachments?: AttachmentUpload[] | undefined },
): Promise<SupportTicket> {
  const ticket = await findTicket(tx, viewer, input.id, true);
  if (ticket.status === "closed") throw conflict(TICKET_CLOSED);
  const message = await addMessage(tx, {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    viewer,
    body: input.body,
    attachments: input.attachments ?? [],
  });
  await tx.supportTicket.update({
    where: { id: ticket.id },
    data: { status: viewer.kind === "agent" ? "waiting" : "open", lastMessageAt: message.createdAt },
  });
  return getSupportTicket(tx, viewer, ticket.id);
}

/** Statuses a company may set on its ticket: resolved or closed, or open again (not once closed). */
const COMPANY_STATUSES: readonly SupportTicketStatus[] = ["open", "resolved", "closed"];

export async function setSupportTicketStatus(
  tx: TenantTransaction,
  viewer: SupportViewer,
  input: { id: string; status: SupportTicketStatus },
): Promise<SupportTicket> {
  const ticket = await findTicket(tx, viewer, input.id, true);
  if (viewer.kind === "company") {
    if (!COMPANY_STATUSES.includes(input.status))
      throw forbidden("Only the support team marks a ticket as waiting on you");
    if (ticket.status === "closed" && input.status !== "closed") throw conflict(TICKET_CLOSED);
  }
  if (ticket.status !== input.status)
    await tx.supportTicket.update({ where: { id: ticket.id }, data: { status: input.status } });
  return getSupportTicket(tx, viewer, ticket.id);
}

/** An attachment of a ticket the viewer may see. */
export async function readSupportAttachment(tx: TenantTransaction, viewer: SupportViewer, id: string) {
  const file = await tx.storedFile.findFirst({
    where: { id, purpose: ATTACHMENT, supportMessage: { ticket: visibleTickets(viewer) } },
    select: { fileName: true, contentType: true, data: true },
  });
  if (!file) throw notFound("Attachment not found");
  return { fileName: file.fileName, contentType: file.contentType, data: Buffer.from(file.data) };
}
