import type { Prisma, TenantTransaction } from "@fieldops/db";
import { leadSourceSchema, type Lead, type LeadProspect } from "@fieldops/shared/leads";
import { notFound } from "../errors.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import { NO_LOCATION, resolveLocation, type StoredLocation } from "../geocoding/resolve-location.ts";

export const leadInclude = {
  estimates: { select: { id: true, number: true }, orderBy: { createdAt: "desc" }, take: 1 },
} satisfies Prisma.LeadInclude;

type LeadRow = Prisma.LeadGetPayload<{ include: typeof leadInclude }>;

export function toLead(row: LeadRow): Lead {
  const estimate = row.estimates[0] ?? null;
  return {
    id: row.id,
    status: row.status,
    customerId: row.customerId,
    name: row.name,
    email: row.email,
    phone: row.phone,
    street: row.street,
    city: row.city,
    region: row.region,
    postcode: row.postcode,
    latitude: row.latitude,
    longitude: row.longitude,
    locationPrecision: row.locationPrecision,
    request: row.request,
    source: leadSourceSchema.catch("other").parse(row.source),
    notes: row.notes,
    estimateId: estimate?.id ?? null,
    estimateNumber: estimate?.number ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The lead's row, locked until the transaction ends: converting it twice at once makes one estimate. */
export async function lockLead(tx: TenantTransaction, leadId: string): Promise<LeadRow> {
  await tx.$queryRaw`SELECT id FROM leads WHERE id = ${leadId}::uuid FOR UPDATE`;
  const row = await tx.lead.findUnique({ where: { id: leadId }, include: leadInclude });
  if (!row) throw notFound("Lead not found");
  return row;
}

type StoredAddress = Pick<LeadRow, "street" | "city" | "region" | "postcode"> & StoredLocation;

/**
 * A prospect's details as the lead's columns (absent ones empty), with their address located (see `resolveLocation`;
 * `stored` is the lead as it was, whose point stays while the address is unchanged). No address, no location.
 */
export async function prospectData(geocoder: Geocoder, p: LeadProspect, stored?: StoredAddress) {
  const address = (from: Pick<LeadRow, "street" | "city" | "region" | "postcode"> | LeadProspect) => ({
    street: from.street ?? "",
    city: from.city ?? "",
    region: from.region ?? "",
    postcode: from.postcode ?? "",
  });
  const location =
    p.street || p.city || p.postcode || (p.latitude != null && p.longitude != null)
      ? await resolveLocation(geocoder, address(p), p, stored ? { ...stored, ...address(stored) } : undefined)
      : NO_LOCATION;
  return {
    name: p.name,
    email: p.email ?? null,
    phone: p.phone ?? null,
    street: p.street ?? null,
    city: p.city ?? null,
    region: p.region ?? null,
    postcode: p.postcode ?? null,
    ...location,
  };
}
