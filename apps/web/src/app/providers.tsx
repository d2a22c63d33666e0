import type { QueryClient } from "@tanstack/react-query";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, type ReactNode } from "react";
import { useToast } from "../hooks/use-toast";
import { SessionEndNotice } from "../lib/session";
import { ThemeProvider } from "../lib/theme";

const Toaster = lazy(() => import("../components/ui/toaster").then(({ Toaster }) => ({ default: Toaster })));

/** The toasts' region, loaded with the first toast: a page that shows none (signing in) downloads none of it. */
function ToastOutlet() {
  const { toasts } = useToast();
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * Everything a screen of the app relies on: data (and noticing a session that ended elsewhere), theme and toasts. The router is the caller's; tooltips and the
 * features' live-event reactions are the signed-in layout's (shell/app-layout.tsx, app/signed-in-layout.tsx).
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {children}
        <SessionEndNotice />
        <ToastOutlet />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
