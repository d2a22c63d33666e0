import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { issueCalendarFeed, listCalendarFeeds, revokeCalendarFeed } from "@fieldops/domain/calendars/calendar-feeds";
import { readCalendarFeed } from "@fieldops/domain/calendars/render-calendar-feed";
import { calendarEndpoints } from "@fieldops/shared/calendars";
import type { AppContext } from "../context.ts";
import { appOrigin } from "../http/app-origin.ts";
import { registerEndpoint, tenantEndpoint } from "../http/endpoint-route.ts";
import { publicLinkRateLimit } from "../http/public-link-route.ts";

/**
 * Calendar feeds: the signed-in user manages their own feed's link and, in the office, the crews'; calendar apps read
 * a feed with its secret link alone (no session, the token in the path, cut from the logs).
 */
export const calendarRoutes: FastifyPluginAsyncZod<{ context: AppContext }> = async (app, { context }) => {
  tenantEndpoint(app, context, calendarEndpoints.list, (scope) => listCalendarFeeds(scope));
  tenantEndpoint(app, context, calendarEndpoints.issue, (scope, { body }, request) =>
    issueCalendarFeed(scope, { ...body, origin: appOrigin(context, request) }),
  );
  tenantEndpoint(app, context, calendarEndpoints.revoke, (scope, { query }) => revokeCalendarFeed(scope, query));
  registerEndpoint(
    app,
    calendarEndpoints.feed,
    ({ params }, request) => readCalendarFeed(context.db, { ...params, origin: appOrigin(context, request) }),
    {
      config: publicLinkRateLimit,
      send: (reply, feed) =>
        reply
          .header("cache-control", "private, no-store")
          .type("text/calendar; charset=utf-8")
          .header("content-disposition", 'inline; filename="schedule.ics"')
          .send(feed),
    },
  );
};
