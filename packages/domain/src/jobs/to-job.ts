import type { Prisma } from "@fieldops/db";
import type { JobStatus } from "@fieldops/shared/job-status";
import { lineItemTotalCents, type JobDetail, type Visit } from "@fieldops/shared/jobs";
import type { LocationPrecision } from "@fieldops/shared/locations";

export const jobDetailInclude = {
  customer: {
    select: { name: true, street: true, city: true, latitude: true, longitude: true, locationPrecision: true },
  },
  property: {
    select: {
      id: true,
      name: true,
      street: true,
      city: true,
      latitude: true,
      longitude: true,
      locationPrecision: true,
    },
  },
  visits: {
    include: { crew: { select: { name: true } } },
    orderBy: [{ scheduledStart: { sort: "asc", nulls: "first" } }, { createdAt: "asc" }],
    take: 500,
  },
  lineItems: { orderBy: { position: "asc" } },
  checklist: { orderBy: { position: "asc" } },
  notes: { orderBy: { createdAt: "asc" }, take: 500 },
} satisfies Prisma.JobInclude;

type JobRow = Prisma.JobGetPayload<{ include: typeof jobDetailInclude }>;
/** What a visit is shown from: its own columns and its crew's name. */
export type VisitRow = Pick<
  Prisma.VisitGetPayload<object>,
  | "id"
  | "jobId"
  | "crewId"
  | "status"
  | "scheduledStart"
  | "scheduledEnd"
  | "durationMinutes"
  | "startedAt"
  | "completedAt"
  | "version"
> & { crew: { name: string } | null };

export function toVisit(row: VisitRow): Visit {
  return {
    id: row.id,
    jobId: row.jobId,
    crewId: row.crewId,
    crewName: row.crew?.name ?? null,
    status: row.status,
    scheduledStart: row.scheduledStart?.toISOString() ?? null,
    scheduledEnd: row.scheduledEnd?.toISOString() ?? null,
    durationMinutes: row.durationMinutes,
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    version: row.version,
  };
}

/** The job as its page shows it; `status` as the database reads it (job-status-sql.ts). */
export function toJobDetail(row: JobRow, status: JobStatus, now: Date): JobDetail {
  const lineItems = row.lineItems.map((item) => {
    const quantity = Number(item.quantity);
    return {
      id: item.id,
      service: item.service,
      quantity,
      unitPriceCents: item.unitPriceCents,
      taxable: item.taxable,
      totalCents: lineItemTotalCents({ quantity, unitPriceCents: item.unitPriceCents }),
    };
  });
  // A closed job has no next visit, as in the jobs list.
  const next = row.visits.find(
    (visit) =>
      row.closedAt === null &&
      (visit.status === "scheduled" || visit.status === "dispatched") &&
      visit.scheduledStart &&
      visit.scheduledStart >= now,
  );
  return {
    id: row.id,
    number: row.number,
    title: row.title,
    customerId: row.customerId,
    customerName: row.customer.name,
    status,
    recurring: row.recurrence !== null,
    nextVisitAt: next?.scheduledStart?.toISOString() ?? null,
    totalCents: lineItems.reduce((sum, item) => sum + item.totalCents, 0),
    createdAt: row.createdAt.toISOString(),
    description: row.description,
    instructions: row.instructions,
    recurrence:
      row.recurrence && row.recurrenceStart ? { rule: row.recurrence, start: row.recurrenceStart.toISOString() } : null,
    visitDurationMinutes: row.visitDurationMinutes,
    arrivalWindowMinutes: row.arrivalWindowMinutes,
    property: row.property
      ? {
          id: row.property.id,
          label: row.property.name ?? `${row.property.street}, ${row.property.city}`,
          latitude: row.property.latitude,
          longitude: row.property.longitude,
        }
      : null,
    serviceAddress: serviceAddressOf(row.property ?? row.customer),
    requiredSkills: row.requiredSkills,
    closedAt: row.closedAt?.toISOString() ?? null,
    invoicedAt: row.invoicedAt?.toISOString() ?? null,
    visits: row.visits.map(toVisit),
    lineItems,
    checklist: row.checklist.map((item) => ({ id: item.id, label: item.label, done: item.done })),
    notes: row.notes.map((note) => ({
      id: note.id,
      kind: note.kind === "note" ? "note" : "event",
      body: note.body,
      authorUserId: note.authorUserId,
      createdAt: note.createdAt.toISOString(),
    })),
  };
}

function serviceAddressOf(place: {
  street: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  locationPrecision: LocationPrecision | null;
}): JobDetail["serviceAddress"] {
  return {
    address: [place.street, place.city].filter((part) => part !== "").join(", "),
    latitude: place.latitude,
    longitude: place.longitude,
    locationPrecision: place.locationPrecision,
  };
}
