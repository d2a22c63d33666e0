import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { estimateDetailSchema } from "./estimates";
import { idParamsSchema } from "./jobs";
import { coordinatesSchema, locationPrecisionSchema, refineOptionalCoordinates } from "./locations";
import { text } from "./text";

export const leadStatusSchema = z.enum(["new", "estimating", "won", "lost"]);
export type LeadStatus = z.infer<typeof leadStatusSchema>;

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  estimating: "Estimating",
  won: "Won",
  lost: "Lost",
};

export const leadSourceSchema = z.enum(["phone", "website", "referral", "walk_in", "email", "other"]);
export type LeadSource = z.infer<typeof leadSourceSchema>;
export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  phone: "Phone call",
  website: "Website",
  referral: "Referral",
  walk_in: "Walk-in",
  email: "E-mail",
  other: "Other",
};

const phonePattern = /^\+?[0-9 ().-]{3,30}$/;

/**
 * A prospect who is not a customer yet: what the office knows of them. Their address is located when given; typed
 * coordinates place it by hand instead.
 */
export const leadProspectSchema = z
  .object({
    name: text({ max: 200, trim: true }).min(1, "Name is required"),
    email: text({ max: 254, trim: true }).email("Enter a valid email address").nullish(),
    phone: text({ max: 30, trim: true }).regex(phonePattern, "Enter a valid phone number").nullish(),
    street: text({ max: 200, trim: true }).nullish(),
    city: text({ max: 100, trim: true }).nullish(),
    region: text({ max: 100, trim: true }).nullish(),
    postcode: text({ max: 20, trim: true }).nullish(),
    latitude: coordinatesSchema.shape.latitude.nullish(),
    longitude: coordinatesSchema.shape.longitude.nullish(),
  })
  .superRefine(refineOptionalCoordinates);
export type LeadProspect = z.infer<typeof leadProspectSchema>;

const requestFields = {
  request: text({ max: 2000, trim: true }).min(1, "Say what they want"),
  source: leadSourceSchema,
  notes: text({ max: 5000 }).nullish(),
};

/** POST /api/leads: an existing customer (customerId) or a prospect, never both. */
export const createLeadRequestSchema = z.union([
  z.object({ customerId: z.uuid(), ...requestFields }).strict(),
  z.object({ prospect: leadProspectSchema, ...requestFields }).strict(),
]);
export type CreateLeadRequest = z.input<typeof createLeadRequestSchema>;
export type CreateLeadInput = z.output<typeof createLeadRequestSchema>;

/** PATCH /api/leads/:id: the request, the prospect's details (before they are a customer), lost or reopened. */
export const updateLeadRequestSchema = z.object({
  request: requestFields.request.optional(),
  source: leadSourceSchema.optional(),
  notes: requestFields.notes,
  prospect: leadProspectSchema.optional(),
  /** true: lost; false: back to new (or estimating when it has an estimate). */
  lost: z.boolean().optional(),
});
export type UpdateLeadInput = z.output<typeof updateLeadRequestSchema>;

export const leadSchema = z.object({
  id: z.string(),
  status: leadStatusSchema,
  customerId: z.string().nullable(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  street: z.string().nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  postcode: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  locationPrecision: locationPrecisionSchema.nullable(),
  request: z.string(),
  source: leadSourceSchema,
  notes: z.string().nullable(),
  /** Its estimate, once it has one. */
  estimateId: z.string().nullable(),
  estimateNumber: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const listLeadsQuerySchema = z.object({
  status: leadStatusSchema.optional(),
  customerId: z.uuid().optional(),
  cursor: z.uuid().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type ListLeadsQuery = z.output<typeof listLeadsQuerySchema>;

export const leadListResponseSchema = z.object({ items: z.array(leadSchema), nextCursor: z.string().nullable() });
export type LeadListResponse = z.infer<typeof leadListResponseSchema>;

export const leadEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/leads",
    tags: ["leads"],
    summary: "Leads, newest first, by status or customer",
    query: listLeadsQuerySchema,
    response: leadListResponseSchema,
    capability: "sales.manage",
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/leads",
    tags: ["leads"],
    summary: "Record a lead: a prospect's or a customer's request",
    body: createLeadRequestSchema,
    status: 201,
    response: leadSchema,
    capability: "sales.manage",
  }),
  update: defineEndpoint({
    method: "PATCH",
    path: "/api/leads/:id",
    tags: ["leads"],
    summary: "Edit a lead, mark it lost or reopen it",
    params: idParamsSchema,
    body: updateLeadRequestSchema,
    response: leadSchema,
    capability: "sales.manage",
  }),
  createEstimate: defineEndpoint({
    method: "POST",
    path: "/api/leads/:id/estimate",
    tags: ["leads"],
    summary: "Make the lead's draft estimate (and its customer, for a prospect)",
    params: idParamsSchema,
    status: 201,
    response: estimateDetailSchema,
    capability: "sales.manage",
  }),
} as const;
