import { z } from "zod";
import { calendarDaySchema } from "./calendar-day";
import { defineEndpoint } from "./endpoint";
import { messageDeliverySchema } from "./outbox";
import {
  arrivalWindowMinutesSchema,
  idParamsSchema,
  RECURRENCE_FREQUENCIES,
  recurrenceFrequencySchema,
  recurringVisitCountSchema,
  visitDurationMinutesSchema,
} from "./jobs";
import { text } from "./text";

export const MAX_ESTIMATE_OPTIONS = 5;
export const MAX_ESTIMATE_LINES = 100;
/** How long a new estimate stays valid unless the office sets its own expiry date. */
export const DEFAULT_ESTIMATE_VALID_DAYS = 30;

export const estimateStatusSchema = z.enum([
  "draft",
  "sent",
  "changes_requested",
  "approved",
  "converted",
  "declined",
  "expired",
]);
export type EstimateStatus = z.infer<typeof estimateStatusSchema>;

export const ESTIMATE_STATUS_LABELS: Record<EstimateStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  changes_requested: "Changes requested",
  approved: "Approved",
  converted: "Converted",
  declined: "Declined",
  expired: "Expired",
};

/** The statuses in which the customer is waiting on the office or the office on the customer: what an expiry ends. */
export const EXPIRING_ESTIMATE_STATUSES = ["sent", "changes_requested"] as const satisfies readonly EstimateStatus[];

export const estimateLineInputSchema = z.object({
  description: text({ max: 500, trim: true }).min(1, "Describe the line"),
  quantity: z.number().positive().max(100_000).multipleOf(0.01),
  unitPriceCents: z.number().int().min(0).max(100_000_000),
  /** Percent, to the hundredth (8.25); absent or null: not taxed. */
  taxRatePercent: z.number().min(0).max(100).multipleOf(0.01).nullish(),
});
export type EstimateLineInput = z.infer<typeof estimateLineInputSchema>;

/** A recurring option ("Weekly mowing × 26"): how often its visits come and how many; its lines price one visit. */
export const estimateRecurrenceSchema = z.object({
  frequency: recurrenceFrequencySchema,
  visits: recurringVisitCountSchema,
});
export type EstimateRecurrence = z.infer<typeof estimateRecurrenceSchema>;

/** "Every week, 26 visits". */
export function describeEstimateRecurrence(recurrence: EstimateRecurrence): string {
  return `${RECURRENCE_FREQUENCIES[recurrence.frequency].label}, ${recurrence.visits} visits`;
}

export const estimateOptionInputSchema = z.object({
  name: text({ max: 100, trim: true }).min(1, "Name the option"),
  description: text({ max: 2000 }).nullish(),
  /** Absent or null: a one-off option. */
  recurrence: estimateRecurrenceSchema.nullish(),
  lineItems: z.array(estimateLineInputSchema).max(MAX_ESTIMATE_LINES),
});
export type EstimateOptionInput = z.infer<typeof estimateOptionInputSchema>;

const estimateOptions = z.array(estimateOptionInputSchema).min(1, "Add at least one option").max(MAX_ESTIMATE_OPTIONS);

/** POST /api/estimates. */
export const createEstimateRequestSchema = z.object({
  customerId: z.uuid(),
  title: text({ max: 200, trim: true }).min(1, "Title is required"),
  message: text({ max: 5000 }).nullish(),
  /** The last day it may be approved, on the company's calendar; absent: DEFAULT_ESTIMATE_VALID_DAYS from today. */
  expiresOn: calendarDaySchema.optional(),
  options: estimateOptions,
});
export type CreateEstimateRequest = z.input<typeof createEstimateRequestSchema>;
export type CreateEstimateInput = z.output<typeof createEstimateRequestSchema>;

/**
 * PATCH /api/estimates/:id. A sent, changes-requested or expired estimate that is edited goes back to draft (its
 * customer sees it is being revised until it is sent again); an approved, converted or declined one cannot change.
 */
export const updateEstimateRequestSchema = z.object({
  title: text({ max: 200, trim: true }).min(1, "Title is required").optional(),
  message: text({ max: 5000 }).nullish(),
  expiresOn: calendarDaySchema.optional(),
  options: estimateOptions.optional(),
});
export type UpdateEstimateInput = z.output<typeof updateEstimateRequestSchema>;

/** POST /api/estimates/:id/send: by e-mail, text message or both, to the customer's contacts. */
export const sendChannelsRequestSchema = z
  .object({ email: z.boolean().default(true), sms: z.boolean().default(true) })
  .refine((value) => value.email || value.sms, { message: "Choose e-mail, text message or both", path: ["email"] });
export type SendChannelsInput = z.output<typeof sendChannelsRequestSchema>;

export const estimateLineSchema = z.object({
  id: z.string(),
  description: z.string(),
  quantity: z.number(),
  unitPriceCents: z.number().int(),
  taxRatePercent: z.number().nullable(),
  totalCents: z.number().int(),
  taxCents: z.number().int(),
});
export type EstimateLine = z.infer<typeof estimateLineSchema>;

export const estimateOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  recurrence: estimateRecurrenceSchema.nullable(),
  lineItems: z.array(estimateLineSchema),
  /** A recurring option's are one visit's. */
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  /** What the option comes to: its total, times its visits when recurring. */
  allVisitsTotalCents: z.number().int(),
});
export type EstimateOption = z.infer<typeof estimateOptionSchema>;

export const estimateSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  status: estimateStatusSchema,
  /** The highest option's total (all of its visits for a recurring one): what the estimate is worth at most. */
  totalCents: z.number().int(),
  expiresOn: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type EstimateSummary = z.infer<typeof estimateSummarySchema>;

export const estimateMessageSchema = z
  .object({
    id: z.string(),
    channel: z.string(),
    recipient: z.string().nullable(),
    subject: z.string(),
    createdAt: z.string(),
  })
  .extend(messageDeliverySchema.shape);

export const estimateDetailSchema = estimateSummarySchema.extend({
  message: z.string().nullable(),
  leadId: z.string().nullable(),
  options: z.array(estimateOptionSchema),
  customerMessage: z.string().nullable(),
  respondedAt: z.string().nullable(),
  approvedOptionId: z.string().nullable(),
  signatureName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  declinedAt: z.string().nullable(),
  jobId: z.string().nullable(),
  convertedAt: z.string().nullable(),
  /** The e-mails and text messages sent for it, newest first. */
  messages: z.array(estimateMessageSchema),
  customerEmail: z.string().nullable(),
  customerPhone: z.string().nullable(),
});
export type EstimateDetail = z.infer<typeof estimateDetailSchema>;

export const listEstimatesQuerySchema = z.object({
  status: estimateStatusSchema.optional(),
  customerId: z.uuid().optional(),
  search: text({ max: 100, trim: true }).optional(),
  /** The id of the last estimate of the previous page. */
  cursor: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListEstimatesQuery = z.output<typeof listEstimatesQuerySchema>;

export const estimateListResponseSchema = z.object({
  items: z.array(estimateSummarySchema),
  nextCursor: z.string().nullable(),
});
export type EstimateListResponse = z.infer<typeof estimateListResponseSchema>;

/** A customer's link, given out once: its token is in the fragment, which browsers never send to a server. */
export const publicLinkResponseSchema = z.object({ url: z.string() });
export type PublicLinkResponse = z.infer<typeof publicLinkResponseSchema>;

export const sendEstimateResponseSchema = z.object({ estimate: estimateDetailSchema, url: z.string() });

/**
 * POST /api/estimates/:id/convert: how the job's visits are set. A recurring option's job needs its first visit's start;
 * a one-off option's gets one visit to schedule.
 */
export const convertEstimateBodySchema = z.object({
  firstVisitStart: z.iso.datetime({ offset: true }).max(40).optional(),
  visitDurationMinutes: visitDurationMinutesSchema.default(60),
  arrivalWindowMinutes: arrivalWindowMinutesSchema.nullish(),
});
/** The same, a request without a body converting with the defaults, as before the body existed. */
export const convertEstimateRequestSchema = convertEstimateBodySchema
  .nullish()
  .transform((body) => body ?? convertEstimateBodySchema.parse({}));
export type ConvertEstimateRequest = z.input<typeof convertEstimateRequestSchema>;
export type ConvertEstimateInput = z.output<typeof convertEstimateRequestSchema>;
export const convertEstimateResponseSchema = z.object({ estimate: estimateDetailSchema, jobId: z.string() });

/** Amounts of a line, an option: integer cents, tax rounded per line. */
export function estimateLineAmounts(line: {
  quantity: number;
  unitPriceCents: number;
  taxRatePercent?: number | null;
}): { totalCents: number; taxCents: number } {
  const totalCents = Math.round(line.quantity * line.unitPriceCents);
  const taxCents = line.taxRatePercent ? Math.round((totalCents * line.taxRatePercent) / 100) : 0;
  return { totalCents, taxCents };
}

/** An option's total for all of its visits (a one-off option's is its total). */
export function allVisitsTotalCents(totalCents: number, recurrence: { visits: number } | null | undefined): number {
  return totalCents * (recurrence?.visits ?? 1);
}

export function estimateOptionTotals(
  lines: readonly { quantity: number; unitPriceCents: number; taxRatePercent?: number | null }[],
): {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
} {
  let subtotalCents = 0;
  let taxCents = 0;
  for (const line of lines) {
    const amounts = estimateLineAmounts(line);
    subtotalCents += amounts.totalCents;
    taxCents += amounts.taxCents;
  }
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

export const estimateEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/estimates",
    tags: ["estimates"],
    summary: "Estimates, newest first, by status, customer or search",
    query: listEstimatesQuerySchema,
    response: estimateListResponseSchema,
    capability: "sales.manage",
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/estimates",
    tags: ["estimates"],
    summary: "Create a draft estimate with options and lines",
    body: createEstimateRequestSchema,
    status: 201,
    response: estimateDetailSchema,
    capability: "sales.manage",
  }),
  get: defineEndpoint({
    method: "GET",
    path: "/api/estimates/:id",
    tags: ["estimates"],
    summary: "An estimate with its options, totals and the messages sent for it",
    params: idParamsSchema,
    response: estimateDetailSchema,
    capability: "sales.manage",
  }),
  pdf: defineEndpoint({
    method: "GET",
    path: "/api/estimates/:id/pdf",
    tags: ["estimates"],
    summary:
      "The estimate as a PDF in the company's branding, every option with its totals, to download (estimate-<number>.pdf)",
    params: idParamsSchema,
    produces: "application/pdf",
    response: z.any(),
    capability: "sales.manage",
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/estimates/:id",
    tags: ["estimates"],
    summary: "Edit an estimate (a sent one goes back to draft; an approved, converted or declined one is refused)",
    params: idParamsSchema,
    body: updateEstimateRequestSchema,
    response: estimateDetailSchema,
    capability: "sales.manage",
  }),
  send: defineEndpoint({
    method: "POST",
    path: "/api/estimates/:id/send",
    tags: ["estimates"],
    summary: "Send an estimate to its customer by e-mail and text message, with a new review link",
    params: idParamsSchema,
    body: sendChannelsRequestSchema,
    response: sendEstimateResponseSchema,
    capability: "sales.manage",
  }),
  createLink: defineEndpoint({
    method: "POST",
    path: "/api/estimates/:id/link",
    tags: ["estimates"],
    summary: "A new review link to copy (earlier links keep working)",
    params: idParamsSchema,
    status: 201,
    response: publicLinkResponseSchema,
    capability: "sales.manage",
  }),
  decline: defineEndpoint({
    method: "POST",
    path: "/api/estimates/:id/decline",
    tags: ["estimates"],
    summary: "Mark an estimate declined",
    params: idParamsSchema,
    response: estimateDetailSchema,
    capability: "sales.manage",
  }),
  convert: defineEndpoint({
    method: "POST",
    path: "/api/estimates/:id/convert",
    tags: ["estimates"],
    summary:
      "Turn an approved estimate into a job with the chosen option's lines, recurring with its visits when the option is (once: again answers with the same job)",
    params: idParamsSchema,
    body: convertEstimateRequestSchema,
    response: convertEstimateResponseSchema,
    capability: "sales.manage",
  }),
} as const;
