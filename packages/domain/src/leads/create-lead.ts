import type { TenantTransaction } from "@fieldops/db";
import type { CreateLeadInput, Lead } from "@fieldops/shared/leads";
import { notFound } from "../errors.ts";
import { leadInclude, prospectData, toLead } from "./lead-record.ts";

/** A new lead: an existing customer's request (their name and contacts copied for the list), or a prospect's. */
export async function createLead(tx: TenantTransaction, input: CreateLeadInput & { companyId: string }): Promise<Lead> {
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
      },
    });
    if (!customer) throw notFound("Customer not found");
    const { id, ...details } = customer;
    return toLead(
      await tx.lead.create({
        data: { companyId: input.companyId, customerId: id, ...details, ...request },
        include: leadInclude,
      }),
    );
  }
  return toLead(
    await tx.lead.create({
      data: { companyId: input.companyId, ...prospectData(input.prospect), ...request },
      include: leadInclude,
    }),
  );
}
