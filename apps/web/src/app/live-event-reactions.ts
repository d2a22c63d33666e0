import type { LiveEventReaction } from "../lib/live-event-registry";
import { activityLiveEvents } from "../features/dashboard/activity";
import { invoicesLiveEvents } from "../features/invoices/invoice-queries";
import { approvalsLiveEvents } from "../features/approvals/approval-queries";
import { crewsLiveEvents } from "../features/crews/crews-live-events";
import { customersLiveEvents } from "../features/customers/customers-live-events";
import { customObjectsLiveEvents } from "../features/custom-objects/custom-objects-live-events";
import { jobsLiveEvents } from "../features/jobs/jobs-live-events";
import { estimatesLiveEvents } from "../features/estimates/estimate-queries";
import { leadsLiveEvents } from "../features/leads/lead-queries";
import { routePlanLiveEvents } from "../features/schedule/optimize/route-plan-live-events";
import { userdashLiveEvents } from "../features/dashboard/userdash-queries";
import { fieldAppLiveEvents } from "../features/field-app/field-app-live-events";
import { scheduleLiveEvents } from "../features/schedule/schedule-live-events";
import { teamLiveEvents } from "../features/team/team-queries";
import { securityLiveEvents } from "../features/security/security-queries";
import { supportLiveEvents } from "../features/support/support-queries";
import { integrationsLiveEvents } from "../features/integrations/integration-queries";
import { messagesLiveEvents } from "../features/messages/messages-queries";
import { buildsLiveEvents } from "../features/builds/builds-api";
import { webhooksLiveEvents } from "../features/webhooks/webhooks-live-events";
import { automationsLiveEvents } from "../features/automations/automations-live-events";

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
  ...customObjectsLiveEvents,
  userdashLiveEvents,
  ...fieldAppLiveEvents,
  ...approvalsLiveEvents,
  ...invoicesLiveEvents,
  ...teamLiveEvents,
  ...securityLiveEvents,
  ...supportLiveEvents,
  ...integrationsLiveEvents,
  ...buildsLiveEvents,
  ...messagesLiveEvents,
  ...webhooksLiveEvents,
  ...automationsLiveEvents,
];
