/// <reference types="vite-plugin-pwa/react" />
import { useEffect } from "react";
import { useRegisterSW } from "virtual:pwa-register/react";
import { APP_UPDATED_MESSAGE, SERVICE_WORKER_UPDATE_INTERVAL_MS } from "@fieldops/shared/field-app";
import { ToastAction } from "../components/ui/toast";
import { toast } from "../hooks/use-toast";

/**
 * Registers the field app's service worker (/service-worker.js, built by vite-plugin-pwa) and asks it for a new build
 * every hour; when one is waiting, the toast says so and Refresh activates it and reloads the page. Renders nothing.
 */
export function ServiceWorkerUpdates() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        // A phone without a connection has nothing to check against; the next hour will.
        if (navigator.onLine) void registration.update();
      }, SERVICE_WORKER_UPDATE_INTERVAL_MS);
    },
  });
  useEffect(() => {
    if (!needRefresh) return;
    toast({
      title: APP_UPDATED_MESSAGE,
      duration: Number.POSITIVE_INFINITY,
      action: (
        <ToastAction altText="Refresh" onClick={() => void updateServiceWorker(true)}>
          Refresh
        </ToastAction>
      ),
    });
  }, [needRefresh, updateServiceWorker]);
  return null;
}
