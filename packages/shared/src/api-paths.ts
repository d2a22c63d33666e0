/**
 * Every path of the API, defined once: the server registers its routes with these and the web app calls them, so a
 * renamed route cannot leave a caller behind. Parameters are written `:name`, as the server registers them; callers
 * fill them with `apiPath`.
 */
export const API_PATHS = {
  socket: "/api/ws",
  docs: "/api/docs",
  report: "/api/reports/:report",
  reportCsv: "/api/reports/:report/csv",
  invoices: "/api/invoices",
  invoice: "/api/invoices/:id",
  invoiceSend: "/api/invoices/:id/send",
  invoiceVoid: "/api/invoices/:id/void",
  invoicePayments: "/api/invoices/:id/payments",
  invoiceReviewLink: "/api/invoices/:id/review-link",
  payments: "/api/payments",
  paymentRefunds: "/api/payments/:id/refunds",
  /** The public API of the customer's pages (no session: a link's token in the x-review-token header). */
  reviewPrefix: "/api/review/",
  reviewInvoice: "/api/review/invoices/:invoiceId",
  reviewInvoicePayments: "/api/review/invoices/:invoiceId/payments",
  reviewInvoicePaymentIntents: "/api/review/invoices/:invoiceId/payment-intents",
  reviewInvoicePaymentIntentConfirm: "/api/review/invoices/:invoiceId/payment-intents/confirm",
  reviewInvoiceReview: "/api/review/invoices/:invoiceId/review",
  leads: "/api/leads",
  lead: "/api/leads/:id",
  leadEstimate: "/api/leads/:id/estimate",
  estimates: "/api/estimates",
  estimate: "/api/estimates/:id",
  estimateSend: "/api/estimates/:id/send",
  estimateLink: "/api/estimates/:id/link",
  estimateDecline: "/api/estimates/:id/decline",
  estimateConvert: "/api/estimates/:id/convert",
  customerPortalLink: "/api/customers/:id/portal-link",
  customerPortalLinkSend: "/api/customers/:id/portal-link/send",
  reviewEstimate: "/api/review/estimates/:id",
  reviewEstimateApprove: "/api/review/estimates/:id/approve",
  reviewEstimateRequestChanges: "/api/review/estimates/:id/request-changes",
  reviewEstimateDecline: "/api/review/estimates/:id/decline",
  reviewPortal: "/api/review/portal/:id",
} as const;

export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];

/** A path with its `:name` parameters filled in, each value encoded (the endpoints' `fillPath`). */
export { fillPath as apiPath } from "./endpoint";
