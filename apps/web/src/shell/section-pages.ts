import { ADMIN_PORTAL_ROLES, type Role } from "@fieldops/shared/roles";

/**
 * The signed-in app's main routes that later work fills in. Until then each page says what
 * it will hold, so a visitor knows where they are. `roles` lists who may open the page; without it, every role.
 */
export type SectionPage = { path: string; title: string; description: string; roles?: readonly Role[] };

export const SECTION_PAGES: readonly SectionPage[] = [
  { path: "/automations/:id", title: "Automation", description: "What this automation does, when it runs, and the record of its runs." },
  { path: "/admin/features", title: "Features", description: "The features available to each tenant and the requests for new ones.", roles: ADMIN_PORTAL_ROLES },
  { path: "/admin/resources", title: "Resources", description: "The platform's shared resources for tenants and administrators.", roles: ADMIN_PORTAL_ROLES },
  { path: "/admin/tenants", title: "Tenants", description: "Every company on the platform, with its plan, industry and status.", roles: ADMIN_PORTAL_ROLES },
  { path: "/admin/brain-packets", title: "Brain Packets", description: "The context the assistant works from for each tenant.", roles: ADMIN_PORTAL_ROLES },
  { path: "/instance-admin/:companyId", title: "Instance Admin", description: "Administration of one company's instance: its users, plan and configuration.", roles: ADMIN_PORTAL_ROLES },
  { path: "/menu/primary", title: "Primary Menu", description: "The primary menu's items and their order." },
  { path: "/menu/secondary", title: "Secondary Menu", description: "The secondary menu's items and their order." },
];
