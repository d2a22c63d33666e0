import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";

/**
 * The cache key of every server read, defined once. A key's first part is the API path the generic query function
 * fetches (lib/api.ts), so a key cannot drift from its route.
 */
export const QUERY_KEYS = {
  approvals: [API_PATHS.approvals],
  invoices: [API_PATHS.invoices],
  invoice: (id: string) => [API_PATHS.invoices, id],
  payments: [API_PATHS.payments],
  report: (report: string, query: string) => [`${apiPath(API_PATHS.report, { report })}?${query}`],
  leads: [API_PATHS.leads],
  estimates: [API_PATHS.estimates],
  estimate: (id: string) => [API_PATHS.estimates, id],
  builds: [API_PATHS.builds],
  adminBuilds: [API_PATHS.adminBuilds],
  buildPricing: [API_PATHS.adminBuildPricing],
  customObjects: [API_PATHS.customObjects],
  customRecords: (objectKey: string) => [apiPath(API_PATHS.customRecords, { objectKey })],
  customRecord: (objectKey: string, id: string) => [apiPath(API_PATHS.customRecord, { objectKey, id })],
  portalLink: (customerId: string) => [apiPath(API_PATHS.customerPortalLink, { id: customerId })],
  /** The admin portal's reads (every key starts with /api/admin, so a change can read them all again). */
  adminOverview: (query: string) => [`${API_PATHS.adminOverview}?${query}`],
  adminTenants: (query: string) => [`${API_PATHS.adminTenants}?${query}`],
  adminTenant: (companyId: string) => [apiPath(API_PATHS.adminTenant, { companyId })],
  adminFeatures: [API_PATHS.adminFeatures],
  adminResources: [API_PATHS.adminResources],
  adminBrainPackets: (companyId: string) => [
    `${API_PATHS.adminBrainPackets}?companyId=${encodeURIComponent(companyId)}`,
  ],
  menu: (menu: string) => [apiPath(API_PATHS.menu, { menu })],
} as const;
