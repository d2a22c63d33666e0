import "fake-indexeddb/auto";
import { afterEach, describe, expect, it } from "vitest";
import type { FieldVisit, VisitFile } from "@fieldops/shared/field-app";
import type { Visit } from "@fieldops/shared/jobs";
import { ApiError } from "../../lib/api";
import { clearDevice } from "../../lib/device-store";
import type { FieldAction, FieldActionResult } from "./field-actions";
import {
  conflictMessage,
  dismissConflict,
  drainFieldOutbox,
  queueFieldAction,
  userConflicts,
  waitingActions,
  waitingFile,
} from "./field-outbox";

const TECH = "user-tech";
const OTHER = "user-other";
let keys = 0;
const at = "2026-11-28T09:00:00.000Z";

const tick = (visitId: string, itemId: string): FieldAction => ({
  kind: "checklist",
  key: `key-${++keys}`,
  visitId,
  at,
  itemId,
  done: true,
});
const note = (visitId: string, body: string): FieldAction => ({
  kind: "note",
  key: `key-${++keys}`,
  visitId,
  at,
  body,
});
const move = (visitId: string, to: "in_progress" | "completed", version: number): FieldAction => ({
  kind: "transition",
  key: `key-${++keys}`,
  visitId,
  at,
  to,
  version,
});

const photo = (visitId: string): FieldAction => ({
  kind: "photo",
  key: `key-${++keys}`,
  visitId,
  at,
  contentType: "image/jpeg",
  size: 3,
});
const signature = (visitId: string, signerName: string): FieldAction => ({
  kind: "signature",
  key: `key-${++keys}`,
  visitId,
  at,
  contentType: "image/png",
  size: 3,
  signerName,
});
const image = () => new Blob([new Uint8Array([0xff, 0xd8, 0xff])]);

async function queue(userId: string, ...actions: FieldAction[]) {
  for (const action of actions) {
    const file = action.kind === "photo" || action.kind === "signature" ? image() : undefined;
    await queueFieldAction({ userId, action, visitTitle: `Visit ${action.visitId}`, what: action.kind }, file);
  }
}

/**
 * A server standing in for the API: it applies a tick or a note once per key, a transition only with the visit's
 * current version (then moves it on), and answers as scripted for the visits and keys it is told to.
 */
function fakeServer() {
  const applied: string[] = [];
  const seenKeys = new Set<string>();
  const versions = new Map<string, number>();
  const failures = new Map<string, unknown>();
  /** Visits the office took off the crew: a note, photo or signature is applied and answered with where it went. */
  const movedAway = new Map<string, string | null>();
  const send = async (action: FieldAction): Promise<FieldActionResult> => {
    const failure = failures.get(action.visitId) ?? failures.get(action.key);
    if (failure) throw failure;
    if (movedAway.has(action.visitId) && action.kind !== "checklist" && action.kind !== "transition") {
      applied.push(`${action.visitId}:${action.kind}`);
      return { kind: "moved-away", movedAway: { crewName: movedAway.get(action.visitId)! } };
    }
    if (action.kind === "transition") {
      const version = versions.get(action.visitId) ?? 1;
      if (action.version !== version) throw new ApiError(409, "Conflict", JSON.stringify({ message: "Stale" }));
      versions.set(action.visitId, version + 1);
      applied.push(`${action.visitId}:${action.to}`);
      return { kind: "visit", visit: { id: action.visitId, version: version + 1 } as Visit };
    }
    if (!seenKeys.has(action.key)) applied.push(`${action.visitId}:${action.kind}`);
    seenKeys.add(action.key);
    if (action.kind === "photo" || action.kind === "signature") {
      return { kind: "file", file: { id: `file-${action.key}`, visitId: action.visitId } as VisitFile };
    }
    return { kind: "field-visit", visit: { id: action.visitId } as FieldVisit };
  };
  return { send, applied, versions, failures, movedAway };
}

afterEach(async () => {
  await clearDevice();
});

describe("sending the field app's waiting actions", () => {
  it("sends them in the order they were taken, each once, and empties the queue", async () => {
    const server = fakeServer();
    await queue(TECH, tick("v1", "i1"), note("v1", "Gate was open"), move("v1", "in_progress", 1));
    await queue(TECH, move("v1", "completed", 2), note("v2", "Dog in the yard"));
    const shown: string[] = [];
    const outcome = await drainFieldOutbox(TECH, server.send, (action) => shown.push(action.key));
    expect(outcome).toBe("done");
    expect(server.applied).toEqual(["v1:checklist", "v1:note", "v1:in_progress", "v1:completed", "v2:note"]);
    expect(shown).toHaveLength(5);
    expect(await waitingActions(TECH)).toEqual([]);
    expect(await drainFieldOutbox(TECH, server.send, () => {})).toBe("done");
    expect(server.applied).toHaveLength(5);
  });

  it("stops at the first action that cannot reach the server, and goes on from it when it can", async () => {
    const server = fakeServer();
    await queue(TECH, note("v1", "First"), note("v2", "Second"), note("v1", "Third"));
    server.failures.set("v2", new TypeError("Failed to fetch"));
    expect(await drainFieldOutbox(TECH, server.send, () => {})).toBe("offline");
    expect(server.applied).toEqual(["v1:note"]);
    expect((await waitingActions(TECH)).map((entry) => entry.action.visitId)).toEqual(["v2", "v1"]);

    server.failures.clear();
    expect(await drainFieldOutbox(TECH, server.send, () => {})).toBe("done");
    expect(server.applied).toEqual(["v1:note", "v2:note", "v1:note"]);
  });

  it("keeps what a failing server or an ended session did not take, counting the tries", async () => {
    const server = fakeServer();
    await queue(TECH, note("v1", "Kept"));
    server.failures.set("v1", new ApiError(503, "Service Unavailable", ""));
    expect(await drainFieldOutbox(TECH, server.send, () => {})).toBe("retry");
    server.failures.set("v1", new ApiError(401, "Unauthorized", ""));
    expect(await drainFieldOutbox(TECH, server.send, () => {})).toBe("signed-out");
    const [entry] = await waitingActions(TECH);
    expect(entry).toMatchObject({ attempts: 1, lastError: "503: Service Unavailable" });
    expect(await userConflicts(TECH)).toEqual([]);
  });

  it("does not bring back an action the device let go of while it was being sent (a sign-out)", async () => {
    await queue(TECH, note("v1", "Sent as the user signed out"));
    const signOutThenFail = async (): Promise<FieldActionResult> => {
      await clearDevice();
      throw new ApiError(503, "Service Unavailable", "");
    };
    expect(await drainFieldOutbox(TECH, signOutThenFail, () => {})).toBe("retry");
    expect(await waitingActions(TECH)).toEqual([]);
  });

  it("turns a refused action into a conflict with the server's reason, skips the visit's later moves, and goes on", async () => {
    const server = fakeServer();
    // The office moved v1 meanwhile: its version is 2, the technician saw 1.
    server.versions.set("v1", 2);
    server.failures.set("v3", new ApiError(404, "Not Found", JSON.stringify({ message: "Visit not found" })));
    await queue(TECH, move("v1", "in_progress", 1), note("v1", "Started late"), move("v1", "completed", 2));
    await queue(TECH, note("v3", "Reassigned"), note("v2", "Still mine"));
    expect(await drainFieldOutbox(TECH, server.send, () => {})).toBe("done");
    expect(server.applied).toEqual(["v1:note", "v2:note"]);
    const conflicts = await userConflicts(TECH);
    expect(conflicts.map((conflict) => [conflict.visitId, conflict.reason])).toEqual([
      ["v1", "Stale"],
      ["v1", "Not sent: the change before it on this visit was not applied."],
      ["v3", "The visit is no longer on your crew's schedule: the office reassigned or removed it."],
    ]);
    expect(await waitingActions(TECH)).toEqual([]);
  });

  it("sends a completion with the version its start left on the server", async () => {
    const server = fakeServer();
    server.versions.set("v1", 4);
    // The technician saw version 4 and started; the completion queued after it named 5 locally: the server's 5.
    await queue(TECH, move("v1", "in_progress", 4), move("v1", "completed", 5));
    server.versions.set("v1", 4);
    expect(await drainFieldOutbox(TECH, server.send, () => {})).toBe("done");
    expect(server.applied).toEqual(["v1:in_progress", "v1:completed"]);
  });

  it("sends only the signed-in user's actions", async () => {
    const server = fakeServer();
    await queue(OTHER, note("v9", "Someone else's"));
    await queue(TECH, note("v1", "Mine"));
    expect(await drainFieldOutbox(TECH, server.send, () => {})).toBe("done");
    expect(server.applied).toEqual(["v1:note"]);
    expect(await waitingActions(OTHER)).toHaveLength(1);
  });

  it("sends photos and a signature in their turn, each once, and takes their images off the device once stored", async () => {
    const server = fakeServer();
    const first = photo("v1");
    const second = photo("v1");
    const signed = signature("v1", "Dana Customer");
    await queue(TECH, note("v1", "Before"), first, second, signed);
    expect(await waitingFile(first.key)).toBeInstanceOf(Blob);
    server.failures.set(second.key, new TypeError("Failed to fetch"));
    expect(await drainFieldOutbox(TECH, server.send, () => {})).toBe("offline");
    expect(await waitingFile(first.key)).toBeUndefined();
    expect(await waitingFile(second.key)).toBeInstanceOf(Blob);

    server.failures.clear();
    expect(await drainFieldOutbox(TECH, server.send, () => {})).toBe("done");
    expect(server.applied).toEqual(["v1:note", "v1:photo", "v1:photo", "v1:signature"]);
    for (const action of [second, signed]) expect(await waitingFile(action.key)).toBeUndefined();
    expect(await waitingActions(TECH)).toEqual([]);
  });

  it("keeps a refused photo's image on the device until its conflict is dismissed", async () => {
    const server = fakeServer();
    const refused = photo("v3");
    server.failures.set("v3", new ApiError(403, "Forbidden", JSON.stringify({ message: "Not your crew" })));
    await queue(TECH, refused);
    expect(await drainFieldOutbox(TECH, server.send, () => {})).toBe("done");
    const [conflict] = await userConflicts(TECH);
    expect(conflict).toMatchObject({ visitId: "v3", fileKey: refused.key });
    expect(await waitingFile(refused.key)).toBeInstanceOf(Blob);
    await dismissConflict(conflict!.id!);
    expect(await waitingFile(refused.key)).toBeUndefined();
  });

  it("takes a note and a photo the server added to a visit moved to another crew off the device, with a notice", async () => {
    const server = fakeServer();
    server.movedAway.set("v4", "Crew B");
    server.movedAway.set("v5", null);
    const taken = photo("v4");
    await queue(TECH, note("v4", "Before the move"), taken, note("v5", "Crew deleted"), note("v1", "Still mine"));
    expect(await drainFieldOutbox(TECH, server.send, () => {})).toBe("done");
    expect(server.applied).toEqual(["v4:note", "v4:photo", "v5:note", "v1:note"]);
    expect(await waitingActions(TECH)).toEqual([]);
    expect(await waitingFile(taken.key)).toBeUndefined();
    const conflicts = await userConflicts(TECH);
    expect(conflicts.map((conflict) => [conflict.visitId, conflict.kept, conflict.reason, conflict.fileKey])).toEqual([
      ["v4", true, "the office moved this visit to Crew B.", undefined],
      ["v4", true, "the office moved this visit to Crew B.", undefined],
      ["v5", true, "the office took this visit off your crew's schedule.", undefined],
    ]);
  });
});

describe("a conflict's message", () => {
  it("says what was not applied and why, or what reached the job although the visit moved, in the company's words", () => {
    const refused = { what: 'Ticking "Rake"', reason: "The visit is no longer on your crew's schedule." };
    expect(conflictMessage(refused, "Job")).toBe(
      'Ticking "Rake" was not applied. The visit is no longer on your crew\'s schedule.',
    );
    const kept = { what: 'The note "Gate open"', reason: "the office moved this visit to Crew B.", kept: true };
    expect(conflictMessage(kept, "Service Call")).toBe(
      'The note "Gate open" was added to the service call, but the office moved this visit to Crew B.',
    );
  });
});
