import type { Role } from "@fieldops/shared/roles";

/**
 * The signed-in app's main routes that later work fills in. Until then each page says what
 * it will hold, so a visitor knows where they are. `roles` lists who may open the page; without it, every role.
 */
export type SectionPage = { path: string; title: string; description: string; roles?: readonly Role[] };

export const SECTION_PAGES: readonly SectionPage[] = [
  {
    path: "/automations/:id",
    title: "Automation",
    description: "What this automation does, when it runs, and the record of its runs.",
  },
];
