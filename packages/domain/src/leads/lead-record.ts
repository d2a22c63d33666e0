import type { Prisma, TenantTransaction } from "@fieldops/db";
import { leadSourceSchema, type Lead, type LeadProspect } from "@fieldops/shared/leads";
import { notFound } from "../errors.ts";

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

/** A prospect's details as the lead's columns (absent ones empty). */
export function prospectData(p: LeadProspect) {
  return {
    name: p.name,
    email: p.email ?? null,
    phone: p.phone ?? null,
    street: p.street ?? null,
    city: p.city ?? null,
    region: p.region ?? null,
    postcode: p.postcode ?? null,
    latitude: p.latitude ?? null,
    longitude: p.longitude ?? null,
  };
}
