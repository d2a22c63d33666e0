import { NAVIGATE_TARGETS, OPEN_MODAL_TARGETS, type ModuleExecutionResult } from "@fieldops/shared/ui-actions";
import { afterEach, describe, expect, it, vi, type Mock } from "vitest";
import { waitFor } from "xstate";
import {
  TOAST_DEFAULT_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
} from "./toasts.ts";
import type { ModuleRunUpdate } from "@fieldops/shared/modules";
import { runChip, runUpdateResult, type UiActionEffects } from "./ui-action-effects.ts";
import {
  ACTION_RECORDS_LIMIT,
  createUiActionsActor,
  dismissToast,
  selectActionRecord,
  selectVisibleToast,
  sendUiAction,
  restoreModuleRuns,
  selectActionRun,
  updateModuleRun,
  type UiActionRecord,
  type UiActionsActor,
} from "./ui-actions.machine.ts";

const ALLOWED_ORIGINS = ["https://quickbooks.example", "https://connect.stripe.example"];

interface Harness {
  actor: UiActionsActor;
  effects: { [K in keyof UiActionEffects]: Mock<UiActionEffects[K]> };
  /** Every effect call in order, as `name:argument`. */
  calls: string[];
}

function start(
  overrides: Partial<UiActionEffects> = {},
  options: { seenIdsLimit?: number; navigateLabels?: Record<string, string> } = {},
): Harness {
  const calls: string[] = [];
  const record =
    (name: string) =>
    (argument: unknown): undefined => {
      calls.push(`${name}:${typeof argument === "string" ? argument : JSON.stringify(argument)}`);
    };
  const effects: Harness["effects"] = {
    navigate: vi.fn(overrides.navigate ?? record("navigate")),
    openModal: vi.fn(overrides.openModal ?? record("openModal")),
    startOAuth: vi.fn(overrides.startOAuth ?? record("startOAuth")),
    executeModule: vi.fn(overrides.executeModule ?? (async () => ({ success: true }))),
    requestModuleApproval: vi.fn(overrides.requestModuleApproval ?? record("requestModuleApproval")),
    openBuildModal: vi.fn(overrides.openBuildModal ?? record("openBuildModal")),
    requestQuote: vi.fn(overrides.requestQuote ?? record("requestQuote")),
    warn: vi.fn<UiActionEffects["warn"]>(),
  };
  const actor = createUiActionsActor(effects, { allowedOAuthOrigins: ALLOWED_ORIGINS, ...options }).start();
  return { actor, effects, calls };
}

const SETTLED = new Set(["done", "refused", "failed"]);

async function settled(actor: UiActionsActor, id: string): Promise<UiActionRecord> {
  const snapshot = await waitFor(actor, (s) => SETTLED.has(selectActionRecord(s, id)?.status ?? ""));
  return selectActionRecord(snapshot, id)!;
}

async function run(harness: Harness, action: Record<string, unknown>): Promise<UiActionRecord> {
  sendUiAction(harness.actor, action);
  return settled(harness.actor, String(action.id));
}

afterEach(() => {
  vi.useRealTimers();
});

describe("openModal", () => {
  it.each(OPEN_MODAL_TARGETS)("opens the allowed modal %s", async (target) => {
    const harness = start();
    const record = await run(harness, { id: "a1", type: "openModal", target });
    expect(harness.effects.openModal).toHaveBeenCalledExactlyOnceWith(target);
    expect(record.status).toBe("done");
    expect(record.chip).toMatch(/^Opened /);
    expect(harness.effects.warn).not.toHaveBeenCalled();
  });

  it("says which modal it opened", async () => {
    const harness = start();
    expect((await run(harness, { id: "a1", type: "openModal", target: "integrations.quickbooks" })).chip).toBe(
      "Opened QuickBooks",
    );
  });

  it.each(["admin.users", "integrations", "integrations.quickbooks.evil", ""])(
    "blocks the modal %j with a warning",
    async (target) => {
      const harness = start();
      const record = await run(harness, { id: "a1", type: "openModal", target });
      expect(harness.effects.openModal).not.toHaveBeenCalled();
      expect(record.status).toBe("refused");
      expect(record.chip).toBe(`Blocked: modal ${JSON.stringify(target)} is not allowed`);
      expect(harness.effects.warn).toHaveBeenCalledOnce();
    },
  );
});

describe("navigate", () => {
  it.each(NAVIGATE_TARGETS)("goes to the allowed page %s", async (target) => {
    const harness = start();
    const record = await run(harness, { id: "n1", type: "navigate", target });
    expect(harness.effects.navigate).toHaveBeenCalledExactlyOnceWith(target);
    expect(record.status).toBe("done");
  });

  it("says which page it opened, in the company's words", async () => {
    expect((await run(start(), { id: "n1", type: "navigate", target: "/jobs" })).chip).toBe("Opened Jobs");
    const plumbing = start({}, { navigateLabels: { "/jobs": "Service Calls" } });
    expect((await run(plumbing, { id: "n1", type: "navigate", target: "/jobs" })).chip).toBe("Opened Service Calls");
  });

  it.each([
    "https://evil.example/jobs",
    "//evil.example",
    "/jobs/../admin",
    "/admin",
    "/jobs?tab=1",
    "javascript:alert(1)",
    "jobs",
  ])("blocks %j with a warning", async (target) => {
    const harness = start();
    const record = await run(harness, { id: "n1", type: "navigate", target });
    expect(harness.effects.navigate).not.toHaveBeenCalled();
    expect(record).toMatchObject({ status: "refused", chip: `Blocked: page ${JSON.stringify(target)} is not allowed` });
    expect(harness.effects.warn).toHaveBeenCalledOnce();
  });
});

describe("startOAuth", () => {
  it.each([
    ["https://quickbooks.example/oauth2/authorize?client_id=abc&state=xyz", "quickbooks.example"],
    ["https://connect.stripe.example/oauth/authorize", "connect.stripe.example"],
    ["https://quickbooks.example?client_id=abc", "quickbooks.example"],
  ])("starts sign-in at the allow-listed origin of %s", async (authUrl, host) => {
    const harness = start();
    const record = await run(harness, { id: "o1", type: "startOAuth", params: { authUrl } });
    expect(harness.effects.startOAuth).toHaveBeenCalledExactlyOnceWith(authUrl);
    expect(record).toMatchObject({ status: "done", chip: `Started sign-in at ${host}` });
  });

  it.each([
    "https://quickbooks.example.evil.com/oauth2/authorize",
    "https://quickbooks.example@evil.com/oauth2/authorize",
    "https://quickbooks.example:8443/oauth2/authorize",
    "http://quickbooks.example/oauth2/authorize",
    "javascript:alert(document.cookie)",
    " https://quickbooks.example/oauth2/authorize",
    "https://evil.com/?https://quickbooks.example",
  ])("blocks %j with a warning", async (authUrl) => {
    const harness = start();
    const record = await run(harness, { id: "o1", type: "startOAuth", params: { authUrl } });
    expect(harness.effects.startOAuth).not.toHaveBeenCalled();
    expect(record).toMatchObject({
      status: "refused",
      chip: `Blocked: sign-in at ${JSON.stringify(authUrl)} is not an allowed provider`,
    });
    expect(harness.effects.warn).toHaveBeenCalledOnce();
  });

  it("blocks an action without an authorization URL", async () => {
    const harness = start();
    const record = await run(harness, {
      id: "o1",
      type: "startOAuth",
      target: "https://quickbooks.example/oauth2/authorize",
    });
    expect(harness.effects.startOAuth).not.toHaveBeenCalled();
    expect(record.status).toBe("refused");
  });

  it("refuses an allow-list entry that is not a bare origin", () => {
    expect(() =>
      createUiActionsActor(start().effects, { allowedOAuthOrigins: ["https://quickbooks.example/oauth"] }),
    ).toThrow(/Not an origin/);
  });
});

describe("repeats and unknown actions", () => {
  it("ignores an action whose id was already received", async () => {
    const harness = start();
    await run(harness, { id: "same", type: "navigate", target: "/jobs" });
    sendUiAction(harness.actor, { id: "same", type: "navigate", target: "/crews" });
    await run(harness, { id: "after", type: "navigate", target: "/customers" });
    expect(harness.calls).toEqual(["navigate:/jobs", "navigate:/customers"]);
    expect(harness.actor.getSnapshot().context.records.map((r) => r.id)).toEqual(["same", "after"]);
  });

  it("remembers a bounded number of ids, forgetting the oldest", async () => {
    const harness = start({}, { seenIdsLimit: 2 });
    await run(harness, { id: "one", type: "navigate", target: "/jobs" });
    await run(harness, { id: "two", type: "navigate", target: "/crews" });
    await run(harness, { id: "three", type: "navigate", target: "/customers" });
    expect(harness.actor.getSnapshot().context.seenIds).toEqual(["two", "three"]);
    sendUiAction(harness.actor, { id: "two", type: "navigate", target: "/settings" });
    await run(harness, { id: "one", type: "navigate", target: "/dashboard" });
    expect(harness.calls).toEqual(["navigate:/jobs", "navigate:/crews", "navigate:/customers", "navigate:/dashboard"]);
  });

  it("keeps the most recent action records only", async () => {
    const harness = start();
    for (let i = 0; i <= ACTION_RECORDS_LIMIT; i += 1)
      sendUiAction(harness.actor, { id: `a${i}`, type: "navigate", target: "/jobs" });
    await settled(harness.actor, `a${ACTION_RECORDS_LIMIT}`);
    const ids = harness.actor.getSnapshot().context.records.map((r) => r.id);
    expect(ids).toHaveLength(ACTION_RECORDS_LIMIT);
    expect(ids[0]).toBe("a1");
    expect(harness.effects.navigate).toHaveBeenCalledTimes(ACTION_RECORDS_LIMIT + 1);
  });

  it("ignores an unknown type with a warning", async () => {
    const harness = start();
    const record = await run(harness, { id: "x1", type: "deleteAllJobs", target: "/jobs" });
    expect(record).toMatchObject({
      status: "refused",
      chip: 'Ignored: unknown action "deleteAllJobs"',
      steps: ["received", "refused"],
    });
    expect(harness.effects.warn).toHaveBeenCalledExactlyOnceWith('UI action ignored: unknown type "deleteAllJobs"');
    expect(
      Object.values(harness.effects).filter(
        (effect) => effect !== harness.effects.warn && effect.mock.calls.length > 0,
      ),
    ).toEqual([]);
  });

  it("refuses an action that does not match the contract", async () => {
    const harness = start();
    const record = await run(harness, { id: "m1", type: "navigate", target: 42 });
    expect(record).toMatchObject({ status: "refused", chip: "Blocked: malformed action" });
    expect(harness.effects.navigate).not.toHaveBeenCalled();
    expect(harness.effects.warn).toHaveBeenCalledOnce();
  });
});

describe("module outcomes", () => {
  const approval = {
    title: "Approval Required",
    description: "This action requires administrator approval",
    variant: "default",
  };
  const moduleError = { title: "Module Error", variant: "destructive" };
  const cases: [name: string, answer: ModuleExecutionResult, toast: object, status: string, chip: string][] = [
    [
      "success",
      { success: true, message: "Job created" },
      { title: "Module Executed", description: "Job created", variant: "default" },
      "done",
      "Job created",
    ],
    [
      "approval required",
      { success: false, requiresApproval: true },
      approval,
      "done",
      "Waiting for approval: Create a job",
    ],
    [
      "approval required with the server's reason",
      { success: false, requiresApproval: true, reason: "HIPAA mode needs an owner" },
      { ...approval, description: "HIPAA mode needs an owner" },
      "done",
      "Waiting for approval: Create a job",
    ],
    [
      "plan upgrade required",
      { success: false, planUpgradeRequired: true },
      { title: "Plan Upgrade Required", description: "This feature requires a plan upgrade" },
      "refused",
      "Blocked: Create a job needs a plan upgrade",
    ],
    [
      "an error with the server's message",
      { success: false, error: "Customer not found" },
      { ...moduleError, description: "Customer not found" },
      "failed",
      "Failed: Create a job: Customer not found",
    ],
    [
      "an error without a message",
      { success: false },
      { ...moduleError, description: "Failed to execute module" },
      "failed",
      "Failed: Create a job: Failed to execute module",
    ],
  ];

  it.each(cases)("%s shows its toast", async (_name, answer, toast, status, chip) => {
    const harness = start({ executeModule: async () => answer });
    const record = await run(harness, {
      id: "m1",
      type: "executeModule",
      moduleId: "create-job",
      moduleParams: { title: "Fix sink" },
    });
    expect(harness.effects.executeModule).toHaveBeenCalledExactlyOnceWith("create-job", { title: "Fix sink" }, "m1");
    expect(selectVisibleToast(harness.actor.getSnapshot())).toMatchObject({ ...toast, open: true });
    expect(record).toMatchObject({ status, chip });
  });

  it.each([
    ["a call that throws", async () => Promise.reject(new Error("503: Service Unavailable"))],
    ["an answer that is not a module result", async () => ({ ok: true }) as unknown as ModuleExecutionResult],
  ])("%s shows Execution Failed", async (_name, executeModule) => {
    const harness = start({ executeModule });
    const record = await run(harness, { id: "m1", type: "executeModule", moduleId: "create-job" });
    expect(selectVisibleToast(harness.actor.getSnapshot())).toMatchObject({
      title: "Execution Failed",
      description: "Failed to execute module. Please try again.",
      variant: "destructive",
    });
    expect(record).toMatchObject({ status: "failed", chip: "Failed: Create a job could not run" });
  });

  it("refuses to run without a module id", async () => {
    const harness = start();
    expect((await run(harness, { id: "m1", type: "executeModule" })).status).toBe("refused");
    expect(harness.effects.executeModule).not.toHaveBeenCalled();
  });

  it("asks for approval with the action's reason", async () => {
    const harness = start();
    const record = await run(harness, {
      id: "r1",
      type: "requestModuleApproval",
      moduleId: "enable-hipaa",
      moduleParams: { on: true },
      approvalReason: "Changes compliance settings",
    });
    expect(harness.effects.requestModuleApproval).toHaveBeenCalledExactlyOnceWith({
      actionId: "r1",
      moduleId: "enable-hipaa",
      params: { on: true },
      reason: "Changes compliance settings",
    });
    expect(selectVisibleToast(harness.actor.getSnapshot())).toMatchObject({
      title: "Approval Required",
      description: "Changes compliance settings",
    });
    expect(record.chip).toBe("Approval requested: enable-hipaa");
  });
});

/** A run's event as the server sends it: nothing to undo, download or open unless said. */
function runUpdate(update: Partial<ModuleRunUpdate> & Pick<ModuleRunUpdate, "runId" | "moduleId" | "status">) {
  return { undoUntil: null, undone: false, download: null, link: null, ...update };
}

/** An answer that stored a run, as POST /api/modules/execute gives it. */
const stored = (answer: ModuleExecutionResult & { runId: string; status: string }) => answer as ModuleExecutionResult;

describe("module runs that finish later", () => {
  it("updates the action's chip and shows the outcome's toast when the run finishes", async () => {
    const harness = start({
      executeModule: async () =>
        stored({ success: false, requiresApproval: true, runId: "run-1", status: "awaiting_approval" }),
    });
    const waiting = await run(harness, { id: "m1", type: "executeModule", moduleId: "enable-hipaa-mode" });
    expect(waiting.chip).toBe("Waiting for approval: Enable HIPAA mode");
    expect(selectActionRun(harness.actor.getSnapshot(), "m1")).toMatchObject({
      runId: "run-1",
      status: "awaiting_approval",
    });
    dismissToast(harness.actor);

    updateModuleRun(
      harness.actor,
      runUpdate({
        runId: "run-1",
        moduleId: "enable-hipaa-mode",
        status: "succeeded",
        success: true,
        message: "HIPAA mode is on",
      }),
    );

    const snapshot = harness.actor.getSnapshot();
    expect(selectActionRecord(snapshot, "m1")).toMatchObject({ status: "done", chip: "HIPAA mode is on" });
    expect(selectActionRun(snapshot, "m1")).toMatchObject({ status: "succeeded" });
    expect(selectVisibleToast(snapshot)).toMatchObject({ title: "Module Executed", description: "HIPAA mode is on" });
  });

  it("follows the run's undo deadline, file and link as its events carry them, and its undo", async () => {
    const harness = start({
      executeModule: async () =>
        stored({ success: true, message: "Optimize: started", runId: "run-2", status: "queued" }),
    });
    await run(harness, { id: "m2", type: "executeModule", moduleId: "optimize-day" });
    expect(selectActionRun(harness.actor.getSnapshot(), "m2")).toMatchObject({ status: "queued", link: null });
    const link = { href: "/schedule?date=2031-02-03&plan=p-1", label: "Proposal ready: open on the board" };
    const finished = runUpdate({
      runId: "run-2",
      moduleId: "optimize-day",
      status: "succeeded",
      success: true,
      message: "Optimizing",
      undoUntil: "2031-02-03T08:05:00.000Z",
      link,
    });
    updateModuleRun(harness.actor, finished);
    expect(selectActionRun(harness.actor.getSnapshot(), "m2")).toMatchObject({
      undoUntil: "2031-02-03T08:05:00.000Z",
      link,
    });
    dismissToast(harness.actor);

    updateModuleRun(harness.actor, { ...finished, undoUntil: null, undone: true });
    const snapshot = harness.actor.getSnapshot();
    expect(selectActionRun(snapshot, "m2")).toMatchObject({ undone: true, undoUntil: null });
    // Being undone is not a new outcome: no second "Module Executed".
    expect(selectVisibleToast(snapshot)).toBeNull();
    expect(selectActionRecord(snapshot, "m2")?.chip).toBe("Optimizing");
  });

  it("keeps the finished run's chip when the run's event arrives before the answer that started it", async () => {
    let answer: (result: ModuleExecutionResult) => void = () => {};
    const harness = start({ executeModule: () => new Promise<ModuleExecutionResult>((resolve) => (answer = resolve)) });
    sendUiAction(harness.actor, { id: "m1", type: "executeModule", moduleId: "create-job" });
    await waitFor(
      harness.actor,
      (snapshot) => harness.effects.executeModule.mock.calls.length === 1 && snapshot.context.current !== undefined,
    );

    updateModuleRun(
      harness.actor,
      runUpdate({ runId: "run-12", moduleId: "create-job", status: "succeeded", message: "Created job #12" }),
    );
    expect(selectActionRun(harness.actor.getSnapshot(), "m1")).toBeUndefined();
    answer(stored({ success: true, message: "Create a job: started", runId: "run-12", status: "queued" }));

    await waitFor(harness.actor, (snapshot) => snapshot.context.current === undefined);
    const snapshot = harness.actor.getSnapshot();
    expect(selectActionRecord(snapshot, "m1")).toMatchObject({ status: "done", chip: "Created job #12" });
    expect(selectActionRun(snapshot, "m1")).toMatchObject({ runId: "run-12", status: "succeeded" });
    expect(snapshot.context.earlyRunUpdates).toEqual([]);
  });

  it("does not repeat a toast when the run's event says what the answer already said", async () => {
    const harness = start({
      executeModule: async () => stored({ success: true, message: "Job created", runId: "run-3", status: "succeeded" }),
    });
    await run(harness, { id: "m1", type: "executeModule", moduleId: "create-job" });
    dismissToast(harness.actor);

    updateModuleRun(
      harness.actor,
      runUpdate({ runId: "run-3", moduleId: "create-job", status: "succeeded", message: "Job created" }),
    );

    expect(selectVisibleToast(harness.actor.getSnapshot())).toBeNull();
    expect(harness.actor.getSnapshot().context.toastQueue).toEqual([]);
  });

  it("waits for the run's event when the answer only accepted the run", async () => {
    const harness = start({
      executeModule: async () =>
        stored({ success: true, message: "Create a job: started", runId: "run-4", status: "queued" }),
    });
    const started = await run(harness, { id: "m1", type: "executeModule", moduleId: "create-job" });
    expect(started).toMatchObject({ status: "done", chip: "Started: Create a job" });
    expect(selectVisibleToast(harness.actor.getSnapshot())).toBeNull();

    updateModuleRun(
      harness.actor,
      runUpdate({ runId: "run-4", moduleId: "create-job", status: "succeeded", message: "Job #12 created" }),
    );

    expect(selectActionRecord(harness.actor.getSnapshot(), "m1")).toMatchObject({
      status: "done",
      chip: "Job #12 created",
    });
    expect(selectVisibleToast(harness.actor.getSnapshot())).toMatchObject({
      title: "Module Executed",
      description: "Job #12 created",
    });
  });

  it("says a denied run was denied, with the approver's reason", async () => {
    const harness = start({
      executeModule: async () =>
        stored({ success: false, requiresApproval: true, runId: "run-5", status: "awaiting_approval" }),
    });
    await run(harness, { id: "m1", type: "executeModule", moduleId: "export-customers" });
    dismissToast(harness.actor);

    updateModuleRun(
      harness.actor,
      runUpdate({ runId: "run-5", moduleId: "export-customers", status: "denied", error: "Denied: not this week" }),
    );

    const snapshot = harness.actor.getSnapshot();
    expect(selectActionRecord(snapshot, "m1")).toMatchObject({
      status: "failed",
      chip: "Denied: Export customers: not this week",
    });
    expect(selectVisibleToast(snapshot)).toMatchObject({ title: "Module Error", description: "Denied: not this week" });
  });

  it("shows the toast of a run no action of this session asked for", () => {
    const harness = start();
    updateModuleRun(
      harness.actor,
      runUpdate({ runId: "elsewhere", moduleId: "create-job", status: "failed", error: "Crew B is booked then" }),
    );
    expect(selectVisibleToast(harness.actor.getSnapshot())).toMatchObject({
      title: "Module Error",
      description: "Crew B is booked then",
      variant: "destructive",
    });
    expect(harness.actor.getSnapshot().context.runs).toEqual({});
  });

  it("follows a reloaded conversation's runs: a later decision updates them, with its toast", () => {
    const harness = start();
    const waiting = runUpdate({ runId: "run-6", moduleId: "export-customers", status: "awaiting_approval" });
    restoreModuleRuns(harness.actor, [{ actionId: "old-1", run: waiting }]);
    expect(selectActionRun(harness.actor.getSnapshot(), "old-1")).toEqual(waiting);
    expect(selectVisibleToast(harness.actor.getSnapshot())).toBeNull();

    const done = runUpdate({
      runId: "run-6",
      moduleId: "export-customers",
      status: "succeeded",
      message: "Exported 3 customers",
      download: "/api/modules/runs/run-6/download",
    });
    updateModuleRun(harness.actor, done);
    expect(selectActionRun(harness.actor.getSnapshot(), "old-1")).toEqual(done);
    expect(selectVisibleToast(harness.actor.getSnapshot())).toMatchObject({ description: "Exported 3 customers" });
  });
});

describe("a run's chip as it stands", () => {
  it("tells the requester why an approver denied their request, or who denied it when no words came", () => {
    const denied = runUpdate({ runId: "r1", moduleId: "export-customers", status: "denied", success: false });
    expect(runUpdateResult({ ...denied, error: "Denied: We don't export customer lists this month" })).toEqual({
      success: false,
      error: "Denied: We don't export customer lists this month",
    });
    expect(runUpdateResult(denied)).toEqual({ success: false, error: "Denied by an administrator" });
  });

  it.each([
    [{ status: "queued" }, "Started: Create a job"],
    [
      { status: "succeeded", message: "Created job #266 for Andrew Henderson" },
      "Created job #266 for Andrew Henderson",
    ],
    [{ status: "awaiting_approval" }, "Waiting for approval: Create a job"],
    [{ status: "denied", error: "Denied: too many jobs" }, "Denied: Create a job: too many jobs"],
    [
      { status: "expired", error: "The approval request expired" },
      "Failed: Create a job: The approval request expired",
    ],
  ] as const)("%o reads %s", (fields, chip) => {
    expect(runChip(runUpdate({ runId: "r", moduleId: "create-job", ...fields }))).toBe(chip);
  });
});

describe("build actions", () => {
  it("opens the build modal with the quote", async () => {
    const harness = start();
    const quote = { priceUsd: 120, etaMinutes: 45, risk: "low" };
    const record = await run(harness, {
      id: "b1",
      type: "openBuildModal",
      params: { proposalId: "p-1" },
      quote,
      spec: { featureName: "Loyalty" },
      consentToken: "consent",
      sessionId: "s-1",
    });
    expect(harness.effects.openBuildModal).toHaveBeenCalledExactlyOnceWith({
      proposalId: "p-1",
      quote,
      spec: { featureName: "Loyalty" },
      consentToken: "consent",
      sessionId: "s-1",
    });
    expect(record.chip).toBe("Opened the build quote");
  });

  it("requests a quote for the session, and says so when it fails", async () => {
    const harness = start({ requestQuote: async () => Promise.reject(new Error("500: boom")) });
    const record = await run(harness, {
      id: "q1",
      type: "request_quote",
      sessionId: "s-1",
      spec: { featureName: "Loyalty" },
    });
    expect(harness.effects.requestQuote).toHaveBeenCalledExactlyOnceWith({
      sessionId: "s-1",
      spec: { featureName: "Loyalty" },
    });
    expect(record).toMatchObject({ status: "failed", chip: "Failed: could not request a quote" });
    expect(selectVisibleToast(harness.actor.getSnapshot())).toMatchObject({
      title: "Quote Error",
      description: "Failed to generate quote. Please try again.",
      variant: "destructive",
    });
  });

  it("says the server's reason when it refuses to quote the request, not the generic failure", async () => {
    const reason = "Say what to keep track of, for example: track equipment at each customer: make, model.";
    const harness = start({ requestQuote: async () => ({ refused: reason }) });
    const record = await run(harness, {
      id: "q2",
      type: "request_quote",
      sessionId: "s-2",
      spec: { description: "hm" },
    });
    expect(record).toMatchObject({ status: "failed", chip: `Could not quote: ${reason}` });
    expect(selectVisibleToast(harness.actor.getSnapshot())).toMatchObject({
      title: "Quote Error",
      description: reason,
      variant: "destructive",
    });
  });
});

describe("toasts", () => {
  it("shows a toast with the default title Notification", async () => {
    const harness = start();
    const record = await run(harness, { id: "t1", type: "showToast", params: { message: "Saved" } });
    expect(selectVisibleToast(harness.actor.getSnapshot())).toMatchObject({
      title: "Notification",
      description: "Saved",
      variant: "default",
    });
    expect(record.chip).toBe("Notified: Notification");
    await run(harness, { id: "t2", type: "showToast", params: { title: "Careful", variant: "destructive" } });
    dismissToast(harness.actor);
    expect(selectVisibleToast(harness.actor.getSnapshot())).toMatchObject({ title: "Careful", variant: "destructive" });
  });

  it("shows one toast at a time: the next after a dismissal or the default duration", async () => {
    vi.useFakeTimers();
    const harness = start();
    for (const title of ["First", "Second", "Third"])
      await run(harness, { id: title, type: "showToast", params: { title } });
    const visible = () => selectVisibleToast(harness.actor.getSnapshot())?.title;
    expect(visible()).toBe("First");
    expect(harness.actor.getSnapshot().context.toastQueue.map((t) => t.title)).toEqual(["Second", "Third"]);

    vi.advanceTimersByTime(4999);
    expect(visible()).toBe("First");
    vi.advanceTimersByTime(1);
    expect(visible()).toBe("Second");
    expect(harness.actor.getSnapshot().context.closingToasts).toMatchObject([{ title: "First", open: false }]);

    dismissToast(harness.actor);
    expect(visible()).toBe("Third");
    vi.advanceTimersByTime(TOAST_DEFAULT_DURATION_MS);
    expect(visible()).toBeUndefined();

    // First and Second were dismissed at 5000 ms, Third at 10000 ms: each is removed that long after.
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - TOAST_DEFAULT_DURATION_MS - 1);
    expect(harness.actor.getSnapshot().context.closingToasts.map((t) => t.title)).toEqual(["First", "Second", "Third"]);
    vi.advanceTimersByTime(1);
    expect(harness.actor.getSnapshot().context.closingToasts.map((t) => t.title)).toEqual(["Third"]);
  });

  it("keeps the app's toast constants", () => {
    expect({
      TOAST_LIMIT,
      TOAST_DEFAULT_DURATION_MS,
      TOAST_REMOVE_DELAY_MS,
      TOAST_SWIPE_THRESHOLD_PX,
      TOAST_HOTKEY,
    }).toEqual({
      TOAST_LIMIT: 1,
      TOAST_DEFAULT_DURATION_MS: 5000,
      TOAST_REMOVE_DELAY_MS: 1_000_000,
      TOAST_SWIPE_THRESHOLD_PX: 50,
      TOAST_HOTKEY: "F8",
    });
  });

  it("dismissing a queued toast drops it without touching the visible one", async () => {
    const harness = start();
    for (const title of ["First", "Second"]) await run(harness, { id: title, type: "showToast", params: { title } });
    const second = harness.actor.getSnapshot().context.toastQueue[0]!;
    dismissToast(harness.actor, second.id);
    expect(selectVisibleToast(harness.actor.getSnapshot())?.title).toBe("First");
    expect(harness.actor.getSnapshot().context.toastQueue).toEqual([]);
  });
});

describe("order and lifecycle", () => {
  it("runs actions one at a time, in the order received", async () => {
    let finishModal = () => {};
    const harness = start({
      openModal: (target) =>
        new Promise<void>((resolve) => {
          harness.calls.push(`openModal:${target}`);
          finishModal = () => {
            harness.calls.push("openModal:finished");
            resolve();
          };
        }),
    });
    sendUiAction(harness.actor, { id: "1", type: "openModal", target: "settings.payments" });
    sendUiAction(harness.actor, { id: "2", type: "navigate", target: "/settings/payments" });
    await waitFor(harness.actor, (s) => selectActionRecord(s, "1")?.status === "executing");
    await Promise.resolve();
    expect(harness.calls).toEqual(["openModal:settings.payments"]);
    expect(selectActionRecord(harness.actor.getSnapshot(), "2")?.status).toBe("received");
    finishModal();
    await settled(harness.actor, "2");
    expect(harness.calls).toEqual(["openModal:settings.payments", "openModal:finished", "navigate:/settings/payments"]);
  });

  it("records each action's lifecycle and chip", async () => {
    const harness = start({
      navigate: () => {
        throw new Error("router gone");
      },
    });
    expect(await run(harness, { id: "ok", type: "openModal", target: "integrations.stripe" })).toMatchObject({
      type: "openModal",
      steps: ["received", "validated", "executing", "done"],
      chip: "Opened Stripe",
    });
    expect(await run(harness, { id: "no", type: "openModal", target: "admin" })).toMatchObject({
      steps: ["received", "refused"],
    });
    expect(await run(harness, { id: "boom", type: "navigate", target: "/jobs" })).toMatchObject({
      status: "failed",
      steps: ["received", "validated", "executing", "failed"],
      chip: "Failed: could not open Jobs",
    });
  });
});
