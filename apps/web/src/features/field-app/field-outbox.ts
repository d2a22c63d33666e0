import type { DBSchema } from "idb";
import type { FieldVisitMovedAway } from "@fieldops/shared/field-app";
import { ApiError } from "../../lib/api";
import { deviceDatabaseOpener, notifyDeviceChanged } from "../../lib/device-database";
import { isConnectionError } from "../../lib/device-store";
import type { FieldAction, FieldActionResult, FieldFileAction } from "./field-actions";

const hasFile = (action: FieldAction): action is FieldFileAction =>
  action.kind === "photo" || action.kind === "signature";

/** An action taken on the device, kept until the server has applied it (or refused it: then it is a conflict). */
export interface QueuedFieldAction {
  seq?: number;
  /** Who took it: only that user's session sends it. */
  userId: string;
  action: FieldAction;
  /** The visit's title and the action in words, for the list of what is waiting and for a conflict. */
  visitTitle: string;
  what: string;
  attempts: number;
  lastError: string | null;
}

/**
 * An action the server refused when it was sent, or (kept) applied to the job although the office had taken the visit
 * off the crew meanwhile: shown to the technician until they dismiss it, never dropped.
 */
export interface FieldConflict {
  id?: number;
  userId: string;
  visitId: string;
  visitTitle: string;
  what: string;
  reason: string;
  at: string;
  /** A refused photo's or signature's image stays on the device (under this key) until the conflict is dismissed. */
  fileKey?: string;
  /** The note, photo or signature reached the job all the same; `reason` says where the visit went. */
  kept?: boolean;
}

/** A photo's or a signature's image, kept on the device under its action's key until the server has stored it. */
interface FieldFile {
  key: string;
  blob: Blob;
}

interface FieldSchema extends DBSchema {
  outbox: { key: number; value: QueuedFieldAction; indexes: { "[userId+seq]": [string, number] } };
  conflicts: { key: number; value: FieldConflict; indexes: { userId: string } };
  files: { key: string; value: FieldFile };
}

/** The outbox, the conflicts and the images waiting to be sent. */
export const fieldDatabase = deviceDatabaseOpener<FieldSchema>("field", 30, (db) => {
  if (!db.objectStoreNames.contains("outbox")) {
    db.createObjectStore("outbox", { keyPath: "seq", autoIncrement: true }).createIndex("[userId+seq]", [
      "userId",
      "seq",
    ]);
  }
  if (!db.objectStoreNames.contains("conflicts")) {
    db.createObjectStore("conflicts", { keyPath: "id", autoIncrement: true }).createIndex("userId", "userId");
  }
  if (!db.objectStoreNames.contains("files")) db.createObjectStore("files", { keyPath: "key" });
});

/** The user's waiting actions, oldest first: the order they are sent in. */
export async function waitingActions(userId: string): Promise<QueuedFieldAction[]> {
  const range = IDBKeyRange.bound([userId, -Infinity], [userId, Infinity]);
  return (await fieldDatabase()).getAllFromIndex("outbox", "[userId+seq]", range);
}

/** The user's conflicts, oldest first (an index lists equal keys in the order of their ids). */
export async function userConflicts(userId: string): Promise<FieldConflict[]> {
  return (await fieldDatabase()).getAllFromIndex("conflicts", "userId", userId);
}

export async function dismissConflict(id: number): Promise<void> {
  const tx = (await fieldDatabase()).transaction(["conflicts", "files"], "readwrite");
  const conflict = await tx.objectStore("conflicts").get(id);
  if (conflict?.fileKey) await tx.objectStore("files").delete(conflict.fileKey);
  await tx.objectStore("conflicts").delete(id);
  await tx.done;
  notifyDeviceChanged();
}

/**
 * Keeps an action on the device, with its image for a photo or a signature (both or neither); it is sent (now, or
 * when the connection returns) by {@link drainFieldOutbox}.
 */
export async function queueFieldAction(entry: Omit<QueuedFieldAction, "seq" | "attempts" | "lastError">, file?: Blob) {
  const tx = (await fieldDatabase()).transaction(["outbox", "files"], "readwrite");
  await Promise.all([
    file ? tx.objectStore("files").put({ key: entry.action.key, blob: file }) : undefined,
    tx.objectStore("outbox").add({ ...entry, attempts: 0, lastError: null }),
    tx.done,
  ]);
  notifyDeviceChanged();
}

/** The image of a waiting photo or signature, by its action's key (undefined once sent). */
export async function waitingFile(key: string): Promise<Blob | undefined> {
  return (await (await fieldDatabase()).get("files", key))?.blob;
}

/** Takes an action off the queue, and its image off the device. */
async function dequeue(entry: QueuedFieldAction): Promise<void> {
  const tx = (await fieldDatabase()).transaction(["outbox", "files"], "readwrite");
  await Promise.all([
    tx.objectStore("outbox").delete(entry.seq!),
    tx.objectStore("files").delete(entry.action.key),
    tx.done,
  ]);
  notifyDeviceChanged();
}

/**
 * Counts a failed attempt on a waiting action, with what went wrong (shown in the list of what waits). An action no
 * longer on the device (the user signed out while it was being sent) is not written back.
 */
async function recordAttempt(entry: QueuedFieldAction, error: unknown): Promise<void> {
  const lastError = error instanceof Error ? error.message : String(error);
  const tx = (await fieldDatabase()).transaction("outbox", "readwrite");
  const stored = await tx.store.get(entry.seq!);
  if (stored) await tx.store.put({ ...stored, attempts: stored.attempts + 1, lastError });
  await tx.done;
  notifyDeviceChanged();
}

/**
 * How a drain ended: everything sent; the server out of reach (try when the connection returns); the server failing
 * (try again later); the session over (the user signs in again, then it is sent).
 */
export type DrainOutcome = "done" | "offline" | "retry" | "signed-out";

/** Why the server refused an action, in the technician's words. */
function refusalReason(error: ApiError): string {
  if (error.status === 403 || error.status === 404) {
    return "The visit is no longer on your crew's schedule: the office reassigned or removed it.";
  }
  return error.body?.message ?? error.message;
}

/** Where the office put a visit it took off the technician's crew, in their words. */
export function movedAwayReason({ crewName }: FieldVisitMovedAway): string {
  return crewName
    ? `the office moved this visit to ${crewName}.`
    : "the office took this visit off your crew's schedule.";
}

/** A conflict's sentence: what was not applied and why, or what reached the job although the visit went elsewhere. */
export function conflictMessage(conflict: Pick<FieldConflict, "what" | "reason" | "kept">, jobTerm: string): string {
  return conflict.kept
    ? `${conflict.what} was added to the ${jobTerm.toLowerCase()}, but ${conflict.reason}`
    : `${conflict.what} was not applied. ${conflict.reason}`;
}

/**
 * Sends the user's waiting actions in the order they were taken, each once: the server applies an action once per
 * key (or per version), so one sent again after a lost answer changes nothing more. An action the server refuses
 * becomes a conflict the technician sees (with what the server said), and a start or completion after a refused one
 * of the same visit is not sent (it was decided on what the refused one would have done). A note, photo or signature
 * the server took on a visit no longer the crew's leaves the device too, with a notice of where the visit went. Stops
 * at the first action that cannot reach the server, keeping it and those after it for the next drain.
 */
export async function drainFieldOutbox(
  userId: string,
  send: (action: FieldAction) => Promise<FieldActionResult>,
  applied: (action: FieldAction, result: FieldActionResult) => void,
): Promise<DrainOutcome> {
  const versions = new Map<string, number>();
  const refusedTransitions = new Set<string>();
  for (const entry of await waitingActions(userId)) {
    let action = entry.action;
    if (action.kind === "transition") {
      if (refusedTransitions.has(action.visitId)) {
        await recordConflict(entry, "Not sent: the change before it on this visit was not applied.");
        continue;
      }
      action = { ...action, version: versions.get(action.visitId) ?? action.version };
    }
    try {
      const result = await send(action);
      if (result.kind === "moved-away") await recordConflict(entry, movedAwayReason(result.movedAway), true);
      else await dequeue(entry);
      if (result.kind === "visit") versions.set(action.visitId, result.visit.version);
      applied(action, result);
    } catch (error) {
      if (isConnectionError(error)) return "offline";
      if (error instanceof ApiError && error.status === 401) return "signed-out";
      if (error instanceof ApiError && error.status < 500 && error.status !== 408 && error.status !== 429) {
        if (action.kind === "transition") refusedTransitions.add(action.visitId);
        await recordConflict(entry, refusalReason(error));
        continue;
      }
      await recordAttempt(entry, error);
      return "retry";
    }
  }
  return "done";
}

/** Takes an action off the queue as a conflict; a kept one (applied to the job) takes its image off the device. */
async function recordConflict(entry: QueuedFieldAction, reason: string, kept = false): Promise<void> {
  const tx = (await fieldDatabase()).transaction(["outbox", "conflicts", "files"], "readwrite");
  await Promise.all([
    tx.objectStore("conflicts").add({
      userId: entry.userId,
      visitId: entry.action.visitId,
      visitTitle: entry.visitTitle,
      what: entry.what,
      reason,
      at: new Date().toISOString(),
      ...(kept ? { kept } : hasFile(entry.action) ? { fileKey: entry.action.key } : {}),
    }),
    tx.objectStore("outbox").delete(entry.seq!),
    kept ? tx.objectStore("files").delete(entry.action.key) : undefined,
    tx.done,
  ]);
  notifyDeviceChanged();
}
