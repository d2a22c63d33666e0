import type { TenantTransaction } from "@fieldops/db";
import type { CreateLeadInput, Lead } from "@fieldops/shared/leads";
import { notFound } from "../errors.ts";
import type { Geocoder } from "../geocoding/geocoder.ts";
import type { TenantScope } from "../tenant-scope.ts";
import { leadInclude, prospectData, toLead } from "./lead-record.ts";
import { leadsChanged } from "./leads-events.ts";

/**
 * A new lead: an existing customer's request (their name and contacts copied for the list), or a prospect's.
 * A prospect's address is located. Announces it.
 */
export async function createLead(
  { tx, companyId, emit }: TenantScope,
  input: CreateLeadInput,
  { geocoder }: { geocoder: Geocoder },
): Promise<Lead> {
  const lead = await insertLead(tx, companyId, input, geocoder);
  emit(leadsChanged([lead.id]));
  return lead;
}

/** A lead of a customer the company has (no address to locate: it is the customer's). */
export async function createCustomerLead(
  { tx, companyId, emit }: TenantScope,
  input: Extract<CreateLeadInput, { customerId: string }>,
): Promise<Lead> {
  const lead = await insertLead(tx, companyId, input, null);
  emit(leadsChanged([lead.id]));
  return lead;
}

async function insertLead(
  tx: TenantTransaction,
  companyId: string,
  input: CreateLeadInput,
  geocoder: Geocoder | null,
): Promise<Lead> {
  const request = { request: input.request, source: input.source, notes: input.notes ?? null };
  if ("customerId" in input) {
    const customer = await tx.customer.findUnique({
      where: { id: input.customerId },
      select: {
        id: true,
        name: true,
        email: true,
        phone: true,
        street: true,
        city: true,
        region: true,
        postcode: true,
        latitude: true,
        longitude: true,
        locationPrecision: true,
      },
    });
    if (!customer) throw notFound("Customer not found");
    const { id, ...details } = customer;
    return toLead(
      await tx.lead.create({
        data: { companyId, customerId: id, ...details, ...request },
        include: leadInclude,
      }),
    );
  }
  if (!geocoder) throw new Error("A prospect's lead needs a geocoder to locate its address");
  return toLead(
    await tx.lead.create({
      data: { companyId, ...(await prospectData(geocoder, input.prospect)), ...request },
      include: leadInclude,
    }),
  );
}
