/** Calendar feeds: each crew's and each user's visits as an ICS feed at a secret, revocable URL (Growth and up). */
import { z } from "zod";
import { defineEndpoint } from "./endpoint";
import { text } from "./text";

/** Whose visits a feed holds: a crew's, or the visits of the crews a user works in. */
export const calendarFeedKindSchema = z.enum(["crew", "user"]);
export type CalendarFeedKind = z.infer<typeof calendarFeedKindSchema>;

/** How far back and ahead a feed reaches: enough for a calendar app's month views, small enough to fetch often. */
export const CALENDAR_FEED_DAYS_BACK = 30;
export const CALENDAR_FEED_DAYS_AHEAD = 180;
/** The most visits one feed holds; the nearest ones come first. */
export const MAX_CALENDAR_FEED_EVENTS = 2000;

export const calendarFeedSchema = z.object({
  kind: calendarFeedKindSchema,
  /** The crew's id, or the user's own id for their feed. */
  subjectId: z.string(),
  /** "Crew A", or "My visits". */
  label: z.string(),
  /** Whether a link is live; its URL was shown once, when it was made. */
  active: z.boolean(),
  createdAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const calendarFeedListSchema = z.object({
  feeds: z.array(calendarFeedSchema).max(1000),
});
export type CalendarFeedList = z.infer<typeof calendarFeedListSchema>;

/** A crew's feed, or (without a crew) the caller's own. */
export const calendarFeedTargetSchema = z.object({ crewId: z.uuid().optional() });
export type CalendarFeedTarget = z.infer<typeof calendarFeedTargetSchema>;

/** The feed's URL, shown once: a new link replaces the old one, which stops working. */
export const issuedCalendarFeedSchema = z.object({ url: z.string() });

export const calendarFeedParamsSchema = z.object({
  kind: calendarFeedKindSchema,
  subjectId: z.uuid(),
  token: text({ max: 100 }),
});

export const calendarEndpoints = {
  list: defineEndpoint({
    method: "GET",
    path: "/api/calendar-feeds",
    tags: ["calendars"],
    summary: "The caller's own calendar feed and, for the office, each crew's: whether each has a live link",
    response: calendarFeedListSchema,
  }),
  issue: defineEndpoint({
    method: "POST",
    path: "/api/calendar-feeds",
    tags: ["calendars"],
    summary: "A new secret link to a crew's or the caller's calendar feed (the old one stops working); shown once",
    body: calendarFeedTargetSchema,
    status: 201,
    response: issuedCalendarFeedSchema,
  }),
  revoke: defineEndpoint({
    method: "DELETE",
    path: "/api/calendar-feeds",
    tags: ["calendars"],
    summary: "Revoke a crew's or the caller's calendar feed link",
    query: calendarFeedTargetSchema,
    status: 204,
    response: z.null(),
  }),
  feed: defineEndpoint({
    method: "GET",
    path: "/api/calendars/:kind/:subjectId/:token/feed.ics",
    tags: ["calendars"],
    summary: "The feed itself, for calendar apps (no session: the secret link is the credential)",
    params: calendarFeedParamsSchema,
    produces: "text/calendar",
    response: z.string(),
  }),
} as const;
