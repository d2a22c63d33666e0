import { useEffect } from "react";

export const APP_NAME = "FieldOps";

/** Names the browser tab after the page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
