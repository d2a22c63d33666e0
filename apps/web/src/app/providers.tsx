import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Toaster } from "../components/ui/toaster";
import { TooltipProvider } from "../components/ui/tooltip";
import { LiveEventReactionsProvider } from "../lib/live-event-registry";
import { ThemeProvider } from "../lib/theme";
import { LIVE_EVENT_REACTIONS } from "./live-event-reactions";

/** Everything a screen of the app relies on: data, live-event reactions, theme, tooltips and toasts. The router is the caller's. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LiveEventReactionsProvider reactions={LIVE_EVENT_REACTIONS}>
        <ThemeProvider>
          <TooltipProvider>
            {children}
            <Toaster />
          </TooltipProvider>
        </ThemeProvider>
      </LiveEventReactionsProvider>
    </QueryClientProvider>
  );
}
