import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import { crewEndpoints } from "@fieldops/shared/crews";

/**
 * The cache key of every server read, defined once. A key's first part is the API path the generic query function
 * fetches (lib/api.ts), so a key cannot drift from its route.
 */
export const QUERY_KEYS = {
  user: [API_PATHS.user],
  company: [API_PATHS.company],
  tenantConfig: (tenantId: string) => [apiPath(API_PATHS.tenantConfig, { tenantId })],
  demoStatus: [API_PATHS.demoStatus],
  customDomain: [API_PATHS.customDomain],
  companyPlan: [API_PATHS.companyPlan],
  activity: [API_PATHS.activity],
  team: [crewEndpoints.team.path],
  integrations: [API_PATHS.integrations],
  paymentSettings: [API_PATHS.paymentSettings],
  communicationSettings: [API_PATHS.communicationSettings],
  invoices: [API_PATHS.invoices],
  invoice: (id: string) => [API_PATHS.invoices, id],
  payments: [API_PATHS.payments],
  report: (report: string, query: string) => [`${apiPath(API_PATHS.report, { report })}?${query}`],
  companyProfile: [API_PATHS.companyProfile],
  userPreferences: [API_PATHS.userPreferences],
  invitations: [API_PATHS.invitations],
  outbox: [API_PATHS.outbox],
  securitySessions: [API_PATHS.securitySessions],
  /** The audit log's query string is part of the key, so each filter is its own cached page. */
  auditLog: (query: string) => [`${API_PATHS.auditLog}${query}`],
  auditLogAll: [API_PATHS.auditLog],
  supportTickets: [API_PATHS.supportTickets],
  supportTicket: (id: string) => [apiPath(API_PATHS.supportTicket, { id })],
  leads: [API_PATHS.leads],
  estimates: [API_PATHS.estimates],
  estimate: (id: string) => [API_PATHS.estimates, id],
  portalLink: (customerId: string) => [apiPath(API_PATHS.customerPortalLink, { id: customerId })],
} as const;
