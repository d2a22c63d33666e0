import { lazy, Suspense } from "react";
import { useOpenAppModal } from "../lib/app-modals";

const OpenAppModal = lazy(() => import("./open-app-modal").then(({ OpenAppModal }) => ({ default: OpenAppModal })));

/**
 * The one host of the app's named modals, beside the signed-in layout so that any screen can open one. The modals
 * (integrations, payment and message settings, the builder's dialogs) load when the first one opens, not with the
 * dashboard.
 */
export function AppModalHost() {
  const target = useOpenAppModal();
  if (target === null) return null;
  return (
    <Suspense fallback={null}>
      <OpenAppModal target={target} />
    </Suspense>
  );
}
