import { ICalCalendar, ICalEventStatus } from "ical-generator";
import { getVtimezoneComponent } from "@touch4it/ical-timezones";
import { DateTime } from "luxon";
import { withTenant, type Database, type Prisma, type TenantTransaction } from "@fieldops/db";
import {
  CALENDAR_FEED_DAYS_AHEAD,
  CALENDAR_FEED_DAYS_BACK,
  MAX_CALENDAR_FEED_EVENTS,
  type CalendarFeedKind,
} from "@fieldops/shared/calendars";
import { formatAddress } from "@fieldops/shared/locations";
import { can } from "@fieldops/shared/permissions";
import { roleSchema } from "@fieldops/shared/roles";
import { VISIT_STATUS_LABELS } from "@fieldops/shared/visit-lifecycle";
import { notFound } from "../errors.ts";
import { companyHasPlanFeature } from "../plans/require-plan-feature.ts";
import { resolvePublicLink } from "../public-links/public-links.ts";
import { calendarLinkKind } from "./calendar-feeds.ts";

const DAY_MS = 86_400_000;

/** The one answer to a feed link that opens nothing: a wrong, revoked or malformed token, or a plan without feeds. */
const calendarFeedNotFound = () => notFound("This calendar feed link is not valid. Make a new one in the app.");

/** The company a feed's token opens, or the feed's 404. */
async function resolveCalendarFeed(
  db: Database,
  input: { kind: CalendarFeedKind; subjectId: string; token: string },
): Promise<string> {
  const companyId = await resolvePublicLink(db, calendarLinkKind(input.kind), input.subjectId, input.token);
  if (!companyId) throw calendarFeedNotFound();
  return companyId;
}

/** Which visits a feed holds: the crew's; a user's crew's; an office user in no crew sees the whole schedule. */
async function visitFilter(
  tx: TenantTransaction,
  kind: CalendarFeedKind,
  subjectId: string,
): Promise<{ where: Prisma.VisitWhereInput; name: string }> {
  if (kind === "crew") {
    const crew = await tx.crew.findUnique({ where: { id: subjectId }, select: { name: true } });
    if (!crew) throw calendarFeedNotFound();
    return { where: { crewId: subjectId }, name: crew.name };
  }
  const user = await tx.user.findUnique({
    where: { id: subjectId },
    select: { name: true, role: true, crewMembers: { select: { crewId: true }, take: 1 } },
  });
  if (!user) throw calendarFeedNotFound();
  const name = `${user.name}'s visits`;
  const crew = user.crewMembers[0];
  if (crew) return { where: { crewId: crew.crewId }, name };
  const office = can({ role: roleSchema.parse(user.role) }, "visits.manage_all");
  return { where: office ? {} : { id: { in: [] } }, name };
}

/**
 * A feed as calendar apps read it: each visit with a time from 30 days back to 180 ahead, in the company's time zone
 * (its VTIMEZONE included, so a visit at 9:00 stays at 9:00 across a change to or from summer time). A visit keeps its
 * UID and counts its changes in SEQUENCE, so a moved visit moves in the calendar; a canceled one is marked cancelled,
 * and one that left the crew drops out of its feed. In HIPAA mode no customer's name, address or notes are written.
 */
export async function renderCalendarFeed(
  tx: TenantTransaction,
  input: { kind: CalendarFeedKind; subjectId: string; origin: string; now?: Date },
): Promise<string> {
  const now = input.now ?? new Date();
  const company = await tx.company.findFirstOrThrow({ select: { name: true, timeZone: true, hipaaMode: true } });
  if (!(await companyHasPlanFeature(tx, "calendar"))) throw calendarFeedNotFound();
  const { where, name } = await visitFilter(tx, input.kind, input.subjectId);
  const visits = await tx.visit.findMany({
    where: {
      ...where,
      status: { in: ["scheduled", "dispatched", "in_progress", "completed", "canceled"] },
      scheduledStart: {
        gte: new Date(now.getTime() - CALENDAR_FEED_DAYS_BACK * DAY_MS),
        lt: new Date(now.getTime() + CALENDAR_FEED_DAYS_AHEAD * DAY_MS),
      },
    },
    orderBy: [{ scheduledStart: "asc" }, { id: "asc" }],
    take: MAX_CALENDAR_FEED_EVENTS,
    select: {
      id: true,
      status: true,
      scheduledStart: true,
      scheduledEnd: true,
      version: true,
      updatedAt: true,
      crew: { select: { name: true } },
      job: {
        select: {
          id: true,
          number: true,
          title: true,
          instructions: true,
          customer: { select: { name: true } },
          property: {
            select: { street: true, city: true, region: true, postcode: true, accessNotes: true, gateCode: true },
          },
        },
      },
    },
  });
  const host = new URL(input.origin).host;
  const calendar = new ICalCalendar({
    name: `${company.name}: ${name}`,
    prodId: { company: "FieldOps", product: "Schedule" },
  });
  calendar.timezone({ name: company.timeZone, generator: getVtimezoneComponent });
  const zoned = (at: Date) => DateTime.fromJSDate(at).setZone(company.timeZone);
  for (const visit of visits) {
    const { job } = visit;
    const property = job.property;
    const address = property ? formatAddress(property) : null;
    const details = company.hipaaMode
      ? [`Crew: ${visit.crew?.name ?? "unassigned"}`]
      : [
          `Customer: ${job.customer.name}`,
          `Crew: ${visit.crew?.name ?? "unassigned"}`,
          `Status: ${VISIT_STATUS_LABELS[visit.status]}`,
          ...(property?.gateCode ? [`Gate code: ${property.gateCode}`] : []),
          ...(property?.accessNotes ? [`Access: ${property.accessNotes}`] : []),
          ...(job.instructions ? [`Instructions: ${job.instructions}`] : []),
        ];
    const url = `${input.origin}/jobs/${job.id}`;
    const start = visit.scheduledStart!;
    calendar.createEvent({
      id: `visit-${visit.id}@${host}`,
      sequence: visit.version,
      stamp: visit.updatedAt,
      lastModified: visit.updatedAt,
      start: zoned(start),
      end: zoned(visit.scheduledEnd ?? new Date(start.getTime() + 60 * 60_000)),
      timezone: company.timeZone,
      summary: company.hipaaMode
        ? `Visit: job #${job.number}`
        : `${job.title} (${job.customer.name}) · job #${job.number}`,
      ...(address && !company.hipaaMode ? { location: address } : {}),
      description: [...details, url].join("\n"),
      url,
      status: visit.status === "canceled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  return calendar.toString();
}

/** The feed behind a link: the token is checked, then the feed is read in its company's transaction. */
export async function readCalendarFeed(
  db: Database,
  input: { kind: CalendarFeedKind; subjectId: string; token: string; origin: string; now?: Date },
): Promise<string> {
  const companyId = await resolveCalendarFeed(db, input);
  return withTenant(db, companyId, (tx) => renderCalendarFeed(tx, input));
}
