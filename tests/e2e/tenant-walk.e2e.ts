import { expect, test, type Page } from "@playwright/test";
import { crewEndpoints } from "@fieldops/shared/crews";
import { invoiceEndpoints } from "@fieldops/shared/invoices";
import { can, type Capability } from "@fieldops/shared/permissions";
import type { Role } from "@fieldops/shared/roles";
import { TENANT_SUB_ROUTES } from "@fieldops/shared/tenant-routes";
import { ownerApi } from "./owner-api.ts";
import { openSignedIn } from "./sign-in-as.ts";

/**
 * Every tenant sub-route of the spec, for every role: Green Valley Lawn Care's owner, member and field user, and Acme
 * Plumbing's owner (another company). A page is opened once in full; the others are reached as the app's own links
 * reach them (the router, without a reload), so that the walk stays short.
 */

const TENANT = "/green-valley";
const SIGN_IN = "Sign in to Green Valley Lawn Care";

/** What each sub-route shows a user who may open it, and what it asks of their role (the server asks the same). */
interface Screen {
  route: (typeof TENANT_SUB_ROUTES)[number];
  heading: string | RegExp;
  capability?: Capability;
}
const SCREENS: readonly Screen[] = [
  { route: "login", heading: SIGN_IN },
  { route: "dashboard", heading: "Dashboard" },
  { route: "leads", heading: "Leads", capability: "sales.manage" },
  { route: "estimator", heading: "Estimates", capability: "sales.manage" },
  { route: "billing", heading: "Payments", capability: "invoices.manage" },
  { route: "home", heading: "Dashboard" },
  { route: "chat", heading: "Chat Assistant" },
  { route: "admin", heading: "Dashboard" },
  { route: "settings", heading: "Settings" },
  { route: "features", heading: "Plans" },
  { route: "schedule", heading: "Schedule", capability: "schedule.manage" },
  { route: "jobs", heading: "Jobs", capability: "jobs.manage" },
  { route: "customers", heading: "Customers" },
  { route: "crews", heading: "Crews" },
  { route: "crews/:id", heading: "" },
  { route: "plans", heading: "Plans" },
  { route: "integrations", heading: "Integrations", capability: "integrations.read" },
  { route: "payments", heading: "Payments", capability: "invoices.manage" },
  { route: "reports", heading: "Reports", capability: "reports.read" },
  { route: "support", heading: "Support" },
  { route: "security", heading: "Security" },
  { route: "review/:invoiceId", heading: /^Invoice #\d+/ },
  { route: "automations", heading: "Automations", capability: "settings.read" },
  { route: "automations/:id", heading: "Automation", capability: "settings.read" },
];

/** The tenant's sidebar for each role of Green Valley (its features: no leads, no estimator). */
const OFFICE_SIDEBAR = [
  "Home",
  "Dashboard",
  "Jobs",
  "Schedule",
  "Customers",
  "Billing",
  "Payments",
  "Reports",
  "Integrations",
  "Chat Assistant",
  "Support",
  "Settings",
];
const SIDEBARS: Record<Exclude<Role, "admin">, string[]> = {
  owner: OFFICE_SIDEBAR,
  member: OFFICE_SIDEBAR,
  field_user: ["Home", "Dashboard", "Customers", "Chat Assistant", "Support", "Settings"],
};

const USERS = [
  { email: "owner@demo.test", role: "owner" },
  { email: "member@demo.test", role: "member" },
  { email: "tech@demo.test", role: "field_user" },
  { email: "owner@acme-plumbing.test", role: null },
] as const;

/** Follows a link of the app to `path`: the router moves, the page does not reload. */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState(null, "", to);
    dispatchEvent(new PopStateEvent("popstate"));
  }, path);
}

test("every tenant sub-route of the spec works for every role, and the sidebar offers only what the role may open", async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(SCREENS.map((screen) => screen.route)).toEqual([...TENANT_SUB_ROUTES]);

  const api = await ownerApi(playwright, baseURL!);
  const crews = (await (await api.get(crewEndpoints.list.path)).json()) as { items: { id: string; name: string }[] };
  const crew = crews.items[0]!;
  const invoices = (await (await api.get(`${invoiceEndpoints.list.path}?status=sent&limit=1`)).json()) as {
    items: { id: string }[];
  };
  const invoiceId = invoices.items[0]!.id;
  const link = await api.post(`/api/invoices/${invoiceId}/review-link`);
  expect(link.status()).toBe(201);
  const { url } = (await link.json()) as { url: string };
  const token = new URL(url).hash;
  await api.dispose();

  const pathOf = (route: Screen["route"]) =>
    `${TENANT}/${route
      .replace(":id", route.startsWith("crews") ? crew.id : "weekly-digest")
      .replace(":invoiceId", invoiceId)}${route === "review/:invoiceId" ? token : ""}`;
  const heading = (screen: Screen) => (screen.route === "crews/:id" ? crew.name : screen.heading);

  for (const user of USERS) {
    await openSignedIn(page, user.email, `${TENANT}/home`);
    if (user.role) {
      const sidebar = page.getByRole("navigation", { name: "Main" });
      // The company's custom objects (other files' feature builds make some in this product, and their list loads on
      // its own) are the company's, not the role's: the role's links are the rest.
      const roleLinks = sidebar.getByRole("link").and(page.locator('a:not([href*="/custom/"])'));
      await expect(roleLinks).toHaveText(SIDEBARS[user.role]);
    }
    for (const screen of SCREENS) {
      const expected =
        screen.route === "review/:invoiceId"
          ? heading(screen)
          : user.role === null || screen.route === "login"
            ? SIGN_IN
            : screen.capability && !can({ role: user.role }, screen.capability)
              ? "Not authorized"
              : heading(screen);
      await navigateInApp(page, pathOf(screen.route));
      // Its own heading, never the not-found page's "404".
      await expect(page.getByRole("heading", { level: 1 }), `${user.email} on ${screen.route}`).toHaveText(expected);
    }
  }
});
