import { useMutation, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { fieldAppEndpoints, type FieldVisit, type FieldVisitsResponse } from "@fieldops/shared/field-app";
import { visitEndpoints } from "@fieldops/shared/jobs";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../lib/endpoints";
import { refetchOnLiveEvents } from "../../lib/live-event-registry";

/** Every read of the field app's visits (the days and each visit) sits under this key. */
const fieldVisitsKey = endpointKey(fieldAppEndpoints.visits);
const fieldVisitKey = (id: string) => endpointKey(fieldAppEndpoints.visit, { params: { id } });

/** The crew's visits of today and the next two days. */
export function useFieldVisits() {
  return useEndpointQuery(fieldAppEndpoints.visits, {});
}

/** One visit, first shown from the days already read. */
export function useFieldVisit(id: string) {
  const queryClient = useQueryClient();
  return useEndpointQuery(
    fieldAppEndpoints.visit,
    { params: { id } },
    {
      placeholderData: () =>
        queryClient.getQueryData<{ visits: FieldVisit[] }>(fieldVisitsKey)?.visits.find((visit) => visit.id === id),
    },
  );
}

/** The conversations of the crew's customers, with the unread count of the tab's badge. */
export function useFieldThreads(enabled = true) {
  return useEndpointQuery(fieldAppEndpoints.threads, {}, { enabled });
}

/**
 * What a technician does on a visit. Each action carries the key it was given when the technician acted, so that
 * sending it again (a retry, and later the offline queue replaying it) applies it once: ticks and notes by their
 * Idempotency-Key, starting and completing by the visit's version (a second send is refused, the visit having moved).
 */
type FieldAction =
  | { kind: "checklist"; key: string; visitId: string; itemId: string; done: boolean }
  | { kind: "note"; key: string; visitId: string; body: string }
  | { kind: "transition"; key: string; visitId: string; to: "in_progress" | "completed"; version: number };

/** A new action's key: made once, when the technician acts, and kept with the action until it is applied. */
export const newActionKey = () => crypto.randomUUID();

/**
 * Sends one action to the server: the one way the field app changes anything (the offline queue is to replay its
 * actions through it, in order).
 */
async function sendFieldAction(action: FieldAction): Promise<void> {
  const headers = { "idempotency-key": action.key };
  switch (action.kind) {
    case "checklist":
      await callEndpoint(fieldAppEndpoints.setChecklistItem, {
        params: { id: action.visitId, itemId: action.itemId },
        headers,
        body: { done: action.done },
      });
      return;
    case "note":
      await callEndpoint(fieldAppEndpoints.addNote, {
        params: { id: action.visitId },
        headers,
        body: { body: action.body },
      });
      return;
    case "transition":
      await callEndpoint(visitEndpoints.transition, {
        params: { id: action.visitId },
        body: { to: action.to, version: action.version },
      });
  }
}

async function refetchVisits(queryClient: QueryClient, visitId: string) {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: fieldVisitKey(visitId) }),
    queryClient.invalidateQueries({ queryKey: fieldVisitsKey, exact: true }),
  ]);
}

/** The visit as the technician sees it right after acting: a tick shows at once, before the server answers. */
function applyLocally(visit: FieldVisit, action: FieldAction): FieldVisit {
  if (action.kind !== "checklist" || visit.id !== action.visitId) return visit;
  return {
    ...visit,
    checklist: visit.checklist.map((item) => (item.id === action.itemId ? { ...item, done: action.done } : item)),
  };
}

/**
 * Takes an action on a visit, shown at once where it can be; whatever the answer, the visit is read again (a refused
 * one may have changed, and the server's answer replaces what was shown).
 */
export function useFieldAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFieldAction,
    onMutate: async (action) => {
      await queryClient.cancelQueries({ queryKey: fieldVisitsKey });
      queryClient.setQueryData<FieldVisit>(fieldVisitKey(action.visitId), (visit) =>
        visit ? applyLocally(visit, action) : visit,
      );
      queryClient.setQueryData<FieldVisitsResponse>(fieldVisitsKey, (days) =>
        days ? { ...days, visits: days.visits.map((visit) => applyLocally(visit, action)) } : days,
      );
    },
    onSettled: (_result, _error, action) => refetchVisits(queryClient, action.visitId),
  });
}

/** Visits moved, started or changed by the office (a tick, a note) are read again. */
export const fieldAppLiveEvents = refetchOnLiveEvents(["visits.changed", "jobs.changed"], {
  queryKey: fieldVisitsKey,
});
