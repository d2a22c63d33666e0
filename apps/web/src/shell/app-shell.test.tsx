// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { WebSocket as WsClient, WebSocketServer, type WebSocket } from "ws";
import type { Company } from "@fieldops/shared/company";
import { VERTICALS } from "@fieldops/shared/verticals";
import type { Activity, ServerMessage } from "@fieldops/shared/events";
import { AppRoutes } from "../app/routes";
import { makeUser } from "../testing/fixtures";
import { sendJson, useLocalApi, type LocalServer } from "../testing/local-server";
import { renderApp } from "../testing/render-app";

const member = makeUser();

const company: Company = {
  id: "c1",
  name: "Green Valley Lawn Care",
  slug: "green-valley",
  industry: "lawn-care",
  verticalId: "landscaping",
  planId: "pro",
  planName: "Pro",
  branding: { name: "Green Valley Lawn Care", logo: null, primaryColor: "#15803d" },
  features: [],
  betaMode: false,
  homePath: "/userdash",
  hipaaMode: false,
  timeZone: "America/Chicago",
  trialEndsAt: null,
  onboardingState: "completed",
  terminology: VERTICALS.landscaping.terminology,
};

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
let wss: WebSocketServer;
let sockets: WebSocket[];
let socketUrls: string[];
let signedIn: boolean;
let logoutStatus: number;

beforeAll(async () => {
  // The WebSocket that vitest's jsdom environment exposes (undici's) cannot dispatch jsdom's events and throws on
  // open, so the app's socket uses the `ws` client here: a real WebSocket to the real test server.
  globalThis.WebSocket = WsClient as unknown as typeof globalThis.WebSocket;
  wss = new WebSocketServer({ server: server.current.server, path: "/api/ws" });
  wss.on("connection", (socket, request) => {
    sockets.push(socket);
    socketUrls.push(request.url ?? "");
    socket.send(JSON.stringify({ type: "ready", lastSeq: "1-0" } satisfies ServerMessage));
  });
});

afterAll(async () => {
  for (const client of wss.clients) client.terminate();
  await new Promise<void>((resolve) => wss.close(() => resolve()));
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
    // The socket is opened with a single-use ticket, never with the session token.
    expect(socketUrls).toEqual(["/api/ws?ticket=ticket-1"]);
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

  it("opens a section page from the sidebar with its title and what it holds", async () => {
    renderAt("/userdash");

    fireEvent.click(await screen.findByRole("link", { name: "Jobs" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Jobs" })).toBeTruthy();
    expect(screen.getByText(/One-off and recurring jobs/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Jobs" }).getAttribute("aria-current")).toBe("page");
  });

  it.each([204, 500])("logs out (server answers %i): clears storage and the cache, then shows sign-in", async (status) => {
    logoutStatus = status;
    localStorage.setItem("auth_token", "tok-1");
    sessionStorage.setItem("draft", "x");
    // The feed is still loading when the user logs out; its answer must not land in the next session's cache.
    let answerActivity: (() => void) | undefined;
    api.on("GET", "/api/activity", (_req, res) => {
      answerActivity = () => sendJson(res, 200, { items: [activity("a1", "Customer Henderson added")] });
    });
    const { queryClient } = renderAt("/userdash");
    await screen.findByRole("heading", { level: 1, name: "Dashboard" });
    await waitFor(() => expect(answerActivity).toBeDefined());

    fireEvent.click(screen.getByRole("button", { name: "Logout" }));

    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
    answerActivity!();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.requests.some((r) => r.method === "POST" && r.url === "/api/logout")).toBe(true);
    expect(localStorage.length).toBe(0);
    expect(sessionStorage.length).toBe(0);
    expect(queryClient.getQueryData(["/api/activity"])).toBeUndefined();
    expect(queryClient.getQueryData(["/api/company"])).toBeUndefined();
  });

  it("sends a visitor who is not signed in to /login", async () => {
    signedIn = false;
    renderAt("/jobs");

    expect(await screen.findByRole("button", { name: "Sign In" })).toBeTruthy();
  });

  it("shows a not-found page for an unknown path, with a link back to the dashboard", async () => {
    renderAt("/no/such/page");

    expect(await screen.findByRole("heading", { level: 1, name: "404" })).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Back to dashboard" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
  });
});
