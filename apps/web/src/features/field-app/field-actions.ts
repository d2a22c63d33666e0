import { fieldAppEndpoints, type FieldVisit } from "@fieldops/shared/field-app";
import { visitEndpoints, type Visit } from "@fieldops/shared/jobs";
import { VISIT_STATUS_LABELS } from "@fieldops/shared/visit-lifecycle";
import { callEndpoint } from "../../lib/endpoints";

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
      kind: "transition";
      key: string;
      visitId: string;
      at: string;
      to: "in_progress" | "completed";
      /** The version the technician saw; replayed after an earlier transition of the queue, the version it left. */
      version: number;
    };

/** What the server answers an applied action with: the visit as the field app reads it, or (a transition) the visit. */
export type FieldActionResult = { kind: "field-visit"; visit: FieldVisit } | { kind: "visit"; visit: Visit };

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
    case "note":
      return {
        kind: "field-visit",
        visit: await callEndpoint(fieldAppEndpoints.addNote, {
          params: { id: action.visitId },
          headers,
          body: { body: action.body },
        }),
      };
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

/** A note's id until the server has it: the action's key. */
const PENDING_NOTE_PREFIX = "pending:";
const pendingNoteId = (key: string) => `${PENDING_NOTE_PREFIX}${key}`;
/** A note written on the device that the server does not have yet. */
export const isPendingNote = (id: string) => id.startsWith(PENDING_NOTE_PREFIX);

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
          { id: pendingNoteId(action.key), body: action.body, authorName: null, createdAt: action.at },
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
    case "transition":
      return `Marking it ${VISIT_STATUS_LABELS[action.to].toLowerCase()}`;
  }
}
