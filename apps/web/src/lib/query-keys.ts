import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";

/**
 * The cache key of every server read, defined once. A key's first part is the API path the generic query function
 * fetches (lib/api.ts), so a key cannot drift from its route.
 */
export const QUERY_KEYS = {
  invoices: [API_PATHS.invoices],
  invoice: (id: string) => [API_PATHS.invoices, id],
  payments: [API_PATHS.payments],
  report: (report: string, query: string) => [`${apiPath(API_PATHS.report, { report })}?${query}`],
  leads: [API_PATHS.leads],
  estimates: [API_PATHS.estimates],
  estimate: (id: string) => [API_PATHS.estimates, id],
  portalLink: (customerId: string) => [apiPath(API_PATHS.customerPortalLink, { id: customerId })],
} as const;
