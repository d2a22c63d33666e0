import type { Prisma, TenantTransaction } from "@fieldops/db";
import type { FieldVisit } from "@fieldops/shared/field-app";
import { formatAddress } from "@fieldops/shared/locations";
import { toVisitFile } from "./visit-files.ts";

const fieldVisitInclude = {
  crew: { select: { name: true } },
  job: {
    select: {
      number: true,
      title: true,
      instructions: true,
      customer: {
        select: { name: true, street: true, city: true, region: true, postcode: true, latitude: true, longitude: true },
      },
      property: {
        select: {
          name: true,
          street: true,
          city: true,
          region: true,
          postcode: true,
          accessNotes: true,
          gateCode: true,
          latitude: true,
          longitude: true,
        },
      },
      checklist: { select: { id: true, label: true, done: true }, orderBy: { position: "asc" } },
      lineItems: { select: { id: true, service: true, quantity: true }, orderBy: { position: "asc" } },
      notes: {
        where: { kind: "note" },
        select: { id: true, body: true, authorUserId: true, createdAt: true },
        orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      },
      files: {
        where: { completedAt: { not: null } },
        select: {
          id: true,
          visitId: true,
          kind: true,
          contentType: true,
          byteSize: true,
          takenAt: true,
          takenByUserId: true,
          signerName: true,
        },
        orderBy: [{ takenAt: "asc" }, { id: "asc" }],
      },
    },
  },
} satisfies Prisma.VisitInclude;

type FieldVisitRow = Prisma.VisitGetPayload<{ include: typeof fieldVisitInclude }>;

/** Reads visits with what a crew needs on site, in the order asked. */
export async function readFieldVisits(tx: TenantTransaction, where: Prisma.VisitWhereInput): Promise<FieldVisit[]> {
  const rows = await tx.visit.findMany({
    where,
    include: fieldVisitInclude,
    orderBy: [{ scheduledStart: "asc" }, { id: "asc" }],
  });
  const authorIds = [
    ...new Set(
      rows.flatMap((row) => [
        ...row.job.notes.map((note) => note.authorUserId),
        ...row.job.files.map((file) => file.takenByUserId),
      ]),
    ),
  ].filter((id): id is string => id !== null);
  const authors = new Map(
    (await tx.user.findMany({ where: { id: { in: authorIds } }, select: { id: true, name: true } })).map((user) => [
      user.id,
      user.name,
    ]),
  );
  return rows.map((row) => toFieldVisit(row, authors));
}

/**
 * Where the crew goes: the job's property, or the customer's own address for a job without one (as the dispatcher
 * plans it); none when neither has a street.
 */
function placeOf(job: FieldVisitRow["job"]): FieldVisit["property"] {
  const { property, customer } = job;
  if (property) {
    const address = formatAddress(property);
    return {
      label: property.name ?? address,
      address,
      accessNotes: property.accessNotes,
      gateCode: property.gateCode,
      latitude: property.latitude,
      longitude: property.longitude,
    };
  }
  if (!customer.street.trim()) return null;
  const address = formatAddress(customer);
  return {
    label: address,
    address,
    accessNotes: null,
    gateCode: null,
    latitude: customer.latitude,
    longitude: customer.longitude,
  };
}

function toFieldVisit(row: FieldVisitRow, authors: Map<string, string>): FieldVisit {
  return {
    id: row.id,
    jobId: row.jobId,
    jobNumber: row.job.number,
    jobTitle: row.job.title,
    customerName: row.job.customer.name,
    status: row.status,
    crewId: row.crewId,
    crewName: row.crew?.name ?? null,
    scheduledStart: row.scheduledStart?.toISOString() ?? null,
    scheduledEnd: row.scheduledEnd?.toISOString() ?? null,
    arrivalWindowMinutes: row.arrivalWindowMinutes,
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: row.completedAt?.toISOString() ?? null,
    version: row.version,
    instructions: row.job.instructions,
    property: placeOf(row.job),
    checklist: row.job.checklist,
    lineItems: row.job.lineItems.map((item) => ({
      id: item.id,
      service: item.service,
      quantity: Number(item.quantity),
    })),
    notes: row.job.notes.map((note) => ({
      id: note.id,
      body: note.body,
      authorName: note.authorUserId ? (authors.get(note.authorUserId) ?? null) : null,
      createdAt: note.createdAt.toISOString(),
    })),
    files: row.job.files.map((file) => toVisitFile(file, authors)),
  };
}
