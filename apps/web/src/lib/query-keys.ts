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
  adminTelemetry: (path: string, query: string) => [`${path}?${query}`],
  companyPlan: [API_PATHS.companyPlan],
  activity: [API_PATHS.activity],
  team: [crewEndpoints.team.path],
  integrations: [API_PATHS.integrations],
  paymentSettings: [API_PATHS.paymentSettings],
  communicationSettings: [API_PATHS.communicationSettings],
  approvals: [API_PATHS.approvals],
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
  builds: [API_PATHS.builds],
  adminBuilds: [API_PATHS.adminBuilds],
  buildPricing: [API_PATHS.adminBuildPricing],
  customObjects: [API_PATHS.customObjects],
  customRecords: (objectKey: string) => [apiPath(API_PATHS.customRecords, { objectKey })],
  customRecord: (objectKey: string, id: string) => [apiPath(API_PATHS.customRecord, { objectKey, id })],
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
