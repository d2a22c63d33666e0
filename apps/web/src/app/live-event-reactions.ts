import type { LiveEventReaction } from "../lib/live-event-registry";
import { activityLiveEvents } from "../features/dashboard/activity";
import { billingLiveEvents } from "../features/billing/billing-queries";
import { approvalsLiveEvents } from "../features/approvals/approval-queries";
import { crewsLiveEvents } from "../features/crews/crews-live-events";
import { customersLiveEvents } from "../features/customers/customers-live-events";
import { jobsLiveEvents } from "../features/jobs/jobs-live-events";
import { estimatesLiveEvents } from "../features/estimates/estimate-queries";
import { leadsLiveEvents } from "../features/leads/lead-queries";
import { routePlanLiveEvents } from "../features/schedule/optimize/route-plan-live-events";
import { userdashLiveEvents } from "../features/dashboard/userdash-queries";
import { scheduleLiveEvents } from "../features/schedule/schedule-live-events";
import { companyLiveEvents } from "../features/company/company-live-events";
import { supportLiveEvents } from "../features/support/support-queries";
import { integrationsLiveEvents } from "../features/integrations/integration-queries";

/** Every feature's reactions to live events; a new feature adds its own here. */
export const LIVE_EVENT_REACTIONS: readonly LiveEventReaction[] = [
  activityLiveEvents,
  routePlanLiveEvents,
  ...scheduleLiveEvents,
  ...jobsLiveEvents,
  ...estimatesLiveEvents,
  ...leadsLiveEvents,
  ...crewsLiveEvents,
  ...customersLiveEvents,
  userdashLiveEvents,
  ...approvalsLiveEvents,
  ...billingLiveEvents,
  ...companyLiveEvents,
  ...supportLiveEvents,
  ...integrationsLiveEvents,
];
