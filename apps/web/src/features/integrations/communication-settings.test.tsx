// @vitest-environment jsdom
import { fireEvent, screen } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { CommunicationSettingsResponse } from "@fieldops/shared/integrations";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { EmailSenderForm } from "./communication-settings";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];
const settings: CommunicationSettingsResponse = {
  emailSenderName: "",
  emailReplyTo: "",
  companyName: "Green Valley Lawn Care",
  canManage: true,
  textsGoThrough: "local_text_catcher",
  twilio: {
    provider: "twilio",
    name: "Twilio",
    description: "Text messages",
    available: true,
    requiredPlan: "pro",
    connected: false,
    simulated: true,
    accountName: null,
    connectedAt: null,
    connectedBy: null,
    reconnectNeeded: false,
  },
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

const renderForm = () =>
  renderApp({
    initialPath: "/settings/communications",
    routes: <Route path="/settings/communications" element={<EmailSenderForm settings={settings} />} />,
  });
const saves = () =>
  api.requests.filter((request) => request.method === "PUT" && request.url === "/api/settings/communications");
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe("the email sender form", () => {
  it("names a malformed reply-to address and a long sender name beside them and sends nothing", async () => {
    renderForm();
    await screen.findByLabelText("Sender name");
    type("Sender name", "x".repeat(101));
    type("Reply-to address", "office at green valley");
    fireEvent.click(screen.getByRole("button", { name: "Save email sender" }));

    expect(await screen.findByText("Enter a valid email address")).toBeTruthy();
    expect(await screen.findByText("Sender name must be at most 100 characters")).toBeTruthy();
    expect(screen.getByLabelText("Reply-to address").getAttribute("aria-invalid")).toBe("true");
    expect(saves()).toHaveLength(0);
  });

  it("sends the API's shape (a blank reply-to as none) and shows a refusal beside its field", async () => {
    api.on("PUT", "/api/settings/communications", (_req, res) =>
      sendJson(res, 400, { message: "Sender name cannot be a web address", field: "emailSenderName" }),
    );
    renderForm();
    await screen.findByLabelText("Sender name");
    type("Sender name", " Green Valley ");
    fireEvent.click(screen.getByRole("button", { name: "Save email sender" }));

    await vi.waitFor(() => expect(saves()).toHaveLength(1));
    expect(JSON.parse(saves()[0]!.body)).toEqual({ emailSenderName: "Green Valley", emailReplyTo: "" });
    expect(await screen.findByText("Sender name cannot be a web address")).toBeTruthy();
    expect(screen.getByLabelText("Sender name").getAttribute("aria-invalid")).toBe("true");
  });
});
