import type { TenantTransaction } from "@fieldops/db";
import type { CalendarFeed, CalendarFeedKind, CalendarFeedTarget } from "@fieldops/shared/calendars";
import { can } from "@fieldops/shared/permissions";
import { recordAudit } from "../audit/record-audit.ts";
import { forbidden, notFound } from "../errors.ts";
import { requirePlanFeature } from "../plans/require-plan-feature.ts";
import { issuePublicLink, revokePublicLinks, type PublicLinkKind } from "../public-links/public-links.ts";
import type { TenantScope, UserActor } from "../tenant-scope.ts";

const CALENDAR_FEATURE_LABEL = "Calendar sync";

export const calendarLinkKind = (kind: CalendarFeedKind): PublicLinkKind =>
  kind === "crew" ? "crew_calendar" : "user_calendar";

/** The path of a feed; its token is in the path, since calendar apps fetch a URL and send nothing else. */
const calendarFeedPath = (kind: CalendarFeedKind, subjectId: string, token: string) =>
  `/api/calendars/${kind}/${subjectId}/${token}/feed.ics`;

interface FeedSubject {
  kind: CalendarFeedKind;
  subjectId: string;
  label: string;
}

/** The feed a request names: a crew's (the office's to manage), or the caller's own. */
async function subjectOf(tx: TenantTransaction, actor: UserActor, target: CalendarFeedTarget): Promise<FeedSubject> {
  if (!target.crewId) return { kind: "user", subjectId: actor.userId, label: "My visits" };
  if (!can(actor, "crews.manage")) throw forbidden("Only the office manages a crew's calendar feed");
  const crew = await tx.crew.findUnique({ where: { id: target.crewId }, select: { id: true, name: true } });
  if (!crew) throw notFound("Crew not found");
  return { kind: "crew", subjectId: crew.id, label: crew.name };
}

/** The caller's own feed and, for the office, each crew's: whether a link is live, when it was made and last read. */
export async function listCalendarFeeds({ tx, actor }: TenantScope<UserActor>): Promise<{ feeds: CalendarFeed[] }> {
  await requirePlanFeature(tx, "calendar", CALENDAR_FEATURE_LABEL);
  const crews = can(actor, "crews.manage")
    ? await tx.crew.findMany({ orderBy: [{ name: "asc" }, { id: "asc" }], select: { id: true, name: true } })
    : [];
  const subjects: FeedSubject[] = [
    { kind: "user", subjectId: actor.userId, label: "My visits" },
    ...crews.map((crew) => ({ kind: "crew" as const, subjectId: crew.id, label: crew.name })),
  ];
  const links = await tx.publicLink.findMany({
    where: {
      OR: [
        { kind: "user_calendar", subjectId: actor.userId },
        { kind: "crew_calendar", subjectId: { in: crews.map((crew) => crew.id) } },
      ],
    },
    select: { kind: true, subjectId: true, createdAt: true, lastUsedAt: true },
  });
  return {
    feeds: subjects.map((subject) => {
      const link = links.find(
        (candidate) => candidate.kind === calendarLinkKind(subject.kind) && candidate.subjectId === subject.subjectId,
      );
      return {
        ...subject,
        active: link !== undefined,
        createdAt: link?.createdAt.toISOString() ?? null,
        lastUsedAt: link?.lastUsedAt?.toISOString() ?? null,
      };
    }),
  };
}

/**
 * A new secret link to a feed, replacing the one before (which stops working at once); the URL is known only now.
 * Audited.
 */
export async function issueCalendarFeed(
  { tx, companyId, actor }: TenantScope<UserActor>,
  input: CalendarFeedTarget & { origin: string },
): Promise<{ url: string }> {
  await requirePlanFeature(tx, "calendar", CALENDAR_FEATURE_LABEL);
  const subject = await subjectOf(tx, actor, input);
  const token = await issuePublicLink(tx, {
    companyId,
    kind: calendarLinkKind(subject.kind),
    subjectId: subject.subjectId,
    userId: actor.userId,
    replace: true,
  });
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "calendar.feed_issued",
    entityType: subject.kind === "crew" ? "crew" : "user",
    entityId: subject.subjectId,
    summary: `${actor.name} made a new calendar feed link for ${subject.kind === "crew" ? subject.label : "their own visits"}`,
  });
  return { url: `${input.origin}${calendarFeedPath(subject.kind, subject.subjectId, token)}` };
}

/** Revokes a feed's link: calendar apps that subscribed to it get nothing more. Audited when there was one. */
export async function revokeCalendarFeed(
  { tx, companyId, actor }: TenantScope<UserActor>,
  input: CalendarFeedTarget,
): Promise<null> {
  const subject = await subjectOf(tx, actor, input);
  const kind = calendarLinkKind(subject.kind);
  const live = await tx.publicLink.count({ where: { kind, subjectId: subject.subjectId } });
  if (live === 0) return null;
  await revokePublicLinks(tx, kind, subject.subjectId);
  await recordAudit(tx, {
    companyId,
    actorUserId: actor.userId,
    action: "calendar.feed_revoked",
    entityType: subject.kind === "crew" ? "crew" : "user",
    entityId: subject.subjectId,
    summary: `${actor.name} revoked the calendar feed link for ${subject.kind === "crew" ? subject.label : "their own visits"}`,
  });
  return null;
}
