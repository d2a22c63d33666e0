// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { HIPAA_CHANGES, type HipaaSettings } from "@fieldops/shared/hipaa";
import type { Role } from "@fieldops/shared/roles";
import { makeCompany, makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { HipaaCard } from "./hipaa-card";
import { HipaaIdleSignOut } from "./hipaa-idle-sign-out";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];
const OFF: HipaaSettings = {
  enabled: false,
  required: false,
  acknowledgedAt: null,
  modelBaaRecordedAt: null,
  modelConfigured: true,
};
let settings: HipaaSettings;

beforeEach(() => {
  api = server.current;
  settings = OFF;
  api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany({ timeZone: "America/Denver" })));
  api.on("GET", "/api/settings/hipaa", (_req, res) => sendJson(res, 200, settings));
  api.on("PUT", "/api/settings/hipaa", (_req, res) => {
    settings = { ...OFF, enabled: true, acknowledgedAt: "2026-11-28T15:00:00.000Z" };
    sendJson(res, 200, settings);
  });
});

async function renderCard(role: Role) {
  renderApp({
    initialPath: "/settings",
    routes: (
      <Route element={<Outlet context={makeUser({ role })} />}>
        <Route path="/settings" element={<HipaaCard />} />
      </Route>
    ),
  });
  return within(await screen.findByRole("region", { name: "HIPAA mode" }));
}

describe("HIPAA mode", () => {
  it("says what it changes, and turns on only once the owner acknowledges the BAA", async () => {
    const card = await renderCard("owner");
    expect(await card.findByText("Off.")).toBeTruthy();
    for (const change of HIPAA_CHANGES) expect(card.getByText(change)).toBeTruthy();
    fireEvent.click(card.getByRole("button", { name: "Turn on HIPAA mode" }));
    const dialog = await screen.findByRole("dialog", { name: "Turn on HIPAA mode?" });
    const confirm = within(dialog).getByRole("button", { name: "Turn on HIPAA mode" });
    expect((confirm as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole("checkbox"));
    fireEvent.click(confirm);
    expect(await card.findByText(/^On since/)).toBeTruthy();
    const put = api.requests.find((request) => request.method === "PUT");
    expect(JSON.parse(put!.body)).toEqual({ enabled: true, acknowledgeBaa: true });
    expect(await card.findByText(/No BAA with the assistant's model provider is recorded/)).toBeTruthy();
    // The dialog is gone, and with it its hold on the page (scroll lock, hidden siblings).
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.body.hasAttribute("data-scroll-locked")).toBe(false);
  });

  it("shows a member what it changes, with nothing to press", async () => {
    const card = await renderCard("member");
    expect(await card.findByText("Off.")).toBeTruthy();
    expect(card.queryByRole("button")).toBeNull();
  });

  it("signs out a user of a company in HIPAA mode after the idle time, and not one who keeps working", async () => {
    api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany({ hipaaMode: true })));
    api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "member" })));
    api.on("POST", "/api/logout", (_req, res) => sendJson(res, 200, { ok: true }));
    renderApp({
      initialPath: "/userdash",
      routes: (
        <>
          <Route path="/userdash" element={<HipaaIdleSignOut timeoutMs={1500} />} />
          <Route path="/login" element={<h1>Sign in</h1>} />
        </>
      ),
    });
    const logouts = () => api.requests.filter((request) => request.url === "/api/logout").length;
    // Working: each key press starts the idle time again.
    for (let press = 0; press < 4; press++) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      fireEvent.keyDown(window, { key: "a" });
    }
    expect(logouts()).toBe(0);
    expect(await screen.findByRole("heading", { name: "Sign in" }, { timeout: 5000 })).toBeTruthy();
    expect(logouts()).toBe(1);
  });
});
