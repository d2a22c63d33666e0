import type { LiveEventReaction } from "../lib/live-event-registry";
import { activityLiveEvents } from "../features/dashboard/activity";
import { routePlanLiveEvents } from "../features/schedule/optimize/route-plan-live-events";

/** Every feature's reactions to live events; a new feature adds its own here. */
export const LIVE_EVENT_REACTIONS: readonly LiveEventReaction[] = [activityLiveEvents, routePlanLiveEvents];
