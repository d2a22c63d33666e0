import {
  fieldAppEndpoints,
  type FIELD_FILE_TYPES,
  type FieldVisit,
  type FieldVisitMovedAway,
  type VisitFile,
} from "@fieldops/shared/field-app";
import { visitEndpoints, type Visit } from "@fieldops/shared/jobs";
import { VISIT_STATUS_LABELS } from "@fieldops/shared/visit-lifecycle";
import { callEndpoint } from "../../lib/endpoints";
import { uploadFieldFile } from "./field-upload";

/**
 * What a technician does on a visit. Each action carries the key it was given when the technician acted and the
 * moment they did, so that sending it again (the offline queue replaying it after an answer was lost) applies it once,
 * at its time: each by its Idempotency-Key; starting and completing, besides, only from the visit's version the
 * technician saw (the office may have changed the visit meanwhile).
 */
export type FieldAction =
  | { kind: "checklist"; key: string; visitId: string; at: string; itemId: string; done: boolean }
  | { kind: "note"; key: string; visitId: string; at: string; body: string }
  | {
      kind: "photo";
      key: string;
      visitId: string;
      at: string;
      contentType: (typeof FIELD_FILE_TYPES)[number];
      size: number;
    }
  | {
      kind: "signature";
      key: string;
      visitId: string;
      at: string;
      contentType: (typeof FIELD_FILE_TYPES)[number];
      size: number;
      signerName: string;
    }
  | {
      kind: "transition";
      key: string;
      visitId: string;
      at: string;
      to: "in_progress" | "completed";
      /** The version the technician saw; replayed after an earlier transition of the queue, the version it left. */
      version: number;
    };

/** A photo or a signature: an action whose image is kept on the device (under its key) until the server stores it. */
export type FieldFileAction = Extract<FieldAction, { kind: "photo" | "signature" }>;

/**
 * What the server answers an applied action with: the visit as the field app reads it, (a transition) the visit,
 * (a photo, a signature) the stored file, or (a note, a photo, a signature on a visit the office took off the crew
 * since) where the visit went: applied to the job all the same.
 */
export type FieldActionResult =
  | { kind: "field-visit"; visit: FieldVisit }
  | { kind: "visit"; visit: Visit }
  | { kind: "file"; file: VisitFile }
  | { kind: "moved-away"; movedAway: FieldVisitMovedAway };

/** Sends one action to the server: the one way the field app changes anything. */
export async function sendFieldAction(action: FieldAction): Promise<FieldActionResult> {
  const headers = { "idempotency-key": action.key };
  switch (action.kind) {
    case "checklist":
      return {
        kind: "field-visit",
        visit: await callEndpoint(fieldAppEndpoints.setChecklistItem, {
          params: { id: action.visitId, itemId: action.itemId },
          headers,
          body: { done: action.done },
        }),
      };
    case "note": {
      const { visit, movedAway } = await callEndpoint(fieldAppEndpoints.addNote, {
        params: { id: action.visitId },
        headers,
        body: { body: action.body },
      });
      return visit
        ? { kind: "field-visit", visit }
        : { kind: "moved-away", movedAway: movedAway ?? { crewName: null } };
    }
    case "photo":
    case "signature": {
      const { file, movedAway } = await uploadFieldFile(action);
      return movedAway ? { kind: "moved-away", movedAway } : { kind: "file", file };
    }
    case "transition":
      return {
        kind: "visit",
        visit: await callEndpoint(visitEndpoints.transition, {
          params: { id: action.visitId },
          headers,
          body: { to: action.to, version: action.version, occurredAt: action.at },
        }),
      };
  }
}

/** A note's, a photo's or a signature's id until the server has it: the action's key. */
const PENDING_PREFIX = "pending:";
const pendingId = (key: string) => `${PENDING_PREFIX}${key}`;
/** A note, photo or signature taken on the device that the server does not have yet. */
export const isPending = (id: string) => id.startsWith(PENDING_PREFIX);
/** The key of a waiting photo or signature, under which the device keeps its image. */
export const pendingKey = (id: string) => id.slice(PENDING_PREFIX.length);

/** The visit as the technician sees it once the action is taken, before (or without) the server's answer. */
export function applyLocally(visit: FieldVisit, action: FieldAction): FieldVisit {
  if (visit.id !== action.visitId) return visit;
  switch (action.kind) {
    case "checklist":
      return {
        ...visit,
        checklist: visit.checklist.map((item) => (item.id === action.itemId ? { ...item, done: action.done } : item)),
      };
    case "note":
      return {
        ...visit,
        notes: [
          ...visit.notes,
          { id: pendingId(action.key), body: action.body, authorName: null, createdAt: action.at },
        ],
      };
    case "photo":
    case "signature":
      return {
        ...visit,
        files: [
          ...visit.files,
          {
            id: pendingId(action.key),
            visitId: action.visitId,
            kind: action.kind,
            contentType: action.contentType,
            byteSize: action.size,
            takenAt: action.at,
            takenByName: null,
            signerName: action.kind === "signature" ? action.signerName : null,
            url: "",
          },
        ],
      };
    case "transition":
      return {
        ...visit,
        status: action.to,
        version: visit.version + 1,
        startedAt: action.to === "in_progress" ? action.at : visit.startedAt,
        completedAt: action.to === "completed" ? action.at : visit.completedAt,
      };
  }
}

/** A stored photo's or signature's answer, written into the visit the field app shows (once). */
export function withFile(visit: FieldVisit, file: VisitFile): FieldVisit {
  if (visit.id !== file.visitId || visit.files.some((shown) => shown.id === file.id)) return visit;
  return { ...visit, files: [...visit.files, file] };
}

/** A transition's answer, written into the visit the field app shows. */
export function withTransition(visit: FieldVisit, changed: Visit): FieldVisit {
  if (visit.id !== changed.id) return visit;
  const { status, version, startedAt, completedAt, scheduledStart, scheduledEnd, crewName } = changed;
  return { ...visit, status, version, startedAt, completedAt, scheduledStart, scheduledEnd, crewName };
}

/** The action in the technician's words, for what is waiting and what could not be applied. */
export function describeFieldAction(action: FieldAction, checklistLabel?: string): string {
  switch (action.kind) {
    case "checklist":
      return `${action.done ? "Ticking" : "Unticking"} "${checklistLabel ?? "a checklist item"}"`;
    case "note":
      return `The note "${action.body.length > 60 ? `${action.body.slice(0, 57)}…` : action.body}"`;
    case "photo":
      return "A photo";
    case "signature":
      return `${action.signerName}'s signature`;
    case "transition":
      return `Marking it ${VISIT_STATUS_LABELS[action.to].toLowerCase()}`;
  }
}
