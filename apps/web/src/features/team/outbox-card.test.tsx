// @vitest-environment jsdom
import { screen, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { OutboxMessage } from "@fieldops/shared/outbox";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { OutboxCard } from "./outbox-card";

const server = useLocalApi();

const message = (overrides: Partial<OutboxMessage>): OutboxMessage => ({
  id: "m1",
  kind: "on_my_way",
  channel: "sms",
  recipient: "(555) 301-7788",
  subject: "On my way to Grace Hopper",
  body: "Greenleaf Lawns: Sam is on the way, arriving around 9:30 AM.",
  createdAt: "2030-01-07T14:30:00.000Z",
  status: "delivered",
  attempts: 1,
  lastError: null,
  sentAt: "2030-01-07T14:30:00.000Z",
  deliveredAt: "2030-01-07T14:30:00.000Z",
  failedAt: null,
  complainedAt: null,
  caught: true,
  ...overrides,
});

beforeEach(() => {
  server.current.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "owner" })));
});

describe("the outbox", () => {
  it("shows a text kept by the local text catcher with its words, and one an opted-out number was not sent", async () => {
    server.current.on("GET", "/api/outbox", (_req, res) =>
      sendJson(res, 200, {
        items: [
          message({}),
          message({
            id: "m2",
            subject: "Your estimate",
            status: "failed",
            caught: false,
            deliveredAt: null,
            failedAt: "2030-01-07T14:31:00.000Z",
            lastError: "The customer opted out of texts",
          }),
        ],
      }),
    );
    renderApp({ initialPath: "/settings", routes: <Route path="/settings" element={<OutboxCard />} /> });
    const caught = within(await screen.findByRole("listitem", { name: "On my way to Grace Hopper" }));
    expect(caught.getByText("Delivered to the local text catcher")).toBeTruthy();
    expect(caught.getByText("Greenleaf Lawns: Sam is on the way, arriving around 9:30 AM.")).toBeTruthy();
    expect(caught.queryByRole("button", { name: "Show the mail" })).toBeNull();
    const refused = within(screen.getByRole("listitem", { name: "Your estimate" }));
    expect(refused.getByText("Not sent: the customer opted out of texts")).toBeTruthy();
    expect(screen.getByText(/text messages go to the local text catcher/)).toBeTruthy();
  });

  it("shows an e-mail that bounced with the reason, and one the recipient marked as spam", async () => {
    const email = { channel: "email", caught: false, kind: "invoice" };
    server.current.on("GET", "/api/outbox", (_req, res) =>
      sendJson(res, 200, {
        items: [
          message({
            ...email,
            id: "m3",
            subject: "Invoice #1042",
            status: "bounced",
            failedAt: "2030-01-07T14:32:00.000Z",
            lastError: "The recipient's mail server refused it: 550 5.1.1 User unknown",
          }),
          message({ ...email, id: "m4", subject: "Invoice #1043", complainedAt: "2030-01-07T15:00:00.000Z" }),
        ],
      }),
    );
    renderApp({ initialPath: "/settings", routes: <Route path="/settings" element={<OutboxCard />} /> });
    const bounced = within(await screen.findByRole("listitem", { name: "Invoice #1042" }));
    expect(bounced.getByText("Bounced")).toBeTruthy();
    expect(bounced.getByText("The recipient's mail server refused it: 550 5.1.1 User unknown")).toBeTruthy();
    const marked = within(screen.getByRole("listitem", { name: "Invoice #1043" }));
    expect(marked.getByText("Marked as spam by the recipient")).toBeTruthy();
  });
});
