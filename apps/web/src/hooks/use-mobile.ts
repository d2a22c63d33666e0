import { useSyncExternalStore } from "react";

/** Under 768 px wide the app is in its mobile layout. */
export const MOBILE_BREAKPOINT_PX = 768;
const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia?.(query);
  media?.addEventListener("change", onChange);
  window.addEventListener("resize", onChange);
  return () => {
    media?.removeEventListener("change", onChange);
    window.removeEventListener("resize", onChange);
  };
}

function isMobileNow(): boolean {
  return window.innerWidth < MOBILE_BREAKPOINT_PX;
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}
