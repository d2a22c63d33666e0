import { describe, expect, it } from "vitest";
import { aguiEventSchema, type AguiEvent } from "@fieldops/shared/chat";
import { AssistantRun, TEXT_DELTA_CHARS, TEXT_DELTA_MS } from "./assistant-run.ts";

function recordedRun() {
  const emitted: AguiEvent[] = [];
  const run = new AssistantRun("conversation-1", async (events) => {
    emitted.push(...events);
  });
  return { run, emitted };
}

describe("AssistantRun", () => {
  it("streams a long reply in a few deltas that add up to it, framed by start and end", async () => {
    const { run, emitted } = recordedRun();
    const reply = Array.from({ length: 60 }, (_, index) => `word${index}`).join(" ");
    await run.say(reply);
    await run.flush();
    expect(emitted[0]).toMatchObject({ type: "TEXT_MESSAGE_START", role: "assistant" });
    expect(emitted.at(-1)).toMatchObject({ type: "TEXT_MESSAGE_END" });
    const deltas = emitted.flatMap((event) => (event.type === "TEXT_MESSAGE_CONTENT" ? [event.delta] : []));
    expect(deltas.join("")).toBe(reply);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.length).toBeLessThan(reply.split(" ").length / 5);
    for (const delta of deltas.slice(0, -1)) expect(delta.length).toBeGreaterThanOrEqual(TEXT_DELTA_CHARS);
    expect(run.storedText()).toBe(reply);
  });

  it("sends the text written so far when the model pauses, without waiting for its next piece", async () => {
    const { run, emitted } = recordedRun();
    await run.appendText("Good ");
    await run.appendText("morning");
    await new Promise((resolve) => setTimeout(resolve, TEXT_DELTA_MS * 3));
    await run.flush();
    const deltas = () => emitted.flatMap((event) => (event.type === "TEXT_MESSAGE_CONTENT" ? [event.delta] : []));
    expect(deltas()).toEqual(["Good morning"]);
    await run.appendText("!");
    await run.finish();
    expect(deltas()).toEqual(["Good morning", "!"]);
    expect(run.storedText()).toBe("Good morning!");
  });

  it("sends a UI action as a ui_action tool call whose arguments are the action, after the text ends", async () => {
    const { run, emitted } = recordedRun();
    await run.appendText("Opening jobs.");
    await run.uiAction({ id: "a1", type: "navigate", target: "/jobs" });
    await run.flush();
    expect(emitted.map((event) => event.type)).toEqual([
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "TOOL_CALL_START",
      "TOOL_CALL_ARGS",
      "TOOL_CALL_END",
    ]);
    expect(emitted[3]).toMatchObject({ toolCallName: "ui_action" });
    expect(emitted[4]).toMatchObject({ delta: JSON.stringify({ id: "a1", type: "navigate", target: "/jobs" }) });
    for (const event of emitted) expect(aguiEventSchema.safeParse(event).success).toBe(true);
  });

  it("refuses an action outside the shared contract and sends nothing of it", async () => {
    const { run, emitted } = recordedRun();
    await expect(run.uiAction({ id: "", type: "navigate", target: "/jobs" })).rejects.toThrow();
    await expect(run.uiAction({ id: "a2", type: "navigate", target: "x".repeat(501) })).rejects.toThrow();
    await run.flush();
    expect(emitted).toEqual([]);
  });

  it("keeps the tool calls of parallel requests apart", async () => {
    const { run, emitted } = recordedRun();
    await Promise.all([
      run.uiAction({ id: "a1", type: "navigate", target: "/jobs" }),
      run.readResult("findCustomers", { query: "acme" }, { kind: "customers", items: [] }),
    ]);
    await run.flush();
    const ids = emitted.map((event) => ("toolCallId" in event ? event.toolCallId : null));
    expect(ids[0]).toBe(ids[2]);
    expect(ids[3]).toBe(ids[6]);
    expect(ids[0]).not.toBe(ids[3]);
  });

  it("sends a plan's events in one batch, in order, and reports a failed delivery when flushed", async () => {
    const batches: AguiEvent[][] = [];
    const run = new AssistantRun("conversation-1", async (events) => {
      batches.push(events);
    });
    await run.start({ kind: "offline_planner" });
    await run.say("Opening your jobs.");
    await run.uiAction({ id: "a1", type: "navigate", target: "/jobs" });
    await run.flush();
    expect(batches).toHaveLength(1);
    expect(batches[0]!.map((event) => event.type)).toEqual([
      "RUN_STARTED",
      "CUSTOM",
      "TEXT_MESSAGE_START",
      "TEXT_MESSAGE_CONTENT",
      "TEXT_MESSAGE_END",
      "TOOL_CALL_START",
      "TOOL_CALL_ARGS",
      "TOOL_CALL_END",
    ]);

    const failing = new AssistantRun("conversation-1", async () => {
      throw new Error("Redis is down");
    });
    await failing.start({ kind: "offline_planner" });
    await expect(failing.finish()).rejects.toThrow("Redis is down");
  });
});
