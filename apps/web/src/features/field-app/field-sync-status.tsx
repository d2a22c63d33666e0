import { CloudOff, RefreshCw } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useWaitingActions } from "./field-app-data";
import { useFieldSyncState, type FieldSync } from "./field-sync";

function subscribeToConnection(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** Whether the browser believes it has a connection (it may be wrong the other way: a signal that reaches nothing). */
function useOnline(): boolean {
  return useSyncExternalStore(subscribeToConnection, () => navigator.onLine);
}

const changes = (count: number) => (count === 1 ? "1 change" : `${count} changes`);

/**
 * The line above the page that says where the technician's work stands: offline (kept on this phone), how many
 * changes wait to be sent, what holds them. Nothing when everything is sent and the phone is online.
 */
export function FieldSyncStatus({ userId, sync }: { userId: string; sync: FieldSync | null }) {
  const online = useOnline();
  const waiting = useWaitingActions(userId);
  const { sending, problem } = useFieldSyncState(sync);
  let text: string | null = null;
  if (!online) {
    text =
      waiting.length > 0
        ? `Offline: ${changes(waiting.length)} kept on this phone, sent when you are back online.`
        : "Offline: your day is on this phone; what you do is kept and sent when you are back online.";
  } else if (waiting.length > 0) {
    text = problem
      ? `${changes(waiting.length)} waiting to sync. ${problem}`
      : `${sending ? "Syncing" : "Waiting to sync:"} ${changes(waiting.length)}…`;
  }
  return (
    // Always in the page, also with nothing to say (taking no room then), so that what it says is announced.
    <div role="status" aria-label="Sync" className="empty:-mb-4">
      {text ? (
        <p className="flex items-center gap-2 rounded-lg border bg-card px-3 py-2 text-sm">
          {online ? (
            <RefreshCw className="size-4 shrink-0" aria-hidden="true" />
          ) : (
            <CloudOff className="size-4 shrink-0" aria-hidden="true" />
          )}
          {text}
        </p>
      ) : null}
    </div>
  );
}
