// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { SmsNumberSettings } from "@fieldops/shared/messages";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { SmsNumberCard } from "./sms-number-card";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const shared: SmsNumberSettings = { smsNumber: "", canManage: true, provisioned: false, provisionUnavailable: null };
const owned: SmsNumberSettings = { ...shared, smsNumber: "+13035550101", provisioned: true };

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const renderCard = () =>
  renderApp({
    initialPath: "/settings/communications",
    routes: <Route path="/settings/communications" element={<SmsNumberCard />} />,
  });
const posted = (method: string, url: string) =>
  api.requests.filter((request) => request.method === method && request.url === url);

describe("the texting number card", () => {
  it("gets a number near the area code only after the owner confirms, and then shows it as the company's own", async () => {
    api.on("GET", "/api/settings/sms-number", (_req, res) => sendJson(res, 200, shared));
    api.on("POST", "/api/settings/sms-number/provision", (_req, res) => sendJson(res, 200, owned));
    renderCard();
    fireEvent.change(await screen.findByLabelText("Or get a number of your own from us"), {
      target: { value: "30a3" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Get a number" }));
    const dialog = await screen.findByRole("dialog");
    expect(dialog.textContent).toContain("in area code 303");
    expect(posted("POST", "/api/settings/sms-number/provision")).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole("button", { name: "Get the number" }));

    await vi.waitFor(() => expect(posted("POST", "/api/settings/sms-number/provision")).toHaveLength(1));
    expect(JSON.parse(posted("POST", "/api/settings/sms-number/provision")[0]!.body)).toEqual({ areaCode: "303" });
    expect(await screen.findByText("+13035550101")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Give back this number" })).toBeTruthy();
    expect(screen.queryByLabelText("Texting number")).toBeNull();
  });

  it("says why the platform cannot get a number, and offers none", async () => {
    api.on("GET", "/api/settings/sms-number", (_req, res) =>
      sendJson(res, 200, { ...shared, provisionUnavailable: "Your texts go through your own Twilio account." }),
    );
    renderCard();
    expect(await screen.findByText("Your texts go through your own Twilio account.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Get a number" })).toBeNull();
    expect(screen.getByLabelText("Texting number")).toBeTruthy();
  });
});
