import { z } from "zod";
import { base64Length } from "./company-settings";
import { defineEndpoint } from "./endpoint";
import { text } from "./text";

export const supportTicketStatusSchema = z.enum(["open", "waiting", "resolved", "closed"]);
export type SupportTicketStatus = z.infer<typeof supportTicketStatusSchema>;
export const SUPPORT_STATUS_LABELS: Record<SupportTicketStatus, string> = {
  open: "Open",
  waiting: "Waiting on you",
  resolved: "Resolved",
  closed: "Closed",
};

/** Files a ticket may carry: screenshots, PDFs and plain text. */
export const ATTACHMENT_CONTENT_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "application/pdf",
  "text/plain",
] as const;
export const ATTACHMENT_MAX_BYTES = 512 * 1024;
export const MAX_ATTACHMENTS_PER_MESSAGE = 3;

export const attachmentUploadSchema = z.object({
  fileName: text({ max: 200, trim: true })
    .min(1)
    .regex(/^[^/\\]+$/, "A file name cannot hold a slash"),
  contentType: z.enum(ATTACHMENT_CONTENT_TYPES),
  dataBase64: text({ max: base64Length(ATTACHMENT_MAX_BYTES) })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, "Not base64")
    .min(4, "The file is empty"),
});
export type AttachmentUpload = z.infer<typeof attachmentUploadSchema>;

const messageBody = text({ max: 10_000, trim: true }).min(1, "Write a message");
const attachments = z
  .array(attachmentUploadSchema)
  .max(MAX_ATTACHMENTS_PER_MESSAGE, `At most ${MAX_ATTACHMENTS_PER_MESSAGE} files a message`)
  .optional();

export const createSupportTicketRequestSchema = z.object({
  subject: text({ max: 200, trim: true }).min(3, "Subject must be at least 3 characters"),
  body: messageBody,
  attachments,
});
export type CreateSupportTicketRequest = z.input<typeof createSupportTicketRequestSchema>;

export const replySupportTicketRequestSchema = z.object({ body: messageBody, attachments });
export type ReplySupportTicketRequest = z.input<typeof replySupportTicketRequestSchema>;

export const setSupportTicketStatusRequestSchema = z.object({ status: supportTicketStatusSchema });

export const supportAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  byteSize: z.number().int(),
});
export const supportMessageSchema = z.object({
  id: z.string(),
  authorName: z.string(),
  fromSupport: z.boolean(),
  body: z.string(),
  createdAt: z.string(),
  attachments: z.array(supportAttachmentSchema).max(MAX_ATTACHMENTS_PER_MESSAGE),
});
export type SupportMessage = z.infer<typeof supportMessageSchema>;

export const supportTicketSummarySchema = z.object({
  id: z.string(),
  subject: z.string(),
  status: supportTicketStatusSchema,
  priority: z.boolean(),
  companyId: z.string(),
  companyName: z.string(),
  createdByName: z.string(),
  lastMessageAt: z.string(),
  createdAt: z.string(),
});
export type SupportTicketSummary = z.infer<typeof supportTicketSummarySchema>;

export const MAX_TICKETS_LISTED = 200;
export const MAX_MESSAGES_LISTED = 500;
export const supportTicketListResponseSchema = z.object({
  items: z.array(supportTicketSummarySchema).max(MAX_TICKETS_LISTED),
  /** Whether the one asking answers for the support team (sees every company's tickets). */
  supportAgent: z.boolean(),
  /** Whether the company's plan puts its tickets first. */
  prioritySupport: z.boolean(),
});
export type SupportTicketListResponse = z.infer<typeof supportTicketListResponseSchema>;

export const supportTicketSchema = supportTicketSummarySchema.extend({
  messages: z.array(supportMessageSchema).max(MAX_MESSAGES_LISTED),
});
export type SupportTicket = z.infer<typeof supportTicketSchema>;

export const supportTicketParamsSchema = z.object({ id: z.uuid() });
export const supportAttachmentParamsSchema = z.object({ id: z.uuid() });

export const supportEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/support/tickets",
    tags: ["support"],
    summary: "Support tickets: the company's, or every company's for the support team (priority support first)",
    response: supportTicketListResponseSchema,
  }),
  open: defineEndpoint({
    method: "POST",
    path: "/api/support/tickets",
    tags: ["support"],
    summary: "Open a support ticket, with up to 3 attachments (512 KB each)",
    body: createSupportTicketRequestSchema,
    status: 201,
    response: supportTicketSchema,
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/support/tickets/:id",
    tags: ["support"],
    summary: "A ticket with its messages",
    params: supportTicketParamsSchema,
    response: supportTicketSchema,
  }),
  reply: defineEndpoint({
    method: "POST",
    path: "/api/support/tickets/:id/messages",
    tags: ["support"],
    summary: "Reply to a ticket",
    params: supportTicketParamsSchema,
    body: replySupportTicketRequestSchema,
    status: 201,
    response: supportTicketSchema,
  }),
  setStatus: defineEndpoint({
    method: "PUT",
    path: "/api/support/tickets/:id/status",
    tags: ["support"],
    summary: "Change a ticket's status (the company: resolved, closed or open again)",
    params: supportTicketParamsSchema,
    body: setSupportTicketStatusRequestSchema,
    response: supportTicketSchema,
  }),
  attachment: defineEndpoint({
    method: "GET",
    path: "/api/support/attachments/:id",
    tags: ["support"],
    summary: "Download an attachment of a ticket you may see",
    params: supportAttachmentParamsSchema,
    produces: "application/octet-stream",
    response: z.any(),
  }),
} as const;
