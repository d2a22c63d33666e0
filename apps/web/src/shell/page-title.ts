import { useEffect } from "react";

export const APP_NAME = "FieldOps";
/** The logo links to the industries page. */
export const LOGO_PATH = "/industries";

/** Names the browser tab after the page. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
