// @vitest-environment jsdom
import { fireEvent, screen, within } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { WebhookDelivery, WebhookSubscription } from "@fieldops/shared/webhooks";
import { makeCompany, makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { WebhooksCard } from "./webhooks-card";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];
const SECRET = `whsec_${"A".repeat(32)}`;
const SUBSCRIPTION: WebhookSubscription = {
  id: "0b7a1f4e-4a2b-4c3d-8e9f-1a2b3c4d5e6f",
  url: "https://hooks.example.com/in",
  events: ["job.created", "visit.completed"],
  source: "app",
  enabled: true,
  createdAt: "2026-11-20T15:00:00.000Z",
};
const FAILED: WebhookDelivery = {
  id: "1b7a1f4e-4a2b-4c3d-8e9f-1a2b3c4d5e6f",
  messageId: "msg_2b7a1f4e-4a2b-4c3d-8e9f-1a2b3c4d5e6f",
  eventType: "job.created",
  status: "failed",
  attempts: 8,
  responseStatus: 500,
  responseBody: "upstream exploded",
  error: "The receiver answered 500",
  replayOfId: null,
  createdAt: "2026-11-20T15:05:00.000Z",
  lastAttemptAt: "2026-11-21T12:05:00.000Z",
  deliveredAt: null,
};

let subscriptions: WebhookSubscription[] = [];
beforeEach(() => {
  api = server.current;
  subscriptions = [];
  api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany({ timeZone: "America/Denver" })));
  api.on("GET", "/api/webhooks/subscriptions", (_req, res) => sendJson(res, 200, { items: subscriptions }));
  api.on("POST", "/api/webhooks/subscriptions", (_req, res) => {
    subscriptions = [SUBSCRIPTION];
    sendJson(res, 201, { ...SUBSCRIPTION, secret: SECRET });
  });
  api.on("GET", `/api/webhooks/subscriptions/${SUBSCRIPTION.id}/deliveries`, (_req, res) =>
    sendJson(res, 200, { items: [FAILED] }),
  );
  api.on("POST", `/api/webhooks/deliveries/${FAILED.id}/replay`, (_req, res) =>
    sendJson(res, 201, { ...FAILED, id: "3b7a1f4e-4a2b-4c3d-8e9f-1a2b3c4d5e6f", status: "pending", attempts: 0 }),
  );
});

const renderCard = async () => {
  renderApp({
    initialPath: "/settings",
    routes: (
      <Route element={<Outlet context={makeUser({ role: "owner" })} />}>
        <Route path="/settings" element={<WebhooksCard />} />
      </Route>
    ),
  });
  return within(await screen.findByRole("region", { name: "Webhooks" }));
};
const posts = () => api.requests.filter((request) => request.method === "POST");

describe("Webhooks", () => {
  it("asks for a URL and at least one event before sending anything", async () => {
    const card = await renderCard();
    fireEvent.click(await card.findByRole("button", { name: "New webhook" }));
    const dialog = await screen.findByRole("dialog", { name: "New webhook" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Add webhook" }));
    expect(await within(dialog).findByText("Choose at least one event")).toBeTruthy();
    expect(posts()).toHaveLength(0);
  });

  it("sends the URL and the events chosen, and shows the signing secret once", async () => {
    const card = await renderCard();
    fireEvent.click(await card.findByRole("button", { name: "New webhook" }));
    const dialog = await screen.findByRole("dialog", { name: "New webhook" });
    fireEvent.change(within(dialog).getByLabelText("URL"), { target: { value: SUBSCRIPTION.url } });
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /A job is created/ }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: /A visit is completed/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Add webhook" }));
    await vi.waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]!.body)).toEqual({
      url: SUBSCRIPTION.url,
      events: ["job.created", "visit.completed"],
    });
    expect(((await card.findByLabelText("Signing secret")) as HTMLInputElement).value).toBe(SECRET);
    expect(await card.findByText("job.created, visit.completed")).toBeTruthy();
  });

  it("shows a subscription's deliveries with why one failed, and replays it", async () => {
    subscriptions = [SUBSCRIPTION];
    const card = await renderCard();
    fireEvent.click(await card.findByRole("button", { name: "Deliveries" }));
    const log = await card.findByRole("list", { name: `Deliveries to ${SUBSCRIPTION.url}` });
    expect(within(log).getByText("The receiver answered 500")).toBeTruthy();
    expect(within(log).getByText(/Failed · 8 tries/)).toBeTruthy();
    fireEvent.click(within(log).getByRole("button", { name: /^Replay job.created/ }));
    await vi.waitFor(() =>
      expect(posts().map((request) => request.url)).toEqual([`/api/webhooks/deliveries/${FAILED.id}/replay`]),
    );
  });
});
