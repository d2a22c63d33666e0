import type { UiAction } from "@fieldops/shared/ui-actions";

/** Toasts of the app: one visible at a time, the next shown when it is dismissed or times out. */
export const TOAST_LIMIT = 1;
export const TOAST_DEFAULT_DURATION_MS = 5000;
/** How long a dismissed toast stays (closed, for its exit animation) before it is removed. */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";

export type ToastVariant = NonNullable<NonNullable<UiAction["params"]>["variant"]>;

export interface Toast {
  id: string;
  title: string;
  description?: string;
  variant: ToastVariant;
  /** False once dismissed, until it is removed. */
  open: boolean;
}
