// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { COMPANY_SUSPENDED_MESSAGE } from "@fieldops/shared/admin";
import type { Activity, ServerMessage } from "@fieldops/shared/events";
import { AppRoutes } from "../app/routes";
import { makeCompany, makeUser } from "../testing/fixtures";
import { sendJson, useLocalApi, useLocalSocket, type LocalServer } from "../testing/local-server";
import { renderApp } from "../testing/render-app";

const member = makeUser();
const platformAdmin = makeUser({
  id: "u0",
  email: "admin@demo.test",
  name: "Ada Admin",
  role: "admin",
  permissions: ["all"],
  companyId: null,
});

const company = makeCompany();

const activity = (id: string, summary: string): Activity => ({
  id,
  action: "job.created",
  entityType: "job",
  entityId: null,
  actorUserId: "u1",
  summary,
  createdAt: "2026-04-01T10:00:00.000Z",
});

const eventMessage = (seq: string, item: Activity): ServerMessage => ({
  type: "event",
  seq,
  requestId: null,
  occurredAt: item.createdAt,
  event: { name: "activity.recorded", payload: item },
});

const server = useLocalApi();
let api: LocalServer;
let sockets: WebSocket[];
let socketUrls: string[];
let signedIn: boolean;
let logoutStatus: number;

useLocalSocket(server, (socket, request) => {
  sockets.push(socket);
  socketUrls.push(request.url ?? "");
  socket.send(JSON.stringify({ type: "ready", lastSeq: "1-0" } satisfies ServerMessage));
});

beforeEach(() => {
  api = server.current;
  sockets = [];
  socketUrls = [];
  signedIn = true;
  logoutStatus = 204;
  api.on("GET", "/api/user", (_req, res) =>
    signedIn ? sendJson(res, 200, member) : sendJson(res, 401, { message: "Not signed in" }),
  );
  api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, company));
  api.on("GET", "/api/activity", (_req, res) =>
    sendJson(res, 200, { items: [activity("a2", "Invoice 1042 sent"), activity("a1", "Customer Henderson added")] }),
  );
  api.on("POST", "/api/ws-ticket", (_req, res) => sendJson(res, 200, { ticket: "ticket-1", expiresInSeconds: 30 }));
  api.on("POST", "/api/logout", (_req, res) => {
    signedIn = false;
    res.writeHead(logoutStatus).end();
  });
});

const renderAt = (path: string) => renderApp({ initialPath: path, routes: <>{AppRoutes().props.children}</> });

/** Logout and sign-in make two or three round trips; on a busy machine that can outlast the default wait. */
const SLOW = { timeout: 10_000 };
const storedKeys = () => Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
const logoutRequests = () => api.requests.filter((r) => r.method === "POST" && r.url === "/api/logout");

const activityItems = () =>
  within(screen.getByRole("list", { name: "Recent activity" }))
    .getAllByRole("listitem")
    .map((li) => li.querySelector("span.text-sm")?.textContent);

describe("signed-in shell", () => {
  it("shows the dashboard with a welcome, the company and the recent activity, updated live", async () => {
    renderAt("/userdash");

    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByText(/^Welcome back,/).textContent).toBe("Welcome back, Mia Member · Green Valley Lawn Care"),
    );
    await waitFor(() => expect(activityItems()).toEqual(["Invoice 1042 sent", "Customer Henderson added"]));
    await waitFor(() => expect(screen.getByRole("status", { name: "Live updates: Live" })).toBeTruthy());
    // The socket is opened with a single-use ticket, never with the session token, and catches up on the page's loading.
    expect(socketUrls).toHaveLength(1);
    expect(socketUrls[0]).toMatch(/^\/api\/ws\?ticket=ticket-1&catch_up_ms=\d+$/);
    expect(screen.getByTestId("sidebar-company-name").textContent).toBe("Green Valley Lawn Care");
    expect(screen.getByText("Pro plan")).toBeTruthy();

    sockets[0]!.send(JSON.stringify(eventMessage("2-0", activity("a3", "Job 77 scheduled for Crew B"))));
    await waitFor(() =>
      expect(activityItems()).toEqual(["Job 77 scheduled for Crew B", "Invoice 1042 sent", "Customer Henderson added"]),
    );

    // The same entry again (e.g. replayed after a reconnect, under a new position) is not listed twice.
    sockets[0]!.send(JSON.stringify(eventMessage("3-0", activity("a2", "Invoice 1042 sent"))));
    sockets[0]!.send(JSON.stringify(eventMessage("4-0", activity("a4", "Payment received"))));
    await waitFor(() =>
      expect(activityItems()).toEqual([
        "Payment received",
        "Job 77 scheduled for Crew B",
        "Invoice 1042 sent",
        "Customer Henderson added",
      ]),
    );
  });

  it("shows the normal user's sidebar: Business with Scheduling open, IQ and Platform", async () => {
    renderAt("/userdash");
    const nav = await screen.findByRole("navigation", { name: "Main" });

    const group = (label: string) => within(within(nav).getByRole("group", { name: label }));
    expect(group("Business").getByRole("link", { name: "Dashboard" }).getAttribute("href")).toBe("/userdash");
    expect(group("Business").getByRole("button", { name: "Scheduling" }).getAttribute("aria-expanded")).toBe("true");
    expect(group("Business").getByRole("link", { name: "Jobs" }).getAttribute("href")).toBe("/jobs");
    expect(group("Business").getByRole("link", { name: "Schedule" }).getAttribute("href")).toBe("/schedule");
    expect(group("Business").getByRole("link", { name: "Customers" }).getAttribute("href")).toBe("/customers");
    expect(group("Business").getByRole("link", { name: "Leads" }).getAttribute("href")).toBe("/jobs/leads");
    expect(group("Business").getByRole("link", { name: "Estimates" }).getAttribute("href")).toBe("/jobs/estimates");
    expect(group("Business").getByRole("link", { name: "Crews" }).getAttribute("href")).toBe("/crews");
    expect(group("Business").getByRole("link", { name: "Payments" }).getAttribute("href")).toBe("/payments");
    expect(group("IQ").getByRole("link", { name: "Reports" }).getAttribute("href")).toBe("/reports");
    expect(group("Platform").getByRole("link", { name: "Settings" }).getAttribute("href")).toBe("/settings");
    expect(group("Platform").getByRole("link", { name: "Support" }).getAttribute("href")).toBe("/support");
    expect(group("Business").getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    expect(screen.getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(screen.getByRole("button", { name: /^Switch to (dark|light) theme$/ })).toBeTruthy();

    fireEvent.click(group("Business").getByRole("button", { name: "Scheduling" }));
    expect(within(nav).queryByRole("link", { name: "Jobs" })).toBeNull();
  });

  it("names the sidebar's links in the company's words: a plumbing company's Jobs are its Service Calls", async () => {
    api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany({ verticalId: "plumbing" })));
    renderAt("/userdash");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect((await within(nav).findByRole("link", { name: "Service Calls" })).getAttribute("href")).toBe("/jobs");
    expect(within(nav).queryByRole("link", { name: "Jobs" })).toBeNull();
  });

  it("shows a field user only the pages they may open, and a dashboard without the company's administration", async () => {
    api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "field_user" })));
    api.on("GET", "/api/userdash", (_req, res) =>
      sendJson(res, 200, { date: "2026-04-01", timeZone: "America/Chicago", crews: [], late: [], unscheduled: [] }),
    );
    renderAt("/userdash");
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Dashboard", "Customers", "Crews", "Settings", "Support"]);
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Recent activity" })).toBeNull();
    expect(api.requests.some((request) => request.url?.startsWith("/api/activity"))).toBe(false);
  });

  it("signs out, saying why, when a read answers that the company was suspended", async () => {
    renderAt("/userdash");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    signedIn = false;
    api.on("GET", "/api/user", (_req, res) => sendJson(res, 401, { message: COMPANY_SUSPENDED_MESSAGE }));
    api.on("GET", "/api/customers", (_req, res) => sendJson(res, 401, { message: COMPANY_SUSPENDED_MESSAGE }));
    fireEvent.click(within(screen.getByRole("navigation", { name: "Main" })).getByRole("link", { name: "Customers" }));
    expect(await screen.findByRole("button", { name: "Sign In" }, SLOW)).toBeTruthy();
    expect(screen.getByRole("alert").textContent).toBe(`You were signed out. ${COMPANY_SUSPENDED_MESSAGE}`);
  });

  it("signs out when its live connection is refused (the session ended elsewhere)", async () => {
    renderAt("/userdash");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await waitFor(() => expect(sockets).toHaveLength(1));
    signedIn = false;
    sockets[0]!.close(4401, "Signed out");
    expect(await screen.findByRole("button", { name: "Sign In" }, SLOW)).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("opens a screen from the sidebar with its title and what it holds, marked as the current one", async () => {
    renderAt("/userdash");

    fireEvent.click(await screen.findByRole("link", { name: "Reports" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Reports" })).toBeTruthy();
    expect(screen.getByText(/Revenue, jobs, crews and what customers owe/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Reports" }).getAttribute("aria-current")).toBe("page");
  });

  it.each([204, 500])(
    "logs out (server answers %i): clears storage and the cache, then shows sign-in",
    async (status) => {
      logoutStatus = status;
      localStorage.setItem("auth_token", "tok-1");
      sessionStorage.setItem("draft", "x");
      // The feed is still loading when the user logs out; its answer must not land in the next session's cache.
      let answerActivity: (() => void) | undefined;
      api.on("GET", "/api/activity", (_req, res) => {
        answerActivity = () => sendJson(res, 200, { items: [activity("a1", "Customer Henderson added")] });
      });
      const { queryClient } = renderAt("/userdash");
      await screen.findByRole("heading", { level: 1, name: "Dashboard" }, SLOW);
      await waitFor(() => expect(answerActivity).toBeDefined());

      fireEvent.click(screen.getByRole("button", { name: "Logout" }));

      expect(await screen.findByRole("button", { name: "Sign In" }, SLOW)).toBeTruthy();
      answerActivity!();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(api.requests.some((r) => r.method === "POST" && r.url === "/api/logout")).toBe(true);
      // Storage is cleared; only a logout the server did not confirm leaves its marker.
      expect(storedKeys()).toEqual(status === 204 ? [] : ["signed_out"]);
      expect(sessionStorage.length).toBe(0);
      // What the signed-in pages asked for is dropped once they are gone (logout waits for them, five seconds at most).
      await waitFor(() => {
        expect(queryClient.getQueryData(["/api/activity"])).toBeUndefined();
        expect(queryClient.getQueryData(["/api/company"])).toBeUndefined();
      }, SLOW);
    },
  );

  it.each(["answers 500", "drops the connection"] as const)(
    "stays signed out when the logout call %s although the session cookie lives, and ends it once the server answers",
    async (failure) => {
      // The server never hears of the logout: the cookie session goes on answering GET /api/user.
      api.on("POST", "/api/logout", (_req, res, raw) => {
        if (failure === "answers 500") sendJson(res, 500, { message: "Internal Server Error" });
        else raw.socket.destroy();
      });
      localStorage.setItem("auth_token", "tok-1");
      const first = renderAt("/userdash");
      await screen.findByRole("heading", { level: 1, name: "Dashboard" }, SLOW);

      fireEvent.click(screen.getByRole("button", { name: "Logout" }));

      expect(await screen.findByRole("button", { name: "Sign In" }, SLOW)).toBeTruthy();
      await waitFor(() => expect(first.queryClient.getQueryState(["/api/user"])?.status).toBe("success"), SLOW);
      expect(first.queryClient.getQueryData(["/api/user"])).toBeNull();
      expect(screen.queryByRole("heading", { level: 1, name: "Dashboard" })).toBeNull();
      expect(localStorage.getItem("auth_token")).toBeNull();
      first.unmount();

      // Opening the app again (a reload): still signed out, and the logout is sent again.
      const before = logoutRequests().length;
      const second = renderAt("/userdash");
      expect(await screen.findByRole("button", { name: "Sign In" }, SLOW)).toBeTruthy();
      await waitFor(() => expect(second.queryClient.getQueryState(["/api/user"])?.status).toBe("success"), SLOW);
      expect(second.queryClient.getQueryData(["/api/user"])).toBeNull();
      expect(logoutRequests().length).toBe(before + 1);
      expect(api.requests.filter((r) => r.url === "/api/user")).toHaveLength(1);
      second.unmount();

      // Once the server confirms the logout, the marker goes and the session is over on the server too.
      api.on("POST", "/api/logout", (_req, res) => {
        signedIn = false;
        res.writeHead(204).end();
      });
      const third = renderAt("/userdash");
      expect(await screen.findByRole("button", { name: "Sign In" }, SLOW)).toBeTruthy();
      await waitFor(() => expect(storedKeys()).toEqual([]), SLOW);
      expect(signedIn).toBe(false);
      third.unmount();
    },
    30_000,
  );

  it("forgets an unconfirmed logout at the next sign-in", async () => {
    api.on("POST", "/api/logout", (_req, res) => sendJson(res, 500, { message: "Internal Server Error" }));
    api.on("POST", "/api/login", (_req, res) => sendJson(res, 200, { token: "tok-2", user: member }));
    renderAt("/userdash");
    fireEvent.click(await screen.findByRole("button", { name: "Logout" }));
    await screen.findByRole("button", { name: "Sign In" }, SLOW);
    expect(storedKeys()).toEqual(["signed_out"]);

    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "member@demo.test" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "demo-password-1" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign In" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" }, SLOW)).toBeTruthy();
    expect(storedKeys()).toEqual(["auth_token"]);
  }, 30_000);

  it("asks a user without a company (platform admin) for no company data, and shows no error", async () => {
    api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, platformAdmin));
    for (const path of ["/api/company", "/api/activity"]) {
      api.on("GET", path, (_req, res) => sendJson(res, 404, { message: "You do not belong to a company" }));
    }
    api.on("GET", "/api/admin/overview", (_req, res) =>
      sendJson(res, 200, {
        tenants: { items: [], total: 0 },
        totals: { tenants: 0, suspended: 0, trials: 0 },
        pendingApprovals: [],
        openTickets: [],
        alerts: [],
      }),
    );
    renderAt("/reports");

    expect(await screen.findByRole("heading", { level: 1, name: "Reports" })).toBeTruthy();
    // The dashboard link lands a platform admin on the platform's dashboard.
    fireEvent.click(screen.getByRole("link", { name: "Dashboard" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeTruthy();
    expect(await screen.findByText("No tenant matches.")).toBeTruthy();

    expect(screen.queryByRole("alert")).toBeNull();
    // Only the user's own reads (who they are, their theme) and the platform's: its menus and its dashboard.
    const reads = api.requests
      .map((r) => r.url)
      .filter(
        (url) =>
          url !== "/api/user" &&
          url !== "/api/user/preferences" &&
          !url.startsWith("/api/menus/") &&
          !url.startsWith("/api/admin/"),
      );
    expect(reads).toEqual([]);
  });

  it("shows the platform admin the admin portal's four items on /admin paths, and the usual menus elsewhere", async () => {
    api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, platformAdmin));
    api.on("GET", "/api/admin/overview", (_req, res) => sendJson(res, 500, { message: "not needed here" }));
    renderAt("/admin-dashboard");

    const portal = await screen.findByRole("group", { name: "Admin Portal" });
    const items = within(portal)
      .getAllByRole("link")
      .map((link) => [link.textContent, link.getAttribute("href")]);
    expect(items).toEqual([
      ["Admin Dashboard", "/admin-dashboard"],
      ["SaaS Factory Pricing", "/admin/saas-factory/pricing"],
      ["Resources", "/admin/resources"],
      ["Build Monitor", "/admin/build-monitor"],
    ]);
    expect(screen.queryByRole("group", { name: "Business" })).toBeNull();
    expect(await screen.findByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeTruthy();
  });

  it("never shows the admin portal's menu to an owner, even on /admin-dashboard, where they see their company's dashboard", async () => {
    api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
    renderAt("/admin-dashboard");

    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
    expect(screen.getByRole("group", { name: "Business" })).toBeTruthy();
    expect(screen.queryByRole("group", { name: "Admin Portal" })).toBeNull();
  });

  it("applies the administrators' edits of the primary menu to the sidebar", async () => {
    api.on("GET", "/api/menus/primary", (_req, res) =>
      sendJson(res, 200, {
        menu: "primary",
        customized: true,
        items: [
          { url: "/reports", title: "Insights", hidden: false },
          { url: "/crews", title: "Crews", hidden: true },
        ],
      }),
    );
    renderAt("/userdash");

    const iq = await screen.findByRole("group", { name: "IQ" });
    expect(await within(iq).findByRole("link", { name: "Insights" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Crews" })).toBeNull();
  });

  it.each([
    ["member", makeUser(), "/userdash"],
    ["owner", makeUser({ role: "owner" }), "/admin-dashboard"],
    // A field user's home is the field app.
    ["field user", makeUser({ role: "field_user" }), "/app"],
  ])("shows a %s a not-authorized page on the admin portal's pages", async (_name, user, home) => {
    api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, user));
    renderAt("/admin/tenants");

    expect(await screen.findByRole("heading", { level: 1, name: "Not authorized" })).toBeTruthy();
    expect(screen.getByText("This page is only for platform administrators.")).toBeTruthy();
    expect(screen.queryByRole("heading", { level: 1, name: "Tenants" })).toBeNull();
    const back = screen.getByRole("link", { name: "Back to dashboard" });
    expect(back.getAttribute("href")).toBe(home);
    if (home === "/app") return;
    fireEvent.click(back);
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
  });

  it("opens the admin portal's pages to the platform admin", async () => {
    api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, platformAdmin));
    renderAt("/admin/build-monitor");
    expect(await screen.findByRole("heading", { level: 1, name: "Build Monitor" })).toBeTruthy();
  });

  it("links the logo to /industries", async () => {
    renderAt("/userdash");

    const logo = await screen.findByRole("link", { name: "FieldOps" });

    expect(logo.getAttribute("href")).toBe("/industries");
    expect(within(screen.getByRole("complementary", { name: "Sidebar" })).getByRole("link", { name: "FieldOps" })).toBe(
      logo,
    );
  });

  it("puts the whole sidebar, header and footer included, in a landmark", async () => {
    renderAt("/userdash");
    const sidebar = await screen.findByRole("complementary", { name: "Sidebar" });

    expect(await within(sidebar).findByTestId("sidebar-company-name")).toBeTruthy();
    expect(within(sidebar).getByRole("button", { name: "Logout" })).toBeTruthy();
    expect(within(sidebar).getByText(member.email)).toBeTruthy();
  });

  it("sends a visitor who is not signed in to /login", async () => {
    signedIn = false;
    renderAt("/jobs");

    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
  });

  it("shows a not-found page for an unknown path under an app word, with a link back to the dashboard", async () => {
    // Under a first word that is not the app's, the path is a tenant's (see tenants.e2e.ts).
    renderAt("/settings/no/such/page");

    expect(await screen.findByRole("heading", { level: 1, name: "404" })).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Back to dashboard" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
  });
});
