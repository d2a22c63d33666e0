// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Outlet, Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { Crew } from "@fieldops/shared/crews";
import type { Thread, ThreadListResponse, ThreadSummary } from "@fieldops/shared/messages";
import { makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi } from "../../testing/local-server";
import { renderApp } from "../../testing/render-app";
import { MessagesPage } from "./messages-page";

const server = useLocalApi();
let api: ReturnType<typeof useLocalApi>["current"];

const THREAD_ID = "6d1c7a52-0b7e-4f43-9d8e-1f1f0b4f3a10";
const list: ThreadListResponse = {
  unreadTotal: 1,
  nextCursor: null,
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
  sharedWithCrews: [],
  replyTo: { sms: "+15552017788", email: null },
  smsAllowed: false,
  assistant: { active: false, stoppedAt: null, actions: [] },
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
  renderApp({
    initialPath: path,
    routes: (
      <Route element={<Outlet context={makeUser({ role: "member" })} />}>
        <Route path="/app/messages" element={<MessagesPage />} />
      </Route>
    ),
  });
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

describe("the assistant in a conversation", () => {
  const ACTION_ID = "7d1f0a8e-4c44-4b8e-9a51-2a7e0d9c4b10";
  const waitingPick = {
    id: ACTION_ID,
    inboundMessageId: "m1",
    intent: "pick" as const,
    status: "waiting" as const,
    lookedUp: "Chose Thu Dec 10, 9:00 AM (Crew B) of the times offered",
    reply: "Thanks Grace! We've asked the office to confirm Thu Dec 10, 9:00 AM (Crew B).",
    outboxMessageId: null,
    answerMessageId: null,
    visitId: "0c2f5a61-9d7e-4d55-a1d0-5f1d2b7c9e01",
    offer: [],
    chosen: {
      start: "2026-12-10T16:00:00.000Z",
      end: "2026-12-10T17:00:00.000Z",
      crewId: null,
      crewName: "Crew B",
      label: "Thu Dec 10, 9:00 AM (Crew B)",
    },
    decidedBy: null,
    decidedAt: null,
    createdAt: "2026-11-27T15:00:05.000Z",
  };

  it("shows what waits for the office and sends its one click; the office can take the conversation over", async () => {
    const withAssistant: Thread = { ...thread, assistant: { active: true, stoppedAt: null, actions: [waitingPick] } };
    api.on("GET", `/api/messages/threads/${THREAD_ID}`, (_req, res) => sendJson(res, 200, withAssistant));
    api.on("POST", `/api/messages/assistant-actions/${ACTION_ID}/decision`, (_req, res) =>
      sendJson(res, 200, { ...waitingPick, status: "approved", decidedBy: "Morgan Member" }),
    );
    api.on("PUT", `/api/messages/threads/${THREAD_ID}/assistant`, (_req, res) =>
      sendJson(res, 200, { active: false, stoppedAt: "2026-11-27T15:10:00.000Z", actions: [] }),
    );
    renderPage(`/app/messages?thread=${THREAD_ID}`);
    const waiting = await screen.findByRole("listitem", { name: "Waiting: Chose an offered time" });
    expect(within(waiting).getByText(/Looked up: Chose Thu Dec 10/)).toBeTruthy();
    expect(screen.getByText("Assistant: Chose an offered time · Waiting for you")).toBeTruthy();
    fireEvent.click(within(waiting).getByRole("button", { name: "Move the visit to Thu Dec 10, 9:00 AM (Crew B)" }));
    await waitFor(() => expect(requests("POST", `/${ACTION_ID}/decision`)).toHaveLength(1));
    expect(JSON.parse(requests("POST", `/${ACTION_ID}/decision`)[0]!.body)).toEqual({ decision: "approve" });

    fireEvent.click(screen.getByRole("button", { name: "Take over" }));
    await waitFor(() => expect(requests("PUT", `/${THREAD_ID}/assistant`)).toHaveLength(1));
    expect(JSON.parse(requests("PUT", `/${THREAD_ID}/assistant`)[0]!.body)).toEqual({ active: false });
  });
});

describe("the inbox's pages and filter", () => {
  const older: ThreadSummary = {
    id: "0f6b1c1e-5a36-4d0c-8a47-3f0a4c3f2b01",
    customerId: "2c9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed",
    title: "Old Timer",
    unplacedReason: null,
    lastMessageAt: "2026-10-01T09:00:00.000Z",
    lastMessagePreview: "Thanks for last year",
    unreadCount: 0,
  };

  beforeEach(() => {
    api.on("GET", "/api/messages/threads", (req, res) => {
      const query = new URL(req.url, "http://x").searchParams;
      if (query.get("unread") === "true") return sendJson(res, 200, { ...list, nextCursor: null });
      if (query.get("cursor") === "page-2") return sendJson(res, 200, { ...list, items: [older], nextCursor: null });
      sendJson(res, 200, { ...list, nextCursor: "page-2" });
    });
  });

  it("shows older conversations on demand, and only the unread ones when asked", async () => {
    renderPage();
    const conversations = await screen.findByRole("navigation", { name: "Conversations" });
    expect(within(conversations).queryByRole("button", { name: /Old Timer/ })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Show older conversations" }));
    expect(await within(conversations).findByRole("button", { name: /Old Timer/ })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Show older conversations" })).toBeNull();
    expect(requests("GET", "/api/messages/threads?limit=25&cursor=page-2")).toHaveLength(1);

    fireEvent.click(screen.getByRole("checkbox", { name: "Unread only" }));
    await waitFor(() => expect(requests("GET", "/api/messages/threads?limit=25&unread=true")).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole("button", { name: /Old Timer/ })).toBeNull());
    expect(screen.getByRole("button", { name: /Grace Hopper\s*1 unread/ })).toBeTruthy();
  });
});

describe("moving an unknown number's conversation onto a customer", () => {
  const UNPLACED_ID = "9a8b7c6d-0b7e-4f43-9d8e-1f1f0b4f3a11";
  const CUSTOMER_ID = "1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed";
  const unplaced: Thread = {
    ...thread,
    id: UNPLACED_ID,
    customerId: null,
    title: "+15559990000",
    unplacedReason: "unknown",
    replyTo: { sms: "+15559990000", email: null },
  };

  beforeEach(() => {
    api.on("GET", `/api/messages/threads/${UNPLACED_ID}`, (_req, res) => sendJson(res, 200, unplaced));
    api.on("POST", `/api/messages/threads/${UNPLACED_ID}/read`, (_req, res) => {
      res.writeHead(204).end();
    });
    api.on("GET", "/api/jobs/customer-options", (_req, res) =>
      sendJson(res, 200, { items: [{ id: CUSTOMER_ID, name: "Grace Hopper" }] }),
    );
    api.on("POST", `/api/messages/threads/${UNPLACED_ID}/customer`, (_req, res) =>
      sendJson(res, 200, { ...thread, id: THREAD_ID, customerId: CUSTOMER_ID }),
    );
  });

  it("picks the customer, saves the number by default, and opens the customer's conversation", async () => {
    renderPage(`/app/messages?thread=${UNPLACED_ID}`);
    fireEvent.click(await screen.findByRole("button", { name: "This is…" }));
    const dialog = await screen.findByRole("dialog", { name: "Who is +15559990000?" });
    const move = within(dialog).getByRole("button", { name: "Move conversation" }) as HTMLButtonElement;
    expect(move.disabled).toBe(true);
    const save = within(dialog).getByRole("checkbox", { name: "Save +15559990000 to their contacts" });
    expect((save as HTMLInputElement).checked).toBe(true);
    await within(dialog).findByRole("option", { name: "Grace Hopper" });
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Customer" }), { target: { value: CUSTOMER_ID } });
    fireEvent.click(move);

    expect(await screen.findByRole("region", { name: "Conversation with Grace Hopper" })).toBeTruthy();
    const [sent] = requests("POST", "/customer");
    expect(JSON.parse(sent!.body)).toEqual({ customerId: CUSTOMER_ID, saveContact: true });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("leaves a shared number off the customer's contacts unless asked, and shows a refusal in the dialog", async () => {
    Object.assign(unplaced, { unplacedReason: "ambiguous" });
    api.on("POST", `/api/messages/threads/${UNPLACED_ID}/customer`, (_req, res) =>
      sendJson(res, 409, { message: "This conversation is already with a customer" }),
    );
    renderPage(`/app/messages?thread=${UNPLACED_ID}`);
    fireEvent.click(await screen.findByRole("button", { name: "This is…" }));
    const dialog = await screen.findByRole("dialog");
    const save = within(dialog).getByRole("checkbox", { name: /to their contacts/ }) as HTMLInputElement;
    expect(save.checked).toBe(false);
    await within(dialog).findByRole("option", { name: "Grace Hopper" });
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Customer" }), { target: { value: CUSTOMER_ID } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Move conversation" }));
    expect(await within(dialog).findByText(/already with a customer/)).toBeTruthy();
    expect(JSON.parse(requests("POST", "/customer")[0]!.body)).toEqual({ customerId: CUSTOMER_ID, saveContact: false });
  });
});

describe("sharing a conversation with crews", () => {
  const crew = (id: string, name: string): Crew => ({
    id,
    name,
    color: "#16a34a",
    skills: [],
    workingHours: [],
    breaks: [],
    members: [],
    start: { kind: "yard", label: "The company's yard", memberId: null, address: null, located: false, problem: null },
    createdAt: "2026-11-01T00:00:00.000Z",
  });
  const CREW_A = "3f2b6bcd-bbfd-4b2d-9b5d-ab8dfbbd4b01";
  const CREW_B = "3f2b6bcd-bbfd-4b2d-9b5d-ab8dfbbd4b02";

  beforeEach(() => {
    api.on("GET", "/api/crews", (_req, res) =>
      sendJson(res, 200, { items: [crew(CREW_A, "Crew A"), crew(CREW_B, "Crew B")] }),
    );
    api.on("GET", `/api/messages/threads/${THREAD_ID}`, (_req, res) =>
      sendJson(res, 200, {
        ...thread,
        sharedWithCrews: [{ crewId: CREW_A, name: "Crew A", color: "#16a34a", sharedAt: "2026-11-27T16:00:00.000Z" }],
      }),
    );
    for (const [method, crewId] of [
      ["PUT", CREW_B],
      ["DELETE", CREW_A],
    ] as const)
      api.on(method, `/api/messages/threads/${THREAD_ID}/crews/${crewId}`, (_req, res) => {
        res.writeHead(204).end();
      });
  });

  it("shows the crews it is shared with, shares it with another picked crew and stops sharing with one", async () => {
    renderPage(`/app/messages?thread=${THREAD_ID}`);
    const shares = await screen.findByRole("group", { name: "Crews this conversation is shared with" });
    expect(within(shares).getByText("Crew A")).toBeTruthy();
    const picker = await within(shares).findByRole("combobox", { name: "Share with a crew" });
    expect(within(picker).getByRole("option", { name: "Crew B" })).toBeTruthy();
    expect(within(picker).queryByRole("option", { name: "Crew A" })).toBeNull();

    fireEvent.change(picker, { target: { value: CREW_B } });
    await waitFor(() => expect(requests("PUT", `/crews/${CREW_B}`)).toHaveLength(1));
    const remove = within(shares).getByRole("button", { name: "Stop sharing with Crew A" }) as HTMLButtonElement;
    // The picker and the buttons wait while a change is under way.
    await waitFor(() => expect(remove.disabled).toBe(false));
    fireEvent.click(remove);
    await waitFor(() => expect(requests("DELETE", `/crews/${CREW_A}`)).toHaveLength(1));
  });
});
