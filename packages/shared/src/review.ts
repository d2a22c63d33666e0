import { z } from "zod";
import { brandingSchema } from "./company";
import { defineEndpoint } from "./endpoint";
import {
  estimateOptionSchema,
  estimateStatusSchema,
  publicLinkResponseSchema,
  sendChannelsRequestSchema,
} from "./estimates";
import { idParamsSchema } from "./jobs";
import { text } from "./text";

/**
 * The header a customer's page sends its link's token in. The token travels in the URL's fragment, which browsers
 * never send to a server, so it reaches no access log; the page reads it and sends it here. A page of another site
 * cannot add it to a request without a CORS preflight, which the API never grants.
 */
export const REVIEW_TOKEN_HEADER = "x-review-token";
/**
 * A link's own token is 32 random bytes in base64url (43 characters); a page opened from the customer's portal sends
 * `<customerId>.<portal token>` (see `portalCredential`). Any other string answers as a wrong token does.
 */
export const reviewTokenSchema = text({ max: 100 });
export const reviewHeadersSchema = z.object({ [REVIEW_TOKEN_HEADER]: reviewTokenSchema.optional() });

/** The one answer to a link that opens nothing (a missing subject, a wrong, revoked or absent token): a guess learns nothing. */
export const PUBLIC_LINK_NOT_FOUND = "This link is not valid. Ask the company for a new one.";

/**
 * Requests a minute per client address on the customer's pages' routes: enough for the several people one address
 * may stand for to read and answer, and still a stop to anyone hammering them (the tokens cannot be guessed).
 */
export const REVIEW_REQUESTS_PER_MINUTE = 120;

/** What every customer's page shows of the company. */
export const reviewCompanySchema = z.object({ branding: brandingSchema, timeZone: z.string() });
export type ReviewCompany = z.infer<typeof reviewCompanySchema>;

/** GET /api/review/estimates/:id: the estimate as its customer sees it. */
export const reviewEstimateSchema = z.object({
  company: reviewCompanySchema,
  id: z.string(),
  number: z.number().int(),
  title: z.string(),
  customerName: z.string(),
  /** A draft is being revised: its options are not shown until it is sent again. */
  status: estimateStatusSchema,
  message: z.string().nullable(),
  expiresOn: z.string().nullable(),
  options: z.array(estimateOptionSchema),
  approvedOptionId: z.string().nullable(),
  signatureName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  customerMessage: z.string().nullable(),
});
export type ReviewEstimate = z.infer<typeof reviewEstimateSchema>;

export const approveEstimateRequestSchema = z.object({
  optionId: z.uuid(),
  /** The customer's typed name: their signature. */
  signatureName: text({ max: 200, trim: true }).min(2, "Type your full name to sign"),
});
export const requestEstimateChangesRequestSchema = z.object({
  message: text({ max: 5000, trim: true }).min(1, "Say what you would like changed"),
});
export const declineEstimateRequestSchema = z.object({ reason: text({ max: 5000, trim: true }).nullish() });

/** GET /api/review/portal/:customerId: what a customer's portal shows. */
export const portalSchema = z.object({
  company: reviewCompanySchema,
  customerName: z.string(),
  visits: z.array(
    z.object({
      id: z.string(),
      jobTitle: z.string(),
      status: z.string(),
      scheduledStart: z.string().nullable(),
      scheduledEnd: z.string().nullable(),
    }),
  ),
  estimates: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      title: z.string(),
      status: estimateStatusSchema,
      totalCents: z.number().int(),
      expiresOn: z.string().nullable(),
    }),
  ),
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.number().int(),
      totalCents: z.number().int(),
      balanceCents: z.number().int(),
      dueOn: z.string().nullable(),
      pastDue: z.boolean(),
    }),
  ),
});
export type Portal = z.infer<typeof portalSchema>;

/** The most of the portal's conversation shown, and the longest message its chat box takes. */
export const MAX_PORTAL_MESSAGES = 100;
export const MAX_PORTAL_MESSAGE_CHARS = 1000;

/** The chat box of the customer's portal: what the customer wrote there and what the company answered there. */
export const portalConversationSchema = z.object({
  messages: z
    .array(
      z.object({
        id: z.string(),
        from: z.enum(["customer", "company"]),
        body: z.string(),
        createdAt: z.string(),
      }),
    )
    .max(MAX_PORTAL_MESSAGES),
  /** The company's assistant answers here; otherwise the office answers by text or e-mail. */
  assistantOn: z.boolean(),
});
export type PortalConversation = z.infer<typeof portalConversationSchema>;

export const portalMessageRequestSchema = z.object({
  text: text({ max: MAX_PORTAL_MESSAGE_CHARS, trim: true }).min(1, "Write a message"),
  /** Made by the page for each message: sending it again (a retry) keeps it once. */
  clientMessageId: z.uuid(),
});

/** The office's view of a customer's portal link: whether one is live (its token is shown only when made). */
export const portalLinkStatusSchema = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type PortalLinkStatus = z.infer<typeof portalLinkStatusSchema>;

/**
 * An estimate's or an invoice's page is opened with its own link's token, or from the customer's portal with
 * `<customerId>.<portal token>`, so that the portal's link (and its revocation) covers the customer's estimates and
 * invoices.
 */
export function portalCredential(customerId: string, portalToken: string): string {
  return `${customerId}.${portalToken}`;
}

/** The pages' paths (the token goes after `#`). */
export const reviewEstimatePath = (estimateId: string) => `/review/estimates/${estimateId}`;
export const reviewPortalPath = (customerId: string) => `/review/portal/${customerId}`;

/**
 * The customer's estimate pages and portal: public, the link's token in the x-review-token header (never in the URL),
 * each request confined to the one estimate or customer the token opens.
 */
export const reviewEndpoints = {
  getEstimate: defineEndpoint({
    method: "GET",
    path: "/api/review/estimates/:id",
    tags: ["review"],
    summary: "An estimate as its customer sees it (token in the x-review-token header)",
    params: idParamsSchema,
    headers: reviewHeadersSchema,
    response: reviewEstimateSchema,
  }),
  estimatePdf: defineEndpoint({
    method: "GET",
    path: "/api/review/estimates/:id/pdf",
    tags: ["review"],
    summary: "An estimate as a PDF to download, as its customer sees it (token in the x-review-token header)",
    params: idParamsSchema,
    headers: reviewHeadersSchema,
    produces: "application/pdf",
    response: z.any(),
  }),
  approveEstimate: defineEndpoint({
    method: "POST",
    path: "/api/review/estimates/:id/approve",
    tags: ["review"],
    summary: "The customer approves one option, signing with their name",
    params: idParamsSchema,
    headers: reviewHeadersSchema,
    body: approveEstimateRequestSchema,
    response: reviewEstimateSchema,
  }),
  requestEstimateChanges: defineEndpoint({
    method: "POST",
    path: "/api/review/estimates/:id/request-changes",
    tags: ["review"],
    summary: "The customer asks for changes",
    params: idParamsSchema,
    headers: reviewHeadersSchema,
    body: requestEstimateChangesRequestSchema,
    response: reviewEstimateSchema,
  }),
  declineEstimate: defineEndpoint({
    method: "POST",
    path: "/api/review/estimates/:id/decline",
    tags: ["review"],
    summary: "The customer declines the estimate",
    params: idParamsSchema,
    headers: reviewHeadersSchema,
    body: declineEstimateRequestSchema,
    response: reviewEstimateSchema,
  }),
  getPortal: defineEndpoint({
    method: "GET",
    path: "/api/review/portal/:id",
    tags: ["review"],
    summary: "A customer's portal: upcoming visits, estimates to approve, unpaid invoices",
    params: idParamsSchema,
    headers: reviewHeadersSchema,
    response: portalSchema,
  }),
  portalConversation: defineEndpoint({
    method: "GET",
    path: "/api/review/portal/:id/messages",
    tags: ["review"],
    summary: "The portal's chat with the company: the customer's messages and the answers given there",
    params: idParamsSchema,
    headers: reviewHeadersSchema,
    response: portalConversationSchema,
  }),
  sendPortalMessage: defineEndpoint({
    method: "POST",
    path: "/api/review/portal/:id/messages",
    tags: ["review"],
    summary:
      "The customer writes to the company from the portal (kept once per clientMessageId); the assistant answers",
    params: idParamsSchema,
    headers: reviewHeadersSchema,
    body: portalMessageRequestSchema,
    response: portalConversationSchema,
  }),
} as const;

/** The office's side of a customer's portal link: whether it is live, make a new one (and send it), revoke it. */
export const portalLinkEndpoints = {
  get: defineEndpoint({
    method: "GET",
    path: "/api/customers/:id/portal-link",
    tags: ["portal"],
    summary: "Whether the customer has a live portal link",
    params: idParamsSchema,
    response: portalLinkStatusSchema,
    capability: "sales.manage",
  }),
  create: defineEndpoint({
    method: "POST",
    path: "/api/customers/:id/portal-link",
    tags: ["portal"],
    summary: "A new portal link for the customer (the one before stops working); Growth plan and above",
    params: idParamsSchema,
    status: 201,
    response: publicLinkResponseSchema,
    capability: "sales.manage",
  }),
  send: defineEndpoint({
    method: "POST",
    path: "/api/customers/:id/portal-link/send",
    tags: ["portal"],
    summary: "Send the customer a new portal link by e-mail and text message (the one before stops working)",
    params: idParamsSchema,
    body: sendChannelsRequestSchema,
    status: 201,
    response: publicLinkResponseSchema,
    capability: "sales.manage",
  }),
  revoke: defineEndpoint({
    method: "DELETE",
    path: "/api/customers/:id/portal-link",
    tags: ["portal"],
    summary: "Revoke the customer's portal link",
    params: idParamsSchema,
    status: 204,
    response: z.null(),
    capability: "sales.manage",
  }),
} as const;
