import { createContext, useCallback, useContext, useEffect, useState } from "react";
import { useQuery, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { fieldAppEndpoints, type FieldVisit, type FieldVisitsResponse } from "@fieldops/shared/field-app";
import { useDeviceQuery } from "../../hooks/use-device-query";
import { readDeviceCopy, readThroughDevice } from "../../lib/device-store";
import { callEndpoint, endpointKey, useEndpointMutation } from "../../lib/endpoints";
import {
  applyLocally,
  describeFieldAction,
  sendFieldAction,
  withFile,
  withTransition,
  type FieldAction,
  type FieldActionResult,
} from "./field-actions";
import { fieldThreadsKey, fieldVisitsKey } from "./field-app-live-events";
import {
  queueFieldAction,
  userConflicts,
  waitingActions,
  type FieldConflict,
  type QueuedFieldAction,
} from "./field-outbox";
import { FieldSync } from "./field-sync";

const fieldVisitKey = (id: string) => endpointKey(fieldAppEndpoints.visit, { params: { id } });
/** Where the device keeps its copy of the days (each visit's is under its id). */
const VISITS_COPY = "field:visits";

/** The user's actions still waiting to be sent, oldest first (empty until read). */
export function useWaitingActions(userId: string): QueuedFieldAction[] {
  return useDeviceQuery(`waiting:${userId}`, () => waitingActions(userId)) ?? NONE;
}
const NONE: QueuedFieldAction[] = [];
const NO_CONFLICTS: FieldConflict[] = [];

/** The actions the server refused, until the technician dismisses them. */
export function useFieldConflicts(userId: string) {
  return useDeviceQuery(`conflicts:${userId}`, () => userConflicts(userId)) ?? NO_CONFLICTS;
}

/** What the server last said, with what the technician did since on top (until the server has applied it). */
function withWaiting(visit: FieldVisit, waiting: readonly QueuedFieldAction[]): FieldVisit {
  return waiting.reduce((shown, entry) => applyLocally(shown, entry.action), visit);
}

/**
 * The crew's visits of today and the next two days: from the server, kept on the device, and from the device
 * without a connection; with the technician's waiting actions shown as done.
 */
export function useFieldVisits(userId: string) {
  const waiting = useWaitingActions(userId);
  const select = useCallback(
    (days: FieldVisitsResponse): FieldVisitsResponse => ({
      ...days,
      visits: days.visits.map((visit) => withWaiting(visit, waiting)),
    }),
    [waiting],
  );
  return useQuery({
    queryKey: fieldVisitsKey,
    queryFn: () => readThroughDevice(VISITS_COPY, () => callEndpoint(fieldAppEndpoints.visits)),
    networkMode: "offlineFirst",
    select,
  });
}

/** One visit, first shown from the days already read; without a connection, from the device's copy of the days. */
export function useFieldVisit(userId: string, id: string) {
  const queryClient = useQueryClient();
  const waiting = useWaitingActions(userId);
  const select = useCallback((visit: FieldVisit) => withWaiting(visit, waiting), [waiting]);
  return useQuery({
    queryKey: fieldVisitKey(id),
    queryFn: () =>
      readThroughDevice(
        `field:visit:${id}`,
        () => callEndpoint(fieldAppEndpoints.visit, { params: { id } }),
        async () => (await readDeviceCopy<FieldVisitsResponse>(VISITS_COPY))?.visits.find((visit) => visit.id === id),
      ),
    networkMode: "offlineFirst",
    placeholderData: () =>
      queryClient.getQueryData<FieldVisitsResponse>(fieldVisitsKey)?.visits.find((visit) => visit.id === id),
    select,
  });
}

/** The conversations the office shares with the user's crews, with the user's unread count (the tab's badge). */
export function useFieldThreads(enabled = true) {
  return useQuery({
    queryKey: fieldThreadsKey,
    queryFn: () => readThroughDevice("field:threads", () => callEndpoint(fieldAppEndpoints.threads)),
    networkMode: "offlineFirst",
    enabled,
  });
}

/** The server's answer to an applied action, written into what the field app shows. */
function showApplied(queryClient: QueryClient, action: FieldAction, result: FieldActionResult): void {
  const update = (visit: FieldVisit): FieldVisit => {
    switch (result.kind) {
      case "field-visit":
        return visit.id === result.visit.id ? result.visit : visit;
      case "visit":
        return withTransition(visit, result.visit);
      case "file":
        return withFile(visit, result.file);
      case "moved-away":
        return visit;
    }
  };
  queryClient.setQueryData<FieldVisit>(fieldVisitKey(action.visitId), (visit) => (visit ? update(visit) : visit));
  queryClient.setQueryData<FieldVisitsResponse>(fieldVisitsKey, (days) =>
    days ? { ...days, visits: days.visits.map(update) } : days,
  );
}

const FieldSyncContext = createContext<FieldSync | null>(null);
export const FieldSyncProvider = FieldSyncContext.Provider;

/**
 * The sync of the signed-in user's waiting actions, running while the field app is open: started with the app,
 * stopped when it closes or another user signs in. Once a drain has applied actions, the days are read again.
 */
export function useFieldSync(userId: string): FieldSync | null {
  const queryClient = useQueryClient();
  const [sync, setSync] = useState<FieldSync | null>(null);
  useEffect(() => {
    const started = new FieldSync(userId, sendFieldAction, (action, result) => {
      showApplied(queryClient, action, result);
      void queryClient.invalidateQueries({ queryKey: fieldVisitsKey });
    });
    started.start();
    setSync(started);
    return () => {
      started.stop();
      setSync(null);
    };
  }, [userId, queryClient]);
  return sync;
}

/** A new action's key: made once, when the technician acts, and kept with the action until it is applied. */
const newActionKey = () => crypto.randomUUID();

type ActionInput =
  | Omit<Extract<FieldAction, { kind: "checklist" }>, "key" | "at">
  | Omit<Extract<FieldAction, { kind: "note" }>, "key" | "at">
  | Omit<Extract<FieldAction, { kind: "photo" }>, "key" | "at">
  | Omit<Extract<FieldAction, { kind: "signature" }>, "key" | "at">
  | Omit<Extract<FieldAction, { kind: "transition" }>, "key" | "at">;

/**
 * Takes an action on a visit: kept on the device first (so it is never lost, with or without a connection), with
 * its image for a photo or a signature, shown at once, then sent by the sync. Resolves once it is kept.
 */
export function useFieldAct(userId: string) {
  const sync = useContext(FieldSyncContext);
  return useCallback(
    async (input: ActionInput, visit: FieldVisit, file?: Blob) => {
      const action = { ...input, key: newActionKey(), at: new Date().toISOString() } as FieldAction;
      const label =
        action.kind === "checklist" ? visit.checklist.find((item) => item.id === action.itemId)?.label : undefined;
      await queueFieldAction(
        { userId, action, visitTitle: visit.jobTitle, what: describeFieldAction(action, label) },
        file,
      );
      sync?.kick();
    },
    [userId, sync],
  );
}

/** Opening a conversation reads it: the user's unread count of it, and the badge, drop. */
export function useMarkFieldThreadRead() {
  return useEndpointMutation(fieldAppEndpoints.markThreadRead, { invalidates: [fieldThreadsKey] });
}
