import type { Prisma } from "@fieldops/db";
import { addDays, dayInTimeZone, startOfDayInTimeZone } from "@fieldops/shared/company-time";
import { OPEN_VISIT_STATUSES } from "@fieldops/shared/visit-lifecycle";
import {
  USERDASH_LIST_LIMIT,
  USERDASH_TODAY_LIMIT,
  type UserdashCrew,
  type UserdashResponse,
  type UserdashVisit,
  type UserdashWorkItem,
} from "@fieldops/shared/userdash";
import { can } from "@fieldops/shared/permissions";
import type { TenantScope, UserActor } from "../tenant-scope.ts";
import { onMyWayStates } from "../jobs/send-on-my-way.ts";

const todayInclude = {
  crew: { select: { name: true, color: true } },
  job: {
    select: {
      number: true,
      title: true,
      instructions: true,
      customer: { select: { name: true, phone: true } },
      property: {
        select: {
          name: true,
          street: true,
          city: true,
          region: true,
          postcode: true,
          accessNotes: true,
          gateCode: true,
        },
      },
      checklist: { select: { id: true, label: true, done: true }, orderBy: { position: "asc" } },
    },
  },
} satisfies Prisma.VisitInclude;

const workItemInclude = {
  crew: { select: { name: true } },
  job: { select: { number: true, title: true, customer: { select: { name: true } } } },
} satisfies Prisma.VisitInclude;

type TodayRow = Prisma.VisitGetPayload<{ include: typeof todayInclude }>;
type WorkItemRow = Prisma.VisitGetPayload<{ include: typeof workItemInclude }>;

type OnMyWay = Map<string, UserdashVisit["onMyWay"]>;

function toUserdashVisit(row: TodayRow, onMyWay: OnMyWay): UserdashVisit {
  const property = row.job.property;
  const address = property ? `${property.street}, ${property.city}, ${property.region} ${property.postcode}` : null;
  return {
    id: row.id,
    jobId: row.jobId,
    jobNumber: row.job.number,
    jobTitle: row.job.title,
    customerName: row.job.customer.name,
    status: row.status,
    scheduledStart: row.scheduledStart?.toISOString() ?? null,
    scheduledEnd: row.scheduledEnd?.toISOString() ?? null,
    version: row.version,
    instructions: row.job.instructions,
    property:
      property && address
        ? { label: property.name ?? address, address, accessNotes: property.accessNotes, gateCode: property.gateCode }
        : null,
    checklist: row.job.checklist,
    onMyWay: onMyWay.get(row.id) ?? { sentAt: null, unavailable: null },
  };
}

function toWorkItem(row: WorkItemRow): UserdashWorkItem {
  return {
    visitId: row.id,
    jobId: row.jobId,
    jobNumber: row.job.number,
    jobTitle: row.job.title,
    customerName: row.job.customer.name,
    status: row.status,
    crewName: row.crew?.name ?? null,
    scheduledEnd: row.scheduledEnd?.toISOString() ?? null,
  };
}

/** Today's visits by crew, crews by name, visits without a crew last. */
function groupByCrew(rows: readonly TodayRow[], onMyWay: OnMyWay): UserdashCrew[] {
  const groups = new Map<string | null, UserdashCrew>();
  for (const row of rows) {
    const group = groups.get(row.crewId) ?? {
      crewId: row.crewId,
      crewName: row.crew?.name ?? null,
      color: row.crew?.color ?? null,
      visits: [],
    };
    group.visits.push(toUserdashVisit(row, onMyWay));
    groups.set(row.crewId, group);
  }
  return [...groups.values()].sort((a, b) =>
    a.crewName === null
      ? 1
      : b.crewName === null
        ? -1
        : a.crewName.localeCompare(b.crewName) || (a.crewId ?? "").localeCompare(b.crewId ?? ""),
  );
}

/**
 * The user dashboard: today's visits (the company's calendar day) grouped by crew; for owners and members also the
 * late work (open visits whose scheduled end has passed) and the unscheduled work. A field user gets only their own
 * crews' visits. A fixed number of queries, whatever the company's size.
 */
export async function getUserDashboard(
  { tx, actor }: Pick<TenantScope<UserActor>, "tx" | "actor">,
  input: { now?: Date } = {},
): Promise<UserdashResponse> {
  const now = input.now ?? new Date();
  const { timeZone } = await tx.company.findFirstOrThrow({ select: { timeZone: true } });
  const date = dayInTimeZone(now, timeZone);
  const fieldUser = !can(actor, "visits.manage_all");
  const ownCrews: Prisma.VisitWhereInput = fieldUser ? { crew: { members: { some: { userId: actor.userId } } } } : {};
  const today = await tx.visit.findMany({
    where: {
      ...ownCrews,
      status: { not: "canceled" },
      scheduledStart: {
        gte: startOfDayInTimeZone(date, timeZone),
        lt: startOfDayInTimeZone(addDays(date, 1), timeZone),
      },
    },
    include: todayInclude,
    orderBy: [{ scheduledStart: "asc" }, { id: "asc" }],
    take: USERDASH_TODAY_LIMIT,
  });
  const onMyWay = await onMyWayStates(
    tx,
    today.map((row) => ({ id: row.id, status: row.status, customerPhone: row.job.customer.phone })),
    now,
  );
  if (fieldUser) return { date, timeZone, crews: groupByCrew(today, onMyWay), late: [], unscheduled: [] };
  const late = await tx.visit.findMany({
    where: { status: { in: [...OPEN_VISIT_STATUSES] }, scheduledEnd: { lt: now } },
    include: workItemInclude,
    orderBy: [{ scheduledEnd: "asc" }, { id: "asc" }],
    take: USERDASH_LIST_LIMIT,
  });
  const unscheduled = await tx.visit.findMany({
    where: { status: "unscheduled" },
    include: workItemInclude,
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: USERDASH_LIST_LIMIT,
  });
  return {
    date,
    timeZone,
    crews: groupByCrew(today, onMyWay),
    late: late.map(toWorkItem),
    unscheduled: unscheduled.map(toWorkItem),
  };
}
