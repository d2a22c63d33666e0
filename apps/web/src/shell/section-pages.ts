import { ADMIN_PORTAL_ROLES, type Role } from "@fieldops/shared/roles";

/**
 * The signed-in app's main routes that later work fills in. Until then each page says what
 * it will hold, so a visitor knows where they are. `roles` lists who may open the page; without it, every role.
 */
export type SectionPage = { path: string; title: string; description: string; roles?: readonly Role[] };

export const SECTION_PAGES: readonly SectionPage[] = [
  { path: "/automations/:id", title: "Automation", description: "What this automation does, when it runs, and the record of its runs." },
  { path: "/admin/build-monitor", title: "Build Monitor", description: "Feature builds through their stages: generate, test, deploy to preview and merge to production.", roles: ADMIN_PORTAL_ROLES },
  { path: "/admin/saas-factory/pricing", title: "SaaS Factory Pricing", description: "The pricing of plans and of feature builds.", roles: ADMIN_PORTAL_ROLES },
];
