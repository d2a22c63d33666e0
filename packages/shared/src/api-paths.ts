/**
 * Every path of the API, defined once: the server registers its routes with these and the web app calls them, so a
 * renamed route cannot leave a caller behind. Parameters are written `:name`, as the server registers them; callers
 * fill them with `apiPath`.
 */
export const API_PATHS = {
  health: "/api/health",
  login: "/api/login",
  signup: "/api/signup",
  logout: "/api/logout",
  user: "/api/user",
  company: "/api/company",
  activity: "/api/activity",
  telemetryTrack: "/api/telemetry/track",
  socket: "/api/ws",
  socketTicket: "/api/ws-ticket",
  docs: "/api/docs",
  customers: "/api/customers",
  customersExport: "/api/customers/export",
  customersImportPreview: "/api/customers/import/preview",
  customersImport: "/api/customers/import",
  customer: "/api/customers/:id",
  report: "/api/reports/:report",
  reportCsv: "/api/reports/:report/csv",
  jobs: "/api/jobs",
  jobCustomerOptions: "/api/jobs/customer-options",
  job: "/api/jobs/:id",
  jobVisits: "/api/jobs/:id/visits",
  jobNotes: "/api/jobs/:id/notes",
  visits: "/api/visits",
  visit: "/api/visits/:id",
  visitSchedule: "/api/visits/:id/schedule",
  visitTransition: "/api/visits/:id/transition",
  visitBestSlots: "/api/visits/:id/best-slots",
  scheduleOptimize: "/api/schedule/optimize",
  scheduleReplan: "/api/schedule/replan",
  routePlan: "/api/route-plans/:id",
  routePlanApply: "/api/route-plans/:id/apply",
  crews: "/api/crews",
  crew: "/api/crews/:id",
  crewMembers: "/api/crews/:id/members",
  crewMember: "/api/crews/:id/members/:userId",
  crewLoad: "/api/crews/:id/load",
  schedule: "/api/schedule",
  team: "/api/team",
  userdash: "/api/userdash",
  assistantConversations: "/api/assistant/conversations",
  assistantConversation: "/api/assistant/conversations/:id",
  assistantSuggestions: "/api/assistant/suggestions",
  integrations: "/api/integrations",
  integrationConnect: "/api/integrations/:provider/connect",
  integrationCallback: "/api/integrations/:provider/callback",
  integration: "/api/integrations/:provider",
  paymentSettings: "/api/settings/payments",
  communicationSettings: "/api/settings/communications",
  modulesExecute: "/api/modules/execute",
  moduleRun: "/api/modules/runs/:id",
  moduleRunUndo: "/api/modules/runs/:id/undo",
  moduleRunDownload: "/api/modules/runs/:id/download",
  approvals: "/api/approvals",
  approvalApprove: "/api/approvals/:id/approve",
  approvalDeny: "/api/approvals/:id/deny",
} as const;

export type ApiPath = (typeof API_PATHS)[keyof typeof API_PATHS];

/** A path with its `:name` parameters filled in, each value encoded: `apiPath(API_PATHS.crew, { id })`. */
export function apiPath(template: string, params: Record<string, string>): string {
  return template.replace(/:([A-Za-z]+)/g, (placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${template} needs a value for ${placeholder}`);
    return encodeURIComponent(value);
  });
}
