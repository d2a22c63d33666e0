import { Navigate } from "react-router";
import { homePathForRole } from "@fieldops/shared/roles";
import { LiveEventReactionsProvider } from "../lib/live-event-registry";
import { useUser } from "../lib/session";
import { ServiceWorkerUpdates } from "../lib/service-worker";
import { fieldAppLiveEvents } from "../features/field-app/field-app-live-events";
import { FieldAppLayout } from "../features/field-app/field-app-layout";
import { FieldDaysPage } from "../features/field-app/field-days-page";
import { FieldHomePage } from "../features/field-app/field-home-page";
import { messagesLiveEvents } from "../features/messages/messages-queries";

// The field app (/app): its frame and its day's pages; a visit, the messages and More are chunks of their own.

/**
 * What the field app reads again on a live event: its visits and shared threads, and the inbox's unread count for its
 * badge. Only these, not every feature's reactions (app/live-event-reactions.ts): those would bring the office's
 * screens' code into a technician's first load.
 */
const FIELD_APP_LIVE_EVENT_REACTIONS = [...fieldAppLiveEvents, ...messagesLiveEvents];

/**
 * The field app's frame with its live-event reactions and the service worker's update check. Someone who
 * belongs to no company (a platform administrator) has no crew: they go to their own home instead.
 */
export function FieldAppFrame() {
  const user = useUser();
  if (user.data && user.data.companyId === null) return <Navigate to={homePathForRole(user.data.role)} replace />;
  return (
    <LiveEventReactionsProvider reactions={FIELD_APP_LIVE_EVENT_REACTIONS}>
      <FieldAppLayout>
        <ServiceWorkerUpdates />
      </FieldAppLayout>
    </LiveEventReactionsProvider>
  );
}

export const FieldAppHome = FieldHomePage;
export const FieldAppJobs = () => <FieldDaysPage view="jobs" />;
export const FieldAppSchedule = () => <FieldDaysPage view="schedule" />;
