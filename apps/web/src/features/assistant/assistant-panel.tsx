import { useEffect, useRef, type ReactNode } from "react";
import { MessageSquare, X } from "lucide-react";
import type { User } from "@fieldops/shared/auth";
import { Button } from "../../components/ui/button";
import { lazyPage } from "../../shell/lazy-page";
import { AssistantProvider, useAssistant, useOptionalAssistant } from "./assistant-provider";

const isMac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform);
/** The chat (markdown and all) is fetched when it is first opened, not with every screen. */
export const LazyAssistantChat = lazyPage(() => import("./assistant-chat"), "AssistantChat");

export const ASSISTANT_SHORTCUT_LABEL = isMac ? "⌘K" : "Ctrl+K";

/** The header's button that opens the chat from any screen (also Ctrl/⌘+K). */
export function AssistantButton() {
  const assistant = useOptionalAssistant();
  if (!assistant) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-keyshortcuts="Control+K Meta+K"
      aria-expanded={assistant.panelOpen}
      onClick={() => (assistant.panelOpen ? assistant.setPanelOpen(false) : assistant.openChat())}
    >
      <MessageSquare aria-hidden="true" /> Assistant{" "}
      <kbd aria-hidden="true" className="hidden text-xs sm:inline">
        {ASSISTANT_SHORTCUT_LABEL}
      </kbd>
    </Button>
  );
}

/** The chat as a side panel over any screen; the page stays usable beside it, Escape closes it. */
function AssistantPanel() {
  const { panelOpen, setPanelOpen } = useAssistant();
  const opener = useRef<Element | null>(null);
  useEffect(() => {
    if (panelOpen) opener.current = document.activeElement;
    else if (opener.current instanceof HTMLElement) opener.current.focus();
  }, [panelOpen]);
  if (!panelOpen) return null;
  return (
    <aside
      aria-label="Assistant panel"
      className="fixed inset-y-0 right-0 z-40 flex w-full flex-col border-l bg-background p-4 pt-12 shadow-lg sm:w-[26rem]"
      onKeyDown={(event) => {
        if (event.key === "Escape") setPanelOpen(false);
      }}
    >
      <Button
        variant="ghost"
        size="icon"
        className="absolute top-3 right-3"
        aria-label="Close the assistant"
        onClick={() => setPanelOpen(false)}
      >
        <X aria-hidden="true" />
      </Button>
      <LazyAssistantChat variant="panel" className="h-full" autoFocus />
    </aside>
  );
}

/** Around every signed-in screen: the assistant for a user of a company (a platform administrator has none). */
export function AssistantFrame({ user, children }: { user: User; children: ReactNode }) {
  if (user.companyId === null) return <>{children}</>;
  return (
    <AssistantProvider user={user}>
      {children}
      <AssistantPanel />
    </AssistantProvider>
  );
}
