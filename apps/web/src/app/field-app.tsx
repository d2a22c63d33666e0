import { Navigate } from "react-router";
import { homePathForRole } from "@fieldops/shared/roles";
import { LiveEventReactionsProvider } from "../lib/live-event-registry";
import { useUser } from "../lib/session";
import { ServiceWorkerUpdates } from "../lib/service-worker";
import { FieldAppLayout } from "../features/field-app/field-app-layout";
import { FieldDaysPage } from "../features/field-app/field-days-page";
import { FieldHomePage } from "../features/field-app/field-home-page";
import { FieldMessagesPage } from "../features/field-app/field-messages-page";
import { FieldMorePage } from "../features/field-app/field-more-page";
import { FieldVisitPage } from "../features/field-app/field-visit-page";
import { LIVE_EVENT_REACTIONS } from "./live-event-reactions";

// The field app (/app): one chunk with its pages, so the service worker's precache holds it whole.

/**
 * The field app's frame with the features' live-event reactions and the service worker's update check. Someone who
 * belongs to no company (a platform administrator) has no crew: they go to their own home instead.
 */
export function FieldAppFrame() {
  const user = useUser();
  if (user.data && user.data.companyId === null) return <Navigate to={homePathForRole(user.data.role)} replace />;
  return (
    <LiveEventReactionsProvider reactions={LIVE_EVENT_REACTIONS}>
      <FieldAppLayout>
        <ServiceWorkerUpdates />
      </FieldAppLayout>
    </LiveEventReactionsProvider>
  );
}

export const FieldAppHome = FieldHomePage;
export const FieldAppJobs = () => <FieldDaysPage view="jobs" />;
export const FieldAppSchedule = () => <FieldDaysPage view="schedule" />;
export const FieldAppVisit = FieldVisitPage;
export const FieldAppMore = FieldMorePage;
export const FieldAppMessages = FieldMessagesPage;
