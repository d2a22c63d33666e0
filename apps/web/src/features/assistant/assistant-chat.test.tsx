// @vitest-environment jsdom
import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import type { AguiEvent, ChatProposal, ConversationResponse } from "@fieldops/shared/chat";
import { ASSISTANT_ABILITIES, MESSAGE_BOX_LABEL } from "@fieldops/shared/chat";
import { PLANS } from "@fieldops/shared/plans";
import type { ClientMessage, ServerMessage } from "@fieldops/shared/events";
import type { FeatureSpec } from "@fieldops/shared/feature-spec";
import { AppLayout } from "../../shell/app-layout";
import { DashboardRoute } from "../../app/pages/dashboard";
import { makeCompany, makeUser } from "../../testing/fixtures";
import { sendJson, useLocalApi, useLocalSocket, type LocalServer } from "../../testing/local-server";
import { CurrentPath, renderApp } from "../../testing/render-app";
import { AssistantButton, AssistantFrame } from "./assistant-panel";

// A busy machine (several test runs at once) can take seconds to first render the dashboard.
configure({ asyncUtilTimeout: 10_000 });

const owner = makeUser({ id: "u-owner", role: "owner", name: "Olive Owner", email: "owner@demo.test" });
const member = makeUser();

const server = useLocalApi();
let api: LocalServer;
let sockets: WebSocket[];
let received: ClientMessage[];
let user = owner;
let conversation: ConversationResponse | null;
let seq = 10;

useLocalSocket(server, (socket) => {
  sockets.push(socket);
  socket.on("message", (raw) => received.push(JSON.parse(String(raw)) as ClientMessage));
  socket.send(JSON.stringify({ type: "ready", lastSeq: "1-0" } satisfies ServerMessage));
});

beforeEach(() => {
  api = server.current;
  sockets = [];
  received = [];
  user = owner;
  conversation = null;
  api.on("GET", "/api/user", (_req, res) => sendJson(res, 200, user));
  api.on("GET", "/api/company", (_req, res) => sendJson(res, 200, makeCompany()));
  api.on("GET", "/api/activity", (_req, res) => sendJson(res, 200, { items: [] }));
  api.on("POST", "/api/ws-ticket", (_req, res) => sendJson(res, 200, { ticket: "ticket-1", expiresInSeconds: 30 }));
  api.on("GET", "/api/assistant/suggestions", (_req, res) =>
    sendJson(res, 200, {
      answerer: { kind: "offline_planner" },
      suggestions: [
        { label: "3 invoices are past due", prompt: "Show me past-due invoices" },
        { label: "Go to jobs", prompt: "Take me to my jobs" },
      ],
      allowedOAuthOrigins: ["https://appcenter.intuit.example"],
    }),
  );
  api.on("GET", "/api/assistant/conversations", (_req, res) =>
    sendJson(res, 200, {
      items: conversation
        ? [{ id: conversation.id, title: conversation.title, updatedAt: conversation.updatedAt }]
        : [],
    }),
  );
  api.on("GET", "/api/assistant/conversations/conv-1", (_req, res) =>
    conversation ? sendJson(res, 200, conversation) : sendJson(res, 404, { message: "Not found" }),
  );
});

function renderAt(path: string) {
  return renderApp({
    initialPath: path,
    routes: (
      <Route element={<AppLayout frame={AssistantFrame} headerActions={<AssistantButton />} />}>
        <Route path="/admin-dashboard" element={<DashboardRoute />} />
        <Route path="/userdash" element={<DashboardRoute today />} />
        <Route path="/customers/:id" element={<CurrentPath />} />
        <Route path="/jobs" element={<CurrentPath />} />
      </Route>
    ),
  });
}

/** Sends one AG-UI event of a run to the browser, as the API publishes it. */
function emit(requestId: string | null, runId: string, event: AguiEvent, conversationId = "conv-1") {
  seq += 1;
  const message: ServerMessage = {
    type: "event",
    seq: `${seq}-0`,
    requestId,
    occurredAt: new Date().toISOString(),
    event: { name: "assistant.event", payload: { conversationId, runId, event } },
  };
  sockets.at(-1)!.send(JSON.stringify(message));
}

function emitApp(event: Extract<ServerMessage, { type: "event" }>["event"]) {
  seq += 1;
  sockets.at(-1)!.send(
    JSON.stringify({
      type: "event",
      seq: `${seq}-0`,
      requestId: null,
      occurredAt: new Date().toISOString(),
      event,
    } satisfies ServerMessage),
  );
}

const chatSends = () =>
  received.filter((m): m is Extract<ClientMessage, { type: "chat.send" }> => m.type === "chat.send");

/** Sends `text` and answers it, as the server would, with a run that proposes `proposal`. */
async function proposeIn(text: string, proposal: ChatProposal): Promise<void> {
  const requestId = await sendMessage(text);
  emit(requestId, "run-1", { type: "RUN_STARTED", threadId: "conv-1", runId: "run-1" } as AguiEvent);
  emit(requestId, "run-1", { type: "CUSTOM", name: "fieldops.proposal", value: proposal } as AguiEvent);
}

async function sendMessage(text: string): Promise<string> {
  const box = await screen.findByRole("textbox", { name: MESSAGE_BOX_LABEL });
  await waitFor(() => expect(screen.getByRole("status", { name: "Live updates: Live" })).toBeTruthy());
  const before = chatSends().length;
  fireEvent.change(box, { target: { value: text } });
  fireEvent.keyDown(box, { key: "Enter" });
  await waitFor(() => expect(chatSends()).toHaveLength(before + 1));
  return chatSends().at(-1)!.requestId;
}

function uiAction(requestId: string, runId: string, toolCallId: string, action: object) {
  const json = JSON.stringify(action);
  emit(requestId, runId, { type: "TOOL_CALL_START", toolCallId, toolCallName: "ui_action" } as AguiEvent);
  emit(requestId, runId, { type: "TOOL_CALL_ARGS", toolCallId, delta: json.slice(0, 10) } as AguiEvent);
  emit(requestId, runId, { type: "TOOL_CALL_ARGS", toolCallId, delta: json.slice(10) } as AguiEvent);
  emit(requestId, runId, { type: "TOOL_CALL_END", toolCallId } as AguiEvent);
}

const log = () => within(screen.getByRole("log", { name: "Conversation with the assistant" }));

describe("the assistant chat", { timeout: 30_000 }, () => {
  it("is the first thing on an owner's dashboard, says who answers and offers the company's suggestions", async () => {
    renderAt("/admin-dashboard");

    const box = await screen.findByRole("textbox", { name: MESSAGE_BOX_LABEL });
    expect(box.tagName).toBe("TEXTAREA");
    expect(await screen.findByText("Answered by the offline planner")).toBeTruthy();
    const suggestions = within(await screen.findByRole("list", { name: "Suggestions" }));
    expect(suggestions.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "3 invoices are past due",
      "Go to jobs",
    ]);
    await waitFor(() => expect(screen.getByRole("status", { name: "Live updates: Live" })).toBeTruthy());

    fireEvent.click(suggestions.getByRole("button", { name: "Go to jobs" }));

    await waitFor(() => expect(chatSends().map((m) => m.text)).toEqual(["Take me to my jobs"]));
  });

  it("sends on Enter with where the user is, and Shift+Enter does not send", async () => {
    renderAt("/admin-dashboard");
    const box = await screen.findByRole("textbox", { name: MESSAGE_BOX_LABEL });
    await waitFor(() => expect(screen.getByRole("status", { name: "Live updates: Live" })).toBeTruthy());
    fireEvent.change(box, { target: { value: "first line" } });

    const notCancelled = fireEvent.keyDown(box, { key: "Enter", shiftKey: true });

    expect(notCancelled).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(chatSends()).toEqual([]);

    fireEvent.change(box, { target: { value: "first line\nsecond line" } });
    fireEvent.keyDown(box, { key: "Enter" });

    await waitFor(() => expect(chatSends()).toHaveLength(1));
    expect(chatSends()[0]).toMatchObject({
      text: "first line\nsecond line",
      conversationId: null,
      context: { path: "/admin-dashboard" },
    });
    expect((box as HTMLTextAreaElement).value).toBe("");
    expect(log().getByText(/first line/).textContent).toBe("first line\nsecond line");
  });

  it("streams the answer token by token, runs its UI action once and shows the action's chip", async () => {
    renderAt("/admin-dashboard");
    const requestId = await sendMessage("take me to my jobs");

    emit(requestId, "run-1", { type: "RUN_STARTED", threadId: "conv-1", runId: "run-1" } as AguiEvent);
    emit(requestId, "run-1", {
      type: "CUSTOM",
      name: "fieldops.answerer",
      value: { kind: "offline_planner" },
    } as AguiEvent);
    emit(requestId, "run-1", { type: "TEXT_MESSAGE_START", messageId: "m1", role: "assistant" } as AguiEvent);
    emit(requestId, "run-1", { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "Opening " } as AguiEvent);
    await waitFor(() => expect(log().getByText("Opening")).toBeTruthy());
    emit(requestId, "run-1", { type: "TEXT_MESSAGE_CONTENT", messageId: "m1", delta: "your **jobs**." } as AguiEvent);
    await waitFor(() => expect(log().getByText("jobs").tagName).toBe("STRONG"));
    emit(requestId, "run-1", { type: "TEXT_MESSAGE_END", messageId: "m1" } as AguiEvent);
    uiAction(requestId, "run-1", "tc-1", { id: "act-1", type: "navigate", target: "/jobs" });
    // The same action again (a replay) is not run twice.
    uiAction(requestId, "run-1", "tc-2", { id: "act-1", type: "navigate", target: "/jobs" });
    emit(requestId, "run-1", { type: "RUN_FINISHED", threadId: "conv-1", runId: "run-1" } as AguiEvent);

    await waitFor(() => expect(screen.getByTestId("current-path").textContent).toBe("/jobs"));
    // The chat lives in the app, not the page: it goes on in the panel, open beside the page it opened.
    const panel = within(await screen.findByRole("complementary", { name: "Assistant panel" }));
    await waitFor(() => expect(panel.getAllByTestId("action-chip")[0]!.textContent).toBe("Opened Jobs"));
    expect(panel.getByText(/Opening your/)).toBeTruthy();
  });

  it("refuses an action outside the allow-lists in its chip and never carries it out", async () => {
    renderAt("/admin-dashboard");
    const requestId = await sendMessage("open evil");
    uiAction(requestId, "run-1", "tc-1", {
      id: "act-1",
      type: "startOAuth",
      params: { authUrl: "https://evil.example/authorize" },
    });
    uiAction(requestId, "run-1", "tc-2", { id: "act-2", type: "navigate", target: "https://evil.example" });

    await waitFor(() =>
      expect(
        log()
          .getAllByTestId("action-chip")
          .map((c) => c.textContent),
      ).toEqual([
        'Blocked: sign-in at "https://evil.example/authorize" is not an allowed provider',
        'Blocked: page "https://evil.example" is not allowed',
      ]),
    );
    expect(
      log()
        .getAllByTestId("action-chip")
        .map((c) => c.dataset.status),
    ).toEqual(["refused", "refused"]);
    expect(screen.queryByTestId("current-path")).toBeNull();
  });

  it("never renders raw HTML from a message", async () => {
    renderAt("/admin-dashboard");
    const requestId = await sendMessage("hello");
    emit(requestId, "run-1", {
      type: "TEXT_MESSAGE_CONTENT",
      messageId: "m1",
      delta: 'Hi <img src="x" onerror="alert(1)"><script>alert(2)</script> [click](javascript:alert(3))',
    } as AguiEvent);

    await waitFor(() => expect(log().getByText(/Hi/)).toBeTruthy());
    const turn = log().getByTestId("assistant-turn");
    expect(turn.querySelector("img, script")).toBeNull();
    expect(turn.querySelector("a")?.getAttribute("href") ?? "").not.toMatch(/javascript/i);
  });

  it("answers a read with a card whose rows have their own actions", async () => {
    renderAt("/admin-dashboard");
    const requestId = await sendMessage("find henderson");
    emit(requestId, "run-1", { type: "TOOL_CALL_START", toolCallId: "r1", toolCallName: "findCustomers" } as AguiEvent);
    emit(requestId, "run-1", { type: "TOOL_CALL_END", toolCallId: "r1" } as AguiEvent);
    emit(requestId, "run-1", {
      type: "TOOL_CALL_RESULT",
      messageId: "r1-result",
      toolCallId: "r1",
      content: JSON.stringify({
        kind: "customers",
        items: [{ id: "c-42", name: "Henderson Family", phone: "555-0100", email: null, address: "12 Elm St" }],
      }),
    } as AguiEvent);

    const card = within(await screen.findByRole("list", { name: "Customers found" }));
    expect(card.getByText("Henderson Family")).toBeTruthy();
    expect(card.getByRole("link", { name: "Open Henderson Family" }).getAttribute("href")).toBe("/customers/c-42");

    // The button asks for the customer's jobs by id: the customer's name never becomes the user's words.
    fireEvent.click(card.getByRole("button", { name: "Jobs of Henderson Family" }));
    await waitFor(() =>
      expect(chatSends().at(-1)).toMatchObject({
        text: "Show this customer's jobs",
        read: { tool: "findJobs", customerId: "c-42" },
      }),
    );
  });

  it("shows a proposal's values in words: its time in the company's time zone, yes or no", async () => {
    renderAt("/admin-dashboard");
    await proposeIn("schedule henderson tomorrow at 9", {
      proposalId: "p-2",
      moduleId: "schedule-visit",
      params: { jobId: "j-1", start: "2026-07-15T15:00:00.000Z", crewId: null, notify: false },
      summary: "Schedule a visit for **Henderson Family**",
      timeZone: "America/Denver",
    });

    const region = await screen.findByRole("region", { name: "Confirm: Schedule a visit" });
    const values = within(region)
      .getAllByRole("definition")
      .map((value) => value.textContent);
    expect(values).toEqual([expect.stringMatching(/^Jul 15, 2026, 9:00\sAM MDT$/), "No"]);
  });

  it("shows a proposal with what will happen and sends the decision", async () => {
    renderAt("/admin-dashboard");
    await proposeIn("create a job for henderson", {
      proposalId: "p-1",
      moduleId: "create-job",
      params: { customerId: "c-42", title: "Spring cleanup" },
      summary: "Create the job **Spring cleanup** for Henderson Family",
    });

    const region = await screen.findByRole("region", { name: "Confirm: Create a job" });
    const proposal = within(region);
    // The summary is markdown, as the assistant's text is: the title in bold, not between asterisks.
    expect(region.textContent).toContain("Create the job Spring cleanup for Henderson Family");
    expect(region.textContent).not.toContain("**");
    expect(region.querySelector("strong")?.textContent).toBe("Spring cleanup");
    // Its parameters as a person reads them: labelled in words, without the customer's id.
    expect(proposal.getByText("Title")).toBeTruthy();
    expect(region.textContent).not.toContain("c-42");

    fireEvent.click(proposal.getByRole("button", { name: "Confirm" }));

    await waitFor(() =>
      expect(received.filter((m) => m.type === "chat.decide")).toEqual([
        expect.objectContaining({
          type: "chat.decide",
          conversationId: "conv-1",
          proposalId: "p-1",
          decision: "confirm",
        }),
      ]),
    );
    expect(proposal.getByText("Confirmed")).toBeTruthy();
    expect(proposal.queryByRole("button", { name: "Confirm" })).toBeNull();
  });

  it("runs a module with the action id as idempotency key, shows its outcome and offers Undo", async () => {
    const executes: { body: string; key: string | undefined }[] = [];
    api.on("POST", "/api/modules/execute", (req, res) => {
      executes.push({ body: req.body, key: req.headers["idempotency-key"] as string | undefined });
      sendJson(res, 200, { success: true, message: "Create a job: started", runId: "run-77", status: "queued" });
    });
    let undone = 0;
    api.on("POST", "/api/modules/runs/run-77/undo", (_req, res) => {
      undone += 1;
      sendJson(res, 200, {
        id: "run-77",
        moduleId: "create-job",
        status: "succeeded",
        message: "Job #12 created",
        error: null,
        undoUntil: null,
        undone: true,
        download: null,
        link: null,
      });
    });
    renderAt("/admin-dashboard");
    const requestId = await sendMessage("yes");
    uiAction(requestId, "run-2", "tc-1", {
      id: "act-9",
      type: "executeModule",
      moduleId: "create-job",
      moduleParams: { title: "Spring cleanup" },
    });

    await waitFor(() => expect(executes).toHaveLength(1));
    expect(executes[0]).toEqual({
      body: JSON.stringify({ moduleId: "create-job", params: { title: "Spring cleanup" } }),
      key: "act-9",
    });
    await waitFor(() => expect(log().getByTestId("action-chip").textContent).toBe("Started: Create a job"));
    expect(screen.queryByText("Module Executed")).toBeNull();

    act(() =>
      emitApp({
        name: "module.run_updated",
        payload: {
          runId: "run-77",
          moduleId: "create-job",
          status: "succeeded",
          success: true,
          message: "Job #12 created",
          // The server says until when the run may be undone.
          undoUntil: new Date(Date.now() + 300_000).toISOString(),
          undone: false,
          download: null,
          link: null,
        },
      }),
    );

    const toast = (await screen.findByText("Module Executed")).parentElement!;
    expect(within(toast).getByText("Job #12 created")).toBeTruthy();
    await waitFor(() => expect(log().getByTestId("action-chip").textContent).toBe("Job #12 created"));

    fireEvent.click(await log().findByRole("button", { name: "Undo" }));
    await waitFor(() => expect(undone).toBe(1));
    expect(await log().findByText("Undone")).toBeTruthy();
  });

  it("offers the file a finished run produced for download", async () => {
    api.on("POST", "/api/modules/execute", (_req, res) =>
      sendJson(res, 200, { success: true, message: "Export customers: started", runId: "run-8", status: "queued" }),
    );
    renderAt("/admin-dashboard");
    const requestId = await sendMessage("export customers");
    uiAction(requestId, "run-4", "tc-1", { id: "act-8", type: "executeModule", moduleId: "export-customers" });
    await waitFor(() => expect(log().getByTestId("action-chip").textContent).toBe("Started: Export customers"));
    expect(log().queryByRole("link", { name: "Download" })).toBeNull();

    act(() =>
      emitApp({
        name: "module.run_updated",
        payload: {
          runId: "run-8",
          moduleId: "export-customers",
          status: "succeeded",
          success: true,
          message: "Exported 3 customers",
          undoUntil: null,
          undone: false,
          download: "/api/modules/runs/run-8/download",
          link: null,
        },
      }),
    );

    const link = await log().findByRole("link", { name: "Download" });
    expect(link.getAttribute("href")).toBe("/api/modules/runs/run-8/download");
  });

  it("links a finished optimize-day run to its proposal on the board", async () => {
    api.on("POST", "/api/modules/execute", (_req, res) =>
      sendJson(res, 200, { success: true, message: "Optimize: started", runId: "run-9", status: "queued" }),
    );
    renderAt("/admin-dashboard");
    const requestId = await sendMessage("optimize tomorrow's routes");
    uiAction(requestId, "run-6", "tc-1", {
      id: "act-6",
      type: "executeModule",
      moduleId: "optimize-day",
      moduleParams: { date: "2031-02-03" },
    });
    await waitFor(() => expect(log().getByTestId("action-chip").textContent).toBe("Started: Optimize a day's routes"));
    expect(log().queryByRole("link", { name: /open on the board/ })).toBeNull();

    act(() =>
      emitApp({
        name: "module.run_updated",
        payload: {
          runId: "run-9",
          moduleId: "optimize-day",
          status: "succeeded",
          success: true,
          message: "Optimizing the routes of 2031-02-03: the proposal opens on the schedule board",
          undoUntil: null,
          undone: false,
          download: null,
          link: { href: "/schedule?date=2031-02-03&plan=plan-1", label: "Open the proposal on the board" },
        },
      }),
    );

    const link = await log().findByRole("link", { name: "Open the proposal on the board" });
    expect(link.getAttribute("href")).toBe("/schedule?date=2031-02-03&plan=plan-1");
  });

  it("tells the user when a run waiting for approval is decided", async () => {
    api.on("POST", "/api/modules/execute", (_req, res) =>
      sendJson(res, 200, {
        success: false,
        requiresApproval: true,
        reason: "This action requires administrator approval",
        runId: "run-5",
        status: "awaiting_approval",
      }),
    );
    user = member;
    renderAt("/userdash");
    fireEvent.click(await screen.findByRole("button", { name: /Assistant/ }));
    const requestId = await sendMessage("turn on hipaa");
    uiAction(requestId, "run-3", "tc-1", { id: "act-5", type: "executeModule", moduleId: "enable-hipaa-mode" });
    expect(await screen.findByText("Approval Required")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId("action-chip").textContent).toBe("Waiting for approval: Enable HIPAA mode"),
    );
    // One toast at a time: the next shows once this one is closed.
    const approvalToast = screen.getByText("Approval Required").closest("li")!;
    fireEvent.click(within(approvalToast).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByText("Approval Required")).toBeNull());

    act(() =>
      emitApp({
        name: "module.run_updated",
        payload: {
          runId: "run-5",
          moduleId: "enable-hipaa-mode",
          status: "succeeded",
          success: true,
          message: "HIPAA mode is on",
          undoUntil: null,
          undone: false,
          download: null,
          link: null,
        },
      }),
    );

    await waitFor(() => expect(screen.getByTestId("action-chip").textContent).toBe("HIPAA mode is on"));
    expect(await screen.findByText("Module Executed")).toBeTruthy();
    // A run the domain cannot take back offers no Undo.
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();
  });

  it("reloads the history without carrying out its actions again", async () => {
    conversation = {
      id: "conv-1",
      title: "take me to my jobs",
      updatedAt: "2026-11-26T08:00:00.000Z",
      messages: [
        { id: "m-u", role: "user", text: "take me to my jobs", events: [], createdAt: "2026-11-26T08:00:00.000Z" },
        {
          id: "m-a",
          role: "assistant",
          text: "Opening your jobs.",
          events: [
            { type: "RUN_STARTED", threadId: "conv-1", runId: "run-1" },
            { type: "TEXT_MESSAGE_START", messageId: "t1", role: "assistant" },
            { type: "TEXT_MESSAGE_CONTENT", messageId: "t1", delta: "Opening your jobs." },
            { type: "TEXT_MESSAGE_END", messageId: "t1" },
            { type: "TOOL_CALL_START", toolCallId: "tc-1", toolCallName: "ui_action" },
            {
              type: "TOOL_CALL_ARGS",
              toolCallId: "tc-1",
              delta: JSON.stringify({ id: "act-1", type: "navigate", target: "/jobs" }),
            },
            { type: "TOOL_CALL_END", toolCallId: "tc-1" },
            { type: "RUN_FINISHED", threadId: "conv-1", runId: "run-1" },
          ] as AguiEvent[],
          createdAt: "2026-11-26T08:00:01.000Z",
        },
      ],
      runs: [],
      quotes: [],
    };
    renderAt("/admin-dashboard");
    await screen.findByRole("log", { name: "Conversation with the assistant" });

    expect(await log().findByText("Opening your jobs.")).toBeTruthy();
    expect(log().getByText("take me to my jobs")).toBeTruthy();
    expect(log().getByTestId("action-chip").textContent).toBe("Opened Jobs");
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId("current-path")).toBeNull();

    await sendMessage("thanks");
    expect(chatSends().at(-1)?.conversationId).toBe("conv-1");
  });

  it("reloads the history with how its runs stand now and its quote to reopen", async () => {
    const equipmentSpec: FeatureSpec = {
      featureName: "Equipment tracking",
      description: "Track equipment at each customer",
      entities: [
        {
          key: "equipment",
          name: "Equipment",
          pluralName: "Equipment",
          fields: [{ key: "make", label: "Make", type: "text", required: true }],
          relations: [],
          showOn: [],
        },
      ],
      routes: [],
    };
    const action = (toolCallId: string, value: object) => [
      { type: "TOOL_CALL_START", toolCallId, toolCallName: "ui_action" },
      { type: "TOOL_CALL_ARGS", toolCallId, delta: JSON.stringify(value) },
      { type: "TOOL_CALL_END", toolCallId },
    ];
    const noRunFields = { undoUntil: null, download: null, link: null };
    conversation = {
      id: "conv-1",
      title: "export customers",
      updatedAt: "2026-11-26T08:00:00.000Z",
      messages: [
        {
          id: "m-a",
          role: "assistant",
          text: "",
          events: [
            { type: "RUN_STARTED", threadId: "conv-1", runId: "run-1" },
            ...action("tc-1", { id: "act-1", type: "executeModule", moduleId: "create-job" }),
            ...action("tc-2", { id: "act-2", type: "executeModule", moduleId: "export-customers" }),
            ...action("tc-3", { id: "act-3", type: "executeModule", moduleId: "export-customers" }),
            ...action("tc-4", { id: "act-4", type: "request_quote", sessionId: "s-1", spec: { description: "x" } }),
            { type: "RUN_FINISHED", threadId: "conv-1", runId: "run-1" },
          ] as AguiEvent[],
          createdAt: "2026-11-26T08:00:01.000Z",
        },
      ],
      runs: [
        {
          actionId: "act-1",
          run: {
            ...noRunFields,
            runId: "r-1",
            moduleId: "create-job",
            status: "succeeded",
            message: "Created job #266 for Andrew Henderson",
            undone: true,
          },
        },
        {
          actionId: "act-2",
          run: {
            ...noRunFields,
            runId: "r-2",
            moduleId: "export-customers",
            status: "denied",
            error: "Denied: Not this month",
            undone: false,
          },
        },
        {
          actionId: "act-3",
          run: {
            ...noRunFields,
            runId: "r-3",
            moduleId: "export-customers",
            status: "succeeded",
            message: "Exported 3 customers",
            download: "/api/modules/runs/r-3/download",
            undone: false,
          },
        },
      ],
      quotes: [
        {
          sessionId: "s-1",
          proposalId: "p-1",
          quote: { priceUsd: 1200, etaMinutes: 45, risk: "medium" },
          spec: equipmentSpec,
          built: false,
        },
      ],
    };
    const quoted: string[] = [];
    api.on("POST", "/api/build-sessions/s-1/quote", (req, res) => {
      quoted.push(req.body);
      sendJson(res, 200, {
        proposalId: "p-2",
        sessionId: "s-1",
        quote: { priceUsd: 1200, etaMinutes: 45, risk: "medium" },
        spec: equipmentSpec,
        consentToken: "fresh-token",
        specSource: "parser",
      });
    });
    renderAt("/admin-dashboard");
    await screen.findByRole("log", { name: "Conversation with the assistant" });

    await waitFor(() =>
      expect(
        log()
          .getAllByTestId("action-chip")
          .map((chip) => chip.textContent),
      ).toEqual([
        "Created job #266 for Andrew Henderson",
        "Denied: Export customers: Not this month",
        "Exported 3 customers",
        "Requested a quote",
      ]),
    );
    expect(log().getByText("Undone")).toBeTruthy();
    expect(log().getAllByTestId("action-chip")[1]!.dataset.status).toBe("failed");
    expect(log().getByRole("link", { name: "Download" }).getAttribute("href")).toBe("/api/modules/runs/r-3/download");
    expect(screen.queryByRole("button", { name: "Undo" })).toBeNull();

    expect(log().getByText("Quoted $1,200.00, about 45 min")).toBeTruthy();
    fireEvent.click(log().getByRole("button", { name: "Reopen the quote" }));
    await waitFor(() => expect(quoted).toHaveLength(1));
    expect(JSON.parse(quoted[0]!)).toEqual({ spec: equipmentSpec });
  });

  it("opens as a panel from any screen with Ctrl+K, and a message carries the selected customer", async () => {
    user = member;
    renderAt("/customers/c-42");
    await screen.findByTestId("current-path");
    expect(screen.queryByRole("textbox", { name: MESSAGE_BOX_LABEL })).toBeNull();

    fireEvent.keyDown(window, { key: "k", ctrlKey: true });

    const box = await screen.findByRole("textbox", { name: MESSAGE_BOX_LABEL });
    await waitFor(() => expect(document.activeElement).toBe(box));
    await sendMessage("schedule them for next tuesday");
    expect(chatSends()[0]?.context).toEqual({ path: "/customers/c-42", customerId: "c-42" });

    fireEvent.keyDown(box, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("complementary", { name: "Assistant panel" })).toBeNull());
  });

  it("does not carry out the actions of a run another tab asked for", async () => {
    renderAt("/admin-dashboard");
    await sendMessage("hello");
    uiAction("someone-elses-request", "run-9", "tc-1", { id: "act-x", type: "navigate", target: "/jobs" });
    await waitFor(() => expect(log().getAllByTestId("action-chip")).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByTestId("current-path")).toBeNull();
  });

  it("shows the server's refusal of a message", async () => {
    renderAt("/admin-dashboard");
    const requestId = await sendMessage("hello");
    sockets.at(-1)!.send(
      JSON.stringify({
        type: "error",
        message: "Too many messages. Try again in a minute.",
        requestId,
      } satisfies ServerMessage),
    );
    expect(await log().findByText("Too many messages. Try again in a minute.")).toBeTruthy();
  });
});

describe("the assistant on a plan without it", { timeout: 30_000 }, () => {
  it("shows what the assistant does and Plan Upgrade Required, on the dashboard and in the panel, with no message box", async () => {
    api.on("GET", "/api/company", (_req, res) =>
      sendJson(res, 200, makeCompany({ planId: "growth", planName: "Growth" })),
    );
    renderAt("/admin-dashboard");

    const inline = within(await screen.findByRole("note", { name: "Plan Upgrade Required" }));
    expect(inline.getByText("This feature requires a plan upgrade")).toBeTruthy();
    expect(inline.getByText("AI chat requires the Pro plan or higher.")).toBeTruthy();
    expect(inline.getByRole("link", { name: "See the Pro plan" }).getAttribute("href")).toBe("/plans");
    const abilities = within(screen.getByRole("list", { name: "What the assistant does" }));
    expect(abilities.getAllByRole("listitem").map((item) => item.textContent)).toEqual([...ASSISTANT_ABILITIES]);

    fireEvent.keyDown(window, { key: "k", ctrlKey: true });
    const panel = within(await screen.findByRole("complementary", { name: "Assistant panel" }));
    expect(await panel.findByRole("note", { name: "Plan Upgrade Required" })).toBeTruthy();

    expect(screen.queryByRole("textbox", { name: MESSAGE_BOX_LABEL })).toBeNull();
    expect(api.requests.filter((request) => request.url.startsWith("/api/assistant/"))).toEqual([]);
  });

  it("follows the switches platform administrators set: a Growth company given AI chat has the chat", async () => {
    api.on("GET", "/api/company", (_req, res) =>
      sendJson(res, 200, makeCompany({ planId: "growth", planFeatures: [...PLANS.growth.features, "ai_chat"] })),
    );
    renderAt("/admin-dashboard");
    expect(await screen.findByRole("textbox", { name: MESSAGE_BOX_LABEL })).toBeTruthy();
    expect(screen.queryByRole("note", { name: "Plan Upgrade Required" })).toBeNull();
  });

  it("shows Plan Upgrade Required when the server refuses the assistant although the company looked allowed", async () => {
    const refusal = { message: "AI chat requires the Pro plan or higher.", requiredPlan: "pro" };
    api.on("GET", "/api/assistant/suggestions", (_req, res) => sendJson(res, 403, refusal));
    api.on("GET", "/api/assistant/conversations", (_req, res) => sendJson(res, 403, refusal));
    renderAt("/admin-dashboard");
    expect(await screen.findByRole("note", { name: "Plan Upgrade Required" })).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: MESSAGE_BOX_LABEL })).toBeNull();
  });
});
