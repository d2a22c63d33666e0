import { useSyncExternalStore } from "react";
import type { OpenModalTarget } from "@fieldops/shared/ui-actions";

/**
 * Which of the app's named modals is open. The assistant's `openModal` actions and the app's own buttons open them
 * through here; `app/` renders the one host that shows the open modal, so any screen can ask for any modal.
 */
let open: OpenModalTarget | null = null;
const listeners = new Set<() => void>();

function set(next: OpenModalTarget | null) {
  open = next;
  for (const listener of listeners) listener();
}

export const openAppModal = (target: OpenModalTarget) => set(target);
export const closeAppModal = () => set(null);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The modal that is open now, or null. */
export function useOpenAppModal(): OpenModalTarget | null {
  return useSyncExternalStore(subscribe, () => open);
}
