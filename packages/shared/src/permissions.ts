import { z } from "zod";
import type { Permission, Role } from "./roles";

/**
 * What a user may do, named `<area>.<verb>`: the server checks these (routes, the assistant, the module runner), the
 * web app's guards and buttons read the same. What a capability does not name is open to everyone of the company
 * (reading customers, crews, one's own visits, the dashboard).
 */
export const capabilitySchema = z.enum([
  /** Create, change, delete, import and export customers. */
  "customers.manage",
  /** The jobs: their list, a job's page, creating and changing them and their visits. */
  "jobs.manage",
  /** The dispatch board, placing visits, route optimization and slot suggestions. */
  "schedule.manage",
  /** Leads, estimates and customers' portal links. */
  "sales.manage",
  /** Invoices, payments and refunds. */
  "invoices.manage",
  /** Invoice every completed, uninvoiced visit of a period at once, one invoice per customer. */
  "invoices.batch",
  /** Create, change and delete crews and who is on them. */
  "crews.manage",
  /** Invitations, roles, removing someone, and the first-run setup. */
  "team.manage",
  /** Add a team member directly, with a password link (the crews page). */
  "team.add_member",
  /** Read the company's profile and branding; see the settings' sections. */
  "settings.read",
  /** Change the company's profile, logo and custom domain. */
  "settings.manage",
  /** The outgoing e-mails and texts (invoices, estimates, reminders, invitations), their delivery and caught mails. */
  "outbox.read",
  /** The conversations with customers (the Messages inbox, a customer's thread): read them and reply. */
  "messages.manage",
  /** Read and export the audit log. */
  "audit.read",
  /** Create, change, turn on or off and delete the company's automations (everyone in the office reads them). */
  "automations.manage",
  /** The company's activity feed: team, settings, plan and integration changes, and who signed in. */
  "activity.read",
  /** See the integrations, payment and communication settings. */
  "integrations.read",
  /** Connect, disconnect and configure integrations, payments and communications. */
  "integrations.manage",
  /** The reports, on screen and as CSV. */
  "reports.read",
  /** Feature builds: request, accept, promote, retry, roll back and follow them. */
  "builds.manage",
  /** Approve or deny a module run that waits for approval. */
  "approvals.decide",
  /** Choose the company's plan. */
  "plan.change",
  /** Turn HIPAA mode on or off and record business associate agreements: an owner signs for the company. */
  "compliance.manage",
  /** Switch a demo company's tier. */
  "demo.switch_tier",
  /** Create, change and delete custom records (everyone reads them). */
  "custom_records.manage",
  /** Reach custom objects still in preview while the company is in beta mode. */
  "custom_objects.preview",
  /** Every crew's visits and every move of their lifecycle; without it, one's own crews' visits, started and completed. */
  "visits.manage_all",
  /** Every support ticket of the company; without it, the tickets one opened. */
  "support.read_all",
  /** Have the assistant read the office's records (customers, crews, invoices). */
  "assistant.read_office",
  /** The platform's admin portal (its pages, its menu, a tenant's Administration group). */
  "platform.manage",
]);
export type Capability = z.infer<typeof capabilitySchema>;

/** Owners and members: the office's daily work. */
const OFFICE_WORK: readonly Capability[] = [
  "customers.manage",
  "jobs.manage",
  "schedule.manage",
  "sales.manage",
  "invoices.manage",
  "crews.manage",
  "messages.manage",
];
/** Owners, administrators and members: everyone but field users. */
const OFFICE: readonly Capability[] = [
  "settings.read",
  "activity.read",
  "integrations.read",
  "reports.read",
  "custom_records.manage",
  "visits.manage_all",
  "support.read_all",
  "assistant.read_office",
];
/** Owners and administrators: running the company's account. */
const ADMINISTRATION: readonly Capability[] = [
  "team.manage",
  "settings.manage",
  "outbox.read",
  "audit.read",
  "automations.manage",
  "integrations.manage",
  "builds.manage",
  "approvals.decide",
  "demo.switch_tier",
  "custom_objects.preview",
];

/**
 * The one table of who may do what. Owners run the company (and alone bill a whole period at once: many invoices in one
 * step; a member asks the assistant and an owner approves); members do the office's work; administrators (the
 * platform's, in a company only while impersonating it) administer it but do not do the office's work; field users
 * work their own crews' visits.
 */
export const ROLE_CAPABILITIES: Record<Role, readonly Capability[]> = {
  owner: [
    ...OFFICE_WORK,
    ...OFFICE,
    ...ADMINISTRATION,
    "team.add_member",
    "plan.change",
    "compliance.manage",
    "invoices.batch",
  ],
  admin: [...OFFICE, ...ADMINISTRATION, "platform.manage"],
  member: [...OFFICE_WORK, ...OFFICE],
  field_user: [],
};

/** Who is asking: their role, and their permissions when known (an impersonation's `platform_admin`). */
export interface PermissionActor {
  role: Role;
  permissions?: readonly Permission[];
}

/**
 * Whether `actor` may do `capability`: their role has it, or they are a platform admin impersonating the company
 * (permission `platform_admin`), who may do what any of its roles may. An actor given without permissions is judged by
 * its role alone (an impersonation is role admin).
 */
export function can(actor: PermissionActor, capability: Capability): boolean {
  return actor.permissions?.includes("platform_admin") === true || ROLE_CAPABILITIES[actor.role].includes(capability);
}

/** The roles that have `capability`, in the table's order (owners first): to say who may, in a refusal. */
export function rolesWith(capability: Capability): Role[] {
  return (Object.keys(ROLE_CAPABILITIES) as Role[]).filter((role) => ROLE_CAPABILITIES[role].includes(capability));
}
