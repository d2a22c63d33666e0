import { customDomainEndpoints } from "@fieldops/shared/custom-domain";
import { integrationEndpoints } from "@fieldops/shared/integrations";
import { supportEndpoints } from "@fieldops/shared/support";
import { auditEndpoints } from "@fieldops/shared/audit";
import { securityEndpoints } from "@fieldops/shared/security";
import { teamEndpoints } from "@fieldops/shared/team";
import { companySettingsEndpoints } from "@fieldops/shared/company-settings";
import { planEndpoints } from "@fieldops/shared/plans";
import { demoEndpoints } from "@fieldops/shared/demo";
import { tenantEndpoints } from "@fieldops/shared/tenants";
import { activityEndpoints } from "@fieldops/shared/events";
import { companyEndpoints } from "@fieldops/shared/company";
import { authEndpoints } from "@fieldops/shared/auth";
import { API_PATHS, apiPath } from "@fieldops/shared/api-paths";
import { crewEndpoints } from "@fieldops/shared/crews";

/**
 * The cache key of every server read, defined once. A key's first part is the API path the generic query function
 * fetches (lib/api.ts), so a key cannot drift from its route.
 */
export const QUERY_KEYS = {
  user: [authEndpoints.user.path],
  company: [companyEndpoints.get.path],
  tenantConfig: (tenantId: string) => [apiPath(tenantEndpoints.config.path, { tenantId })],
  demoStatus: [demoEndpoints.status.path],
  customDomain: [customDomainEndpoints.get.path],
  adminTelemetry: (path: string, query: string) => [`${path}?${query}`],
  companyPlan: [planEndpoints.overview.path],
  activity: [activityEndpoints.list.path],
  team: [crewEndpoints.team.path],
  integrations: [integrationEndpoints.list.path],
  paymentSettings: [integrationEndpoints.paymentSettings.path],
  communicationSettings: [integrationEndpoints.communicationSettings.path],
  approvals: [API_PATHS.approvals],
  invoices: [API_PATHS.invoices],
  invoice: (id: string) => [API_PATHS.invoices, id],
  payments: [API_PATHS.payments],
  report: (report: string, query: string) => [`${apiPath(API_PATHS.report, { report })}?${query}`],
  companyProfile: [companySettingsEndpoints.profile.path],
  userPreferences: [companySettingsEndpoints.preferences.path],
  invitations: [teamEndpoints.invitations.path],
  outbox: [companySettingsEndpoints.outbox.path],
  securitySessions: [securityEndpoints.sessions.path],
  /** The audit log's query string is part of the key, so each filter is its own cached page. */
  auditLog: (query: string) => [`${auditEndpoints.list.path}${query}`],
  auditLogAll: [auditEndpoints.list.path],
  supportTickets: [supportEndpoints.list.path],
  supportTicket: (id: string) => [apiPath(supportEndpoints.get.path, { id })],
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
