// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { Thread, ThreadListResponse } from "@fieldops/shared/messages";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { MessagesPage } from "./messages-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const THREAD_ID = "6d1c7a52-0b7e-4f43-9d8e-1f1f0b4f3a10";
const list: ThreadListResponse = {
  unreadTotal: 1,
  items: [
    {
      id: THREAD_ID,
      customerId: "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed",
      title: "Grace Hopper",
      unplacedReason: null,
      lastMessageAt: "2026-11-27T15:00:00.000Z",
      lastMessagePreview: "Can you come Tuesday?",
      unreadCount: 1,
    },
  ],
};
const thread: Thread = {
  ...list.items[0]!,
  messages: [
    {
      id: "m1",
      direction: "inbound",
      channel: "sms",
      body: "Can you come Tuesday?",
      subject: null,
      from: "+15552017788",
      to: "+15550142000",
      createdAt: "2026-11-27T15:00:00.000Z",
      readAt: null,
      delivery: null,
      outboxMessageId: null,
    },
  ],
  replyTo: { sms: "+15552017788", email: null },
  smsAllowed: false,
};

beforeEach(() => {
  api = server.current;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, makeUser({ role: "member" })));
  api.on("GET", "/api/messages/threads", (_req, res) => sendJson(res, 200, list));
  api.on("GET", `/api/messages/threads/${THREAD_ID}`, (_req, res) => sendJson(res, 200, thread));
  api.on("POST", `/api/messages/threads/${THREAD_ID}/read`, (_req, res) => {
    res.writeHead(204).end();
  });
});

const renderPage = (path = "/app/messages") =>
  renderApp({ initialPath: path, routes: <Route path="/app/messages" element={<MessagesPage />} /> });
const requests = (method: string, suffix: string) =>
  api.requests.filter((request) => request.method === method && request.url?.endsWith(suffix));

describe("the Messages inbox", () => {
  it("lists the conversations with their unread counts and reads none until one is opened", async () => {
    renderPage();
    const conversations = await screen.findByRole("navigation", { name: "Conversations" });
    expect(within(conversations).getByRole("button", { name: /Grace Hopper\s*1 unread/ })).toBeTruthy();
    expect(screen.getByText("Choose a conversation to read it and reply.")).toBeTruthy();
    expect(requests("POST", "/read")).toHaveLength(0);

    fireEvent.click(within(conversations).getByRole("button", { name: /Grace Hopper/ }));
    expect(await screen.findByText("Can you come Tuesday?", { selector: "p" })).toBeTruthy();
    await waitFor(() => expect(requests("POST", `/${THREAD_ID}/read`)).toHaveLength(1));
  });

  it("offers no texting on a plan without SMS, and says why the reply cannot go by e-mail either", async () => {
    renderPage(`/app/messages?thread=${THREAD_ID}`);
    const channel = await screen.findByLabelText("Send as");
    const options = within(channel).getAllByRole("option") as HTMLOptionElement[];
    expect(options.map((option) => [option.textContent, option.disabled])).toEqual([
      ["Text message to +15552017788 (Growth plan)", true],
      ["E-mail (no e-mail address)", true],
    ]);
    expect((screen.getByRole("button", { name: "Send reply" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("sends the reply as written, and shows the server's refusal beside the field it names", async () => {
    Object.assign(thread, { smsAllowed: true });
    api.on("POST", `/api/messages/threads/${THREAD_ID}/replies`, (_req, res) =>
      sendJson(res, 400, { message: "This customer has no phone number to text", field: "channel" }),
    );
    renderPage(`/app/messages?thread=${THREAD_ID}`);
    fireEvent.change(await screen.findByRole("textbox", { name: "Message" }), { target: { value: "Yes, Tuesday." } });
    fireEvent.click(screen.getByRole("button", { name: "Send reply" }));
    expect(await screen.findByText(/no phone number to text/)).toBeTruthy();
    const [sent] = requests("POST", "/replies");
    expect(JSON.parse(sent!.body)).toEqual({ channel: "sms", body: "Yes, Tuesday." });
  });
});
