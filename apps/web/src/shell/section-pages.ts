/**
 * The signed-in app's main routes that later work fills in. Until then each page says what
 * it will hold, so a visitor knows where they are.
 */
export type SectionPage = { path: string; title: string; description: string };

export const SECTION_PAGES: readonly SectionPage[] = [
  {
    path: "/automations/:id",
    title: "Automation",
    description: "What this automation does, when it runs, and the record of its runs.",
  },
];
