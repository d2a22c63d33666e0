// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { IntegrationConnection, PaymentSettingsResponse } from "@fieldops/shared/integrations";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { BankDebitsSetting, PaymentSettingsForm } from "./payment-settings";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];
const stripe: IntegrationConnection = {
  provider: "stripe",
  name: "Stripe",
  description: "Card and bank payments",
  available: true,
  requiredPlan: "pro",
  connected: false,
  simulated: true,
  accountName: null,
  connectedAt: null,
  connectedBy: null,
  reconnectNeeded: false,
};
const settings: PaymentSettingsResponse = {
  acceptedMethods: ["card", "check"],
  defaultTermsDays: 30,
  bankDebits: false,
  stripe,
  canManage: true,
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const renderForm = () =>
  renderApp({
    initialPath: "/settings/payments",
    routes: <Route path="/settings/payments" element={<PaymentSettingsForm settings={settings} />} />,
  });
const saves = () =>
  api.requests.filter((request) => request.method === "PUT" && request.url === "/api/settings/payments");

describe("the payment settings form", () => {
  it("names a missing payment method beside the methods and sends nothing", async () => {
    renderForm();
    fireEvent.click(await screen.findByLabelText("Card"));
    fireEvent.click(screen.getByLabelText("Check"));
    fireEvent.click(screen.getByRole("button", { name: "Save payment settings" }));

    expect(await screen.findByText("Accept at least one payment method")).toBeTruthy();
    expect(screen.getByRole("group", { name: "Accepted payment methods" }).getAttribute("aria-invalid")).toBe("true");
    expect(saves()).toHaveLength(0);
  });

  it("sends the methods in the offered order and the terms as a number, and shows a refusal beside its field", async () => {
    api.on("PUT", "/api/settings/payments", (_req, res) =>
      sendJson(res, 400, { message: "Choose one of the offered terms", field: "defaultTermsDays" }),
    );
    renderForm();
    fireEvent.click(await screen.findByLabelText("Cash"));
    fireEvent.click(screen.getByLabelText("Bank transfer (ACH)"));
    fireEvent.change(screen.getByLabelText("Default payment terms"), { target: { value: "15" } });
    fireEvent.click(screen.getByRole("button", { name: "Save payment settings" }));

    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(saves()[0]!.body)).toEqual({
      acceptedMethods: ["card", "ach", "check", "cash"],
      defaultTermsDays: 15,
    });
    const region = screen.getByRole("region", { name: "Invoice payments" });
    expect(await within(region).findByText("Choose one of the offered terms")).toBeTruthy();
    expect(within(region).getByLabelText("Default payment terms").getAttribute("aria-invalid")).toBe("true");
  });
});

describe("the bank payments setting", () => {
  const renderSetting = (shown: PaymentSettingsResponse) =>
    renderApp({
      initialPath: "/settings/payments",
      routes: <Route path="/settings/payments" element={<BankDebitsSetting settings={shown} />} />,
    });
  const switches = () =>
    api.requests.filter((request) => request.method === "PUT" && request.url === "/api/settings/payments/bank-debits");

  it("is switched on by an owner, saved at once, and says why it could not be", async () => {
    let answer = 403;
    api.on("PUT", "/api/settings/payments/bank-debits", (_req, res) =>
      answer === 200
        ? sendJson(res, 200, { ...settings, bankDebits: true })
        : sendJson(res, answer, { message: "Only owners can change this" }),
    );
    renderSetting(settings);
    const box = await screen.findByLabelText("Accept bank payments (ACH debit)");
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    expect((await screen.findByRole("alert")).textContent).toBe("Only owners can change this");
    expect(JSON.parse(switches()[0]!.body)).toEqual({ enabled: true });
    answer = 200;
    fireEvent.click(box);
    await vi.waitFor(() => expect(switches()).toHaveLength(2));
    expect(JSON.parse(switches()[1]!.body)).toEqual({ enabled: true });
  });

  it("is read-only for a member", async () => {
    renderSetting({ ...settings, bankDebits: true, canManage: false });
    const box = (await screen.findByLabelText("Accept bank payments (ACH debit)")) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(box.disabled).toBe(true);
    expect(screen.getByText("Only owners and admins can change this.")).toBeTruthy();
  });
});
