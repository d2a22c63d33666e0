import { z } from "zod";
import { auditEntrySchema } from "./audit";
import { emailSchema } from "./auth";
import { defineEndpoint } from "./endpoint";
import {
  PLANS,
  planFeatureSchema,
  planIdSchema,
  planLimitsSchema,
  planUsageSchema,
  type PlanFeature,
  type PlanId,
} from "./plans";
import { roleSchema } from "./roles";
import { INDUSTRY_SLUGS, tenantSlugSchema } from "./tenant-routes";
import { text } from "./text";
import { tenantFeatureSchema, TENANT_FEATURES } from "./verticals";

export { COMPANY_SUSPENDED_MESSAGE } from "./auth";

/** The industry of a company that names none of the industry slugs. */
export const GENERIC_INDUSTRY = "field-service";
export const adminIndustrySchema = z.enum([GENERIC_INDUSTRY, ...INDUSTRY_SLUGS]);

export const MAX_ADMIN_TENANT_PAGE = 50;
export const MAX_ADMIN_LIST = 50;

/** Where a tenant stands: suspended by the platform, in or past its free trial, or on a chosen plan. */
export const tenantStatusSchema = z.enum(["active", "trial", "trial_ended", "suspended"]);
export type TenantStatus = z.infer<typeof tenantStatusSchema>;

export const tenantHealthSchema = z.object({
  level: z.enum(["healthy", "warning", "critical"]),
  /** One sentence each: "Free trial ended without a plan", "3 failed module runs in the last 7 days". */
  issues: z.array(z.string()).max(10),
});
export type TenantHealth = z.infer<typeof tenantHealthSchema>;

export const adminTenantSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  industry: z.string(),
  plan: planIdSchema,
  planName: z.string(),
  status: tenantStatusSchema,
  suspendedAt: z.string().nullable(),
  suspendedReason: z.string().nullable(),
  usage: planUsageSchema,
  limits: planLimitsSchema,
  health: tenantHealthSchema,
  pendingApprovals: z.number().int(),
  /** The latest sign-in activity or audited change; null when nothing happened yet. */
  lastActivityAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminTenant = z.infer<typeof adminTenantSchema>;

export const adminTenantQuerySchema = z.object({
  /** Part of the name or slug. */
  q: text({ max: 100, trim: true }).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(MAX_ADMIN_TENANT_PAGE).default(25),
});
export type AdminTenantQuery = z.input<typeof adminTenantQuerySchema>;

export const adminTenantListSchema = z.object({
  items: z.array(adminTenantSchema).max(MAX_ADMIN_TENANT_PAGE),
  total: z.number().int(),
});
export type AdminTenantList = z.infer<typeof adminTenantListSchema>;

export const pendingApprovalSchema = z.object({
  runId: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  moduleId: z.string(),
  requestedAt: z.string(),
  expiresAt: z.string().nullable(),
});

export const openTicketSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  subject: z.string(),
  status: z.string(),
  priority: z.boolean(),
  lastMessageAt: z.string(),
});

/**
 * Something that went wrong on the platform. Today: failed background tasks and failed module runs; performance
 * alerts from telemetry join them as another `source`.
 */
export const platformAlertSchema = z.object({
  source: z.enum(["job", "module_run", "telemetry", "payment_event"]),
  title: z.string(),
  detail: z.string(),
  companyId: z.string().nullable(),
  companyName: z.string().nullable(),
  at: z.string(),
});
export type PlatformAlert = z.infer<typeof platformAlertSchema>;

export const adminOverviewSchema = z.object({
  tenants: adminTenantListSchema,
  totals: z.object({ tenants: z.number().int(), suspended: z.number().int(), trials: z.number().int() }),
  pendingApprovals: z.array(pendingApprovalSchema).max(MAX_ADMIN_LIST),
  openTickets: z.array(openTicketSchema).max(MAX_ADMIN_LIST),
  alerts: z.array(platformAlertSchema).max(MAX_ADMIN_LIST),
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const createTenantRequestSchema = z.object({
  companyName: text({ max: 100, trim: true }).min(2, "Company name must be at least 2 characters"),
  slug: tenantSlugSchema,
  industry: adminIndustrySchema,
  plan: planIdSchema,
  ownerName: text({ max: 100, trim: true }).min(1, "The owner's name is required"),
  ownerEmail: emailSchema,
});
export type CreateTenantRequest = z.infer<typeof createTenantRequestSchema>;

export const tenantParamsSchema = z.object({ companyId: z.uuid() });

export const changeTenantPlanRequestSchema = z.object({ planId: planIdSchema });

/** A company's own switches: the tenant features its pages show and plan features over its plan's. */
export const featureOverridesSchema = z.partialRecord(planFeatureSchema, z.boolean());
export type FeatureOverrides = z.infer<typeof featureOverridesSchema>;

/**
 * The plan features a company can use: its plan's built-in list, then the plan's switches (every company on the
 * plan), then the company's own.
 */
export function effectivePlanFeatures(
  plan: PlanId,
  planSwitches: FeatureOverrides,
  companySwitches: FeatureOverrides,
): PlanFeature[] {
  const on = new Set<PlanFeature>(PLANS[plan].features);
  for (const switches of [planSwitches, companySwitches]) {
    for (const [feature, enabled] of Object.entries(switches) as [PlanFeature, boolean][]) {
      if (enabled) on.add(feature);
      else on.delete(feature);
    }
  }
  return planFeatureSchema.options.filter((feature) => on.has(feature));
}

export const tenantFeaturesRequestSchema = z.object({
  tenantFeatures: z.array(tenantFeatureSchema).max(TENANT_FEATURES.length),
  planFeatureOverrides: featureOverridesSchema,
});
export type TenantFeaturesRequest = z.infer<typeof tenantFeaturesRequestSchema>;

export const suspendTenantRequestSchema = z.object({
  reason: text({ max: 500, trim: true }).min(1, "Say why the company is suspended"),
});

export const tenantUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  lastSeenAt: z.string().nullable(),
});

export const tenantDetailSchema = z.object({
  tenant: adminTenantSchema,
  config: z.object({
    timeZone: z.string(),
    homePath: z.string(),
    betaMode: z.boolean(),
    primaryColor: z.string().nullable(),
    tenantFeatures: z.array(z.string()).max(64),
    planFeatureOverrides: featureOverridesSchema,
    /** What the company can use now: its plan's features with the plan's and its own switches applied. */
    effectiveFeatures: z.array(planFeatureSchema).max(64),
  }),
  users: z.array(tenantUserSchema).max(200),
  invitations: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        role: z.string(),
        expiresAt: z.string(),
        acceptedAt: z.string().nullable(),
      }),
    )
    .max(50),
  recentAudit: z.array(auditEntrySchema).max(MAX_ADMIN_LIST),
});
export type TenantDetail = z.infer<typeof tenantDetailSchema>;

export const planFeatureFlagsSchema = z.object({
  plans: z
    .array(
      z.object({
        plan: planIdSchema,
        planName: z.string(),
        features: z
          .array(
            z.object({ feature: planFeatureSchema, label: z.string(), builtIn: z.boolean(), enabled: z.boolean() }),
          )
          .max(64),
      }),
    )
    .max(8),
  /** Companies with their own switches (plan feature overrides or tenant features off their vertical's list). */
  tenants: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        plan: planIdSchema,
        tenantFeatures: z.array(z.string()).max(64),
        planFeatureOverrides: featureOverridesSchema,
      }),
    )
    .max(MAX_ADMIN_TENANT_PAGE),
});
export type PlanFeatureFlags = z.infer<typeof planFeatureFlagsSchema>;

export const planFeatureParamsSchema = z.object({ plan: planIdSchema, feature: planFeatureSchema });
export const setPlanFeatureRequestSchema = z.object({ enabled: z.boolean() });

export const queueHealthSchema = z.object({
  name: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  delayed: z.number().int(),
  failed: z.number().int(),
  completed: z.number().int(),
  paused: z.boolean(),
  workers: z.number().int(),
});

export const platformResourcesSchema = z.object({
  checkedAt: z.string(),
  queues: z.array(queueHealthSchema).max(32),
  workers: z
    .array(
      z.object({
        queue: z.string(),
        name: z.string(),
        address: z.string(),
        ageSeconds: z.number(),
        idleSeconds: z.number(),
      }),
    )
    .max(200),
  database: z.object({
    ok: z.boolean(),
    pingMs: z.number(),
    sizeBytes: z.number(),
    connections: z.number().int(),
    maxConnections: z.number().int(),
    activeQueries: z.number().int(),
    /** Statements running for longer than a second right now. */
    slowQueries: z.number().int(),
  }),
  redis: z.object({
    ok: z.boolean(),
    pingMs: z.number(),
    usedMemoryBytes: z.number(),
    maxMemoryBytes: z.number(),
    connectedClients: z.number().int(),
    version: z.string(),
    uptimeSeconds: z.number(),
  }),
});
export type PlatformResources = z.infer<typeof platformResourcesSchema>;

/** How often the resources page asks again. */
export const RESOURCES_REFRESH_MS = 5000;

export const assistantTranscriptQuerySchema = z.object({
  companyId: z.uuid(),
  limit: z.coerce.number().int().min(1).max(MAX_ADMIN_LIST).default(20),
});

export const assistantTranscriptTurnSchema = z.object({
  messageId: z.string(),
  question: z.string(),
  askedAt: z.string(),
  /** What the assistant was given: the user's screen, role, the company's plan features and time zone, the answerer. */
  given: z.record(z.string(), z.unknown()).nullable(),
  answer: z.string().nullable(),
  answerer: z.string().nullable(),
  uiActions: z.array(z.object({ type: z.string(), target: z.string().nullable() })).max(50),
  cards: z.number().int(),
});

export const assistantTranscriptSchema = z.object({
  id: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  userName: z.string(),
  title: z.string(),
  updatedAt: z.string(),
  turns: z.array(assistantTranscriptTurnSchema).max(100),
  proposals: z
    .array(
      z.object({
        id: z.string(),
        moduleId: z.string(),
        summary: z.string(),
        status: z.string(),
        createdAt: z.string(),
      }),
    )
    .max(50),
  moduleRuns: z
    .array(
      z.object({
        id: z.string(),
        moduleId: z.string(),
        status: z.string(),
        message: z.string().nullable(),
        createdAt: z.string(),
      }),
    )
    .max(50),
});
export type AssistantTranscript = z.infer<typeof assistantTranscriptSchema>;

export const assistantTranscriptListSchema = z.object({
  items: z.array(assistantTranscriptSchema).max(MAX_ADMIN_LIST),
});
export type AssistantTranscriptList = z.infer<typeof assistantTranscriptListSchema>;

/** The two editable menus: primary is the sidebar of a company's users, secondary the admin portal's menu. */
export const menuIdSchema = z.enum(["primary", "secondary"]);
export type MenuId = z.infer<typeof menuIdSchema>;
export const MAX_MENU_ITEMS = 40;

/** One link of a stored menu, by its url (the built-in menu's key); its label and whether it is shown. */
export const menuItemSchema = z.object({
  url: text({ max: 200 }).regex(/^\/[a-z0-9/_-]*$/, "A menu link is a path of the app"),
  title: text({ max: 60, trim: true }).min(1, "A menu item needs a label"),
  hidden: z.boolean(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuParamsSchema = z.object({ menu: menuIdSchema });
export const menuSchema = z.object({
  menu: menuIdSchema,
  /** In the order shown; an item whose url the built-in menu lacks is ignored. */
  items: z.array(menuItemSchema).max(MAX_MENU_ITEMS),
  customized: z.boolean(),
});
export type Menu = z.infer<typeof menuSchema>;
export const saveMenuRequestSchema = z.object({ items: z.array(menuItemSchema).max(MAX_MENU_ITEMS) });

const tags = ["admin"];

/**
 * The admin portal's API. Every endpoint but `menu` (any signed-in user) is for platform administrators only: the
 * server checks that itself (401 signed out, 403 anyone else), so none names a capability.
 */
export const adminEndpoints = {
  overview: defineEndpoint({
    method: "GET",
    path: "/api/admin/overview",
    tags,
    summary:
      "The platform's dashboard: a page of tenants with plan, usage, health and last activity; approvals waiting, open tickets, recent alerts",
    query: adminTenantQuerySchema,
    response: adminOverviewSchema,
  }),
  listTenants: defineEndpoint({
    method: "GET",
    path: "/api/admin/tenants",
    tags,
    summary: "A page of tenants by name, with plan, usage, health and last activity",
    query: adminTenantQuerySchema,
    response: adminTenantListSchema,
  }),
  createTenant: defineEndpoint({
    method: "POST",
    path: "/api/admin/tenants",
    tags,
    summary: "Create a tenant (company, slug, industry, plan) and invite its owner; recorded in its audit log",
    body: createTenantRequestSchema,
    status: 201,
    response: tenantDetailSchema,
  }),
  getTenant: defineEndpoint({
    method: "GET",
    path: "/api/admin/tenants/:companyId",
    tags,
    summary: "One tenant: its summary, configuration, users, invitations and recent audit log",
    params: tenantParamsSchema,
    response: tenantDetailSchema,
  }),
  changeTenantPlan: defineEndpoint({
    method: "PUT",
    path: "/api/admin/tenants/:companyId/plan",
    tags,
    summary:
      "Change a tenant's plan (ends its free trial; a downgrade its usage does not fit is refused); recorded in its audit log",
    params: tenantParamsSchema,
    body: changeTenantPlanRequestSchema,
    response: tenantDetailSchema,
  }),
  setTenantFeatures: defineEndpoint({
    method: "PUT",
    path: "/api/admin/tenants/:companyId/features",
    tags,
    summary:
      "Set a tenant's features: the tenant features its pages show and plan features switched on or off for it alone",
    params: tenantParamsSchema,
    body: tenantFeaturesRequestSchema,
    response: tenantDetailSchema,
  }),
  suspendTenant: defineEndpoint({
    method: "POST",
    path: "/api/admin/tenants/:companyId/suspend",
    tags,
    summary: "Suspend a tenant: its users are signed out and refused until it is restored; recorded in its audit log",
    params: tenantParamsSchema,
    body: suspendTenantRequestSchema,
    response: tenantDetailSchema,
  }),
  restoreTenant: defineEndpoint({
    method: "POST",
    path: "/api/admin/tenants/:companyId/restore",
    tags,
    summary: "Restore a suspended tenant; recorded in its audit log",
    params: tenantParamsSchema,
    response: tenantDetailSchema,
  }),
  features: defineEndpoint({
    method: "GET",
    path: "/api/admin/features",
    tags,
    summary: "Every plan's feature flags (built in or switched) and the tenants with switches of their own",
    response: planFeatureFlagsSchema,
  }),
  setPlanFeature: defineEndpoint({
    method: "PUT",
    path: "/api/admin/features/plans/:plan/:feature",
    tags,
    summary: "Switch a feature on or off for every company on a plan (back to the built-in value removes the switch)",
    params: planFeatureParamsSchema,
    body: setPlanFeatureRequestSchema,
    response: planFeatureFlagsSchema,
  }),
  resources: defineEndpoint({
    method: "GET",
    path: "/api/admin/resources",
    tags,
    summary: "The platform's queues (job counts), workers, database and Redis health, now",
    response: platformResourcesSchema,
  }),
  assistantTranscripts: defineEndpoint({
    method: "GET",
    path: "/api/admin/brain-packets",
    tags,
    summary:
      "A tenant's assistant conversations for auditing: what the assistant was given for each message and what it did",
    query: assistantTranscriptQuerySchema,
    response: assistantTranscriptListSchema,
  }),
  /** Every signed-in user reads the menus (the sidebar); only their editing is the administrators'. */
  menu: defineEndpoint({
    method: "GET",
    path: "/api/menus/:menu",
    tags: ["navigation"],
    summary: "A navigation menu as edited by the platform's administrators (none: the built-in menu)",
    params: menuParamsSchema,
    response: menuSchema,
  }),
  saveMenu: defineEndpoint({
    method: "PUT",
    path: "/api/admin/menus/:menu",
    tags,
    summary: "Save a navigation menu's labels, order and hidden items",
    params: menuParamsSchema,
    body: saveMenuRequestSchema,
    response: menuSchema,
  }),
  resetMenu: defineEndpoint({
    method: "DELETE",
    path: "/api/admin/menus/:menu",
    tags,
    summary: "Reset a navigation menu to the built-in one",
    params: menuParamsSchema,
    response: menuSchema,
  }),
} as const;
