// @vitest-environment jsdom
import { screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { TenantConfig } from "@fieldops/shared/tenants";
import { TENANT_SUB_ROUTES } from "@fieldops/shared/tenant-routes";
import { makeCompany, makeUser } from "../testing/fixtures";
import { sendJson, useLocalApi } from "../testing/local-server";
import { CurrentPath, renderApp } from "../testing/render-app";
import { HostTenantRoutes, TENANT_OPEN_SUB_ROUTES, TENANT_SCREENS, TenantOrIndustryRoute } from "./tenant-routes";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const config: TenantConfig = {
  id: "c1",
  slug: "green-valley",
  branding: { name: "Green Valley", logo: null, primaryColor: "#16a34a" },
  industry: "lawn-care",
  homePath: "dashboard",
  plan: null,
  planName: null,
  features: null,
  betaMode: null,
  whiteLabel: false,
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 401, { message: "Not signed in" }));
});

const renderAt = (path: string) =>
  renderApp({
    initialPath: path,
    routes: (
      <>
        <Route path="/:first/*" element={<TenantOrIndustryRoute />} />
        <Route path="/admin-dashboard" element={<CurrentPath />} />
      </>
    ),
  });

describe("a tenant's path", () => {
  it("says 'Failed to load tenant configuration' when the config does not come, with the way back", async () => {
    api.on("GET", "/api/tenants/green-valley/config", (_req, res) =>
      sendJson(res, 500, { message: "Internal Server Error" }),
    );
    renderAt("/green-valley/home");
    expect(await screen.findByRole("heading", { level: 1, name: "Failed to load tenant configuration" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to Admin Dashboard" }).getAttribute("href")).toBe("/admin-dashboard");
  });

  it("says 'Tenant not found' for a 404", async () => {
    api.on("GET", "/api/tenants/nobody-here/config", (_req, res) =>
      sendJson(res, 404, { message: "Tenant not found" }),
    );
    renderAt("/turf/nobody-here/jobs");
    expect(await screen.findByRole("heading", { level: 1, name: "Tenant not found" })).toBeTruthy();
  });

  it("sends the bare path to the tenant's home path, which shows a visitor the tenant's login", async () => {
    api.on("GET", "/api/tenants/green-valley/config", (_req, res) => sendJson(res, 200, config));
    renderAt("/lawn-care/green-valley");
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to Green Valley" })).toBeTruthy();
    expect(api.requests.some((request) => request.url === "/api/tenants/green-valley/config")).toBe(true);
  });

  it("shows a signed-in user of another company the tenant's login", async () => {
    api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ companyId: "c2", role: "owner" })));
    api.on("GET", "/api/tenants/green-valley/config", (_req, res) => sendJson(res, 200, config));
    renderAt("/green-valley/jobs");
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to Green Valley" })).toBeTruthy();
  });

  it("follows the legacy /t/{slug} form to the tenant", async () => {
    api.on("GET", "/api/tenants/green-valley/config", (_req, res) => sendJson(res, 200, config));
    renderAt("/t/green-valley/jobs");
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to Green Valley" })).toBeTruthy();
  });

  it("names a white-label tenant's pages after the tenant, never the product", async () => {
    document.head.insertAdjacentHTML("beforeend", '<link rel="icon" href="/favicon.svg" />');
    api.on("GET", "/api/tenants/green-valley/config", (_req, res) =>
      sendJson(res, 200, {
        ...config,
        whiteLabel: true,
        branding: { ...config.branding, logo: "/api/files/logo" },
        plan: "suite",
        planName: "Suite",
        features: [],
        betaMode: false,
      }),
    );
    const view = renderAt("/green-valley/jobs");
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to Green Valley" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Sign In · Green Valley"));
    expect(document.body.textContent).not.toContain("FieldOps");
    expect(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')].map((link) => link.getAttribute("href")),
    ).toEqual(["/api/files/logo"]);
    view.unmount();
    expect(
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')].map((link) => link.getAttribute("href")),
    ).toEqual(["/favicon.svg"]);
  });

  it("names a tenant without white label's pages after the product", async () => {
    api.on("GET", "/api/tenants/green-valley/config", (_req, res) => sendJson(res, 200, config));
    renderAt("/green-valley/jobs");
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to Green Valley" })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe("Sign In · Green Valley · FieldOps"));
  });

  it("on a tenant's own domain, shows the tenant's pages at the root, its config asked for by the host name", async () => {
    const host = window.location.hostname;
    api.on("GET", `/api/tenants/${host}/config`, (_req, res) => sendJson(res, 200, { ...config, whiteLabel: true }));
    renderApp({ initialPath: "/jobs", routes: <Route path="/*" element={<HostTenantRoutes />} /> });
    expect(await screen.findByRole("heading", { level: 1, name: "Sign in to Green Valley" })).toBeTruthy();
    expect(api.requests.some((request) => request.url === `/api/tenants/${host}/config`)).toBe(true);
  });
});

describe("a tenant's sub-routes", () => {
  const signedIn = (role: "owner" | "field_user") => {
    const user = makeUser({ role, companyId: "c1" });
    api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, user));
    api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany()));
    api.on("GET", "/api/tenants/green-valley/config", (_req, res) =>
      sendJson(res, 200, {
        ...config,
        plan: "pro",
        planName: "Pro",
        features: ["jobs", "scheduling", "billing", "payments", "reporting", "ai_chat"],
        betaMode: false,
      }),
    );
  };
  const sidebarLinks = async () =>
    within(await screen.findByRole("navigation", { name: "Main" }))
      .getAllByRole("link")
      .map((link) => link.textContent);

  it("answers every sub-route of the spec, each with a screen of its own", () => {
    const answered = [...TENANT_SCREENS.map((screen) => screen.path), ...TENANT_OPEN_SUB_ROUTES];
    expect([...answered].sort()).toEqual([...TENANT_SUB_ROUTES].sort());
    expect(new Set(answered).size).toBe(answered.length);
  });

  it.each([
    ["billing", "Payments"],
    ["payments", "Payments"],
    ["reports", "Reports"],
  ])("shows an owner /green-valley/%s as the app's %s screen, in the tenant's sidebar", async (sub, heading) => {
    signedIn("owner");
    renderAt(`/green-valley/${sub}`);
    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeTruthy();
    expect(screen.queryByText("Page not found")).toBeNull();
    expect(await sidebarLinks()).toContain(sub === "billing" ? "Billing" : heading);
  });

  it("shows a field user only the screens they may open: the others are not authorized, and not in the sidebar", async () => {
    signedIn("field_user");
    renderAt("/green-valley/payments");
    expect(await screen.findByRole("heading", { level: 1, name: "Not authorized" })).toBeTruthy();
    expect(await sidebarLinks()).toEqual(["Home", "Dashboard", "Customers", "Chat Assistant", "Support", "Settings"]);
  });

  it("opens a customer's invoice link under the tenant's path without signing in", async () => {
    api.on("GET", "/api/tenants/green-valley/config", (_req, res) => sendJson(res, 200, config));
    renderAt("/green-valley/review/0b8c7a2e-0000-4000-8000-000000000000");
    expect(await screen.findByRole("heading", { level: 1, name: "Invoice" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Sign in to Green Valley" })).toBeNull();
  });
});
